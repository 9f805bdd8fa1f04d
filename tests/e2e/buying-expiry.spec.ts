import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServerProcess, spawnServer } from "../support/server-process";
import { withDb } from "./buying-support";
import { expect, test } from "./fixtures";

/**
 * A shop whose payment window is 5 seconds (the test-only lower bound), on its
 * own database, so the timer's end can be watched without waiting 5 minutes.
 */
let shop: ServerProcess;
let dir: string;

test.beforeAll(async ({}, info) => {
  if (info.project.name !== "mobile") return;
  dir = mkdtempSync(join(tmpdir(), "shop-expiry-"));
  shop = await spawnServer({ DATABASE_URL: `file:${join(dir, "shop.db")}`, PAYMENT_WINDOW_SECONDS: "5" });
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

test("when the payment window closes the order is cancelled and the buyer can try again", async ({ page }) => {
  const orderId = await placeOrder(page);
  await expect(page.getByRole("heading", { name: "Payment Time Expired" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("No worries! You can try again anytime.")).toBeVisible();
  expect(status(orderId)).toBe("cancelled");
  const help = page.getByRole("link", { name: "Get help on WhatsApp" });
  await expect(help).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\d+\\?text=.*followers.*${orderId}`));
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(`${shop.url}/`);
});

test("an order with a submitted UPI reference is not cancelled by the timer", async ({ page }) => {
  const orderId = await placeOrder(page);
  await page.getByLabel(/12-digit UPI reference/).fill("412345678901");
  await page.getByRole("button", { name: "I have paid" }).click();
  await expect(page.getByRole("heading", { name: "Payment reference received" })).toBeVisible();
  await expect(page.getByTestId("order-id")).toHaveText(orderId);
  await expect(page.getByRole("main").getByRole("link", { name: "Track your order" })).toBeVisible();
  // Well past the 5-second window.
  await page.waitForTimeout(7_000);
  await expect(page.getByRole("heading", { name: "Payment Time Expired" })).toHaveCount(0);
  expect(status(orderId)).toBe("pending");
  // The admin confirms the payment; the still-polling page turns to success.
  withDb(join(dir, "shop.db"), (db) =>
    db.prepare("update orders set status = 'completed' where order_id = ?").run(orderId),
  );
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible({ timeout: 12_000 });
});
