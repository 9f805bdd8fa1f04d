import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServerProcess, spawnServer } from "../support/server-process";
import { withDb } from "./buying-support";
import { expect, test, watchForErrors } from "./fixtures";
import { hydrated } from "./storefront-support";

/**
 * A shop whose payment window is 5 seconds (the test-only lower bound), on its
 * own database, with its jobs running often: the server's expiry job, not the
 * browser, closes a window that ran out.
 */
const OWNER = { username: "owner", password: "expiry-owner-pass-1" };
let shop: ServerProcess;
let dir: string;

test.beforeAll(async ({}, info) => {
  if (info.project.name !== "mobile") return;
  dir = mkdtempSync(join(tmpdir(), "shop-expiry-"));
  shop = await spawnServer({
    DATABASE_URL: `file:${join(dir, "shop.db")}`,
    PAYMENT_WINDOW_SECONDS: "5",
    JOBS_ENABLED: "true",
    PAYMENT_JOB_INTERVAL_MS: "500",
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
  });
});
test.afterAll(async () => {
  await shop?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "mobile", "the money path is walked on a phone-sized screen");
});

const status = (orderId: string) =>
  withDb(
    join(dir, "shop.db"),
    (db) => (db.prepare("select status from orders where order_id = ?").get(orderId) as { status: string }).status,
  );

async function placeOrder(page: import("@playwright/test").Page): Promise<string> {
  await page.goto(`${shop.url}/followers`);
  await page.getByLabel("Instagram username").fill("expiry_test");
  await page.getByRole("button", { name: "Show packages" }).click();
  await page.getByRole("button", { name: /Starter Followers/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Your name").fill("Asha");
  await dialog.getByLabel("Phone number").fill("9123456780");
  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  await expect(page.getByTestId("upi-qr")).toBeVisible();
  return new URL(page.url()).searchParams.get("order")!;
}

test("when the payment window closes the server expires the order; the buyer can still give a UTR or start again", async ({
  page,
}) => {
  const orderId = await placeOrder(page);
  await expect(page.getByRole("heading", { name: "Payment time expired" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("closed before we saw a payment")).toBeVisible();
  // A late payer is not turned away: the UTR field stays, beside a fresh start.
  await expect(page.getByLabel(/Already paid\? Enter your UTR/)).toBeVisible();
  await expect.poll(() => status(orderId)).toBe("expired");
  const help = page.getByRole("link", { name: "Get help on WhatsApp" });
  await expect(help).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\d+\\?text=.*followers.*${orderId}`));
  await page.getByRole("link", { name: "Start a new order" }).click();
  await expect(page).toHaveURL(`${shop.url}/`);
});

test("an order with a UTR given in the window never expires; the operator's confirmation reaches the open checkout", async ({
  page,
  browser,
  pageErrors,
}) => {
  const orderId = await placeOrder(page);
  await page.getByLabel(/12-digit UPI reference/).fill("412345678901");
  await page.getByRole("button", { name: "I have paid" }).click();
  const stage = page.getByTestId("order-stage");
  await expect(stage).toHaveText("Payment received, being confirmed");
  await expect(page.getByTestId("order-id")).toHaveText(orderId);
  await expect(page.getByRole("main").getByRole("link", { name: "Track your order" })).toBeVisible();
  // Well past the 5-second window and several runs of the expiry job.
  await page.waitForTimeout(7_000);
  await expect(stage).toHaveText("Payment received, being confirmed");
  await expect(page.getByText(/expired/i)).toHaveCount(0);
  expect(status(orderId)).toBe("payment_claimed");

  // The operator confirms the payment; the still-polling checkout says so. (No SMM panel is set up here.)
  const office = await browser.newContext();
  const admin = await office.newPage();
  watchForErrors(admin, pageErrors);
  await admin.goto(`${shop.url}/admin/orders/${orderId}`);
  await admin.getByLabel("Username").fill(OWNER.username);
  await admin.getByLabel("Password").fill(OWNER.password);
  await admin.getByRole("button", { name: "Sign In" }).click();
  // The order's page, hydrated: a click before React runs would be lost.
  await expect(admin.getByRole("region", { name: "Actions" })).toBeVisible();
  await hydrated(admin);
  await admin.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Confirm payment" }).click();
  await expect(admin.getByText("Payment confirmed").first()).toBeVisible();
  await office.close();
  await expect(stage).toHaveText("Payment received – sending your order for delivery", { timeout: 12_000 });
});
