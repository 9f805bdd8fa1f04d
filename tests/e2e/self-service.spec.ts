import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type ServerProcess, spawnServer } from "../support/server-process";
import { expectAccessible } from "./a11y-support";
import { withDb } from "./buying-support";
import { expect, test } from "./fixtures";

/**
 * Buyer self-service on a phone (390×844): a refill on /track followed to
 * completion, a drip-feed order's parts, a pending order cancelled into a
 * refund; the operator sees the refill and the cancel in the order's history.
 * A shop of its own with the demo panel simulator (its catalogue has refill
 * and drip-feed plans) and a fast status sync.
 */
test.describe.configure({ mode: "serial" });

const OWNER = { username: "owner", password: "self-service-owner-1" };
const PHONE = "9123456789";
let shop: ServerProcess;
let dir: string;
let simulatorUrl: string;
let cookie = "";

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "mobile", "the buyer walks on a phone-sized screen; once is enough");
  dir = mkdtempSync(join(tmpdir(), "shop-self-service-"));
  shop = await spawnServer({
    DATABASE_URL: `file:${join(dir, "shop.db")}`,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    PANEL_SIMULATOR: "true",
    PANEL_SIMULATOR_PORT: "0",
    JOBS_ENABLED: "true",
    PAYMENT_JOB_INTERVAL_MS: "500",
    PANEL_SYNC_INTERVAL_MS: "500",
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
  });
  simulatorUrl = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(shop.output())![1]!;
  const login = await fetch(`${shop.url}/admin/login.data`, {
    method: "POST",
    body: new URLSearchParams(OWNER),
    headers: { origin: shop.url },
    redirect: "manual",
  });
  cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
});

test.afterAll(async () => {
  await shop?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const orderRow = (orderId: string) =>
  withDb(
    join(dir, "shop.db"),
    (db) =>
      db.prepare("select status, panel_status from orders where order_id = ?").get(orderId) as {
        status: string;
        panel_status: string | null;
      },
  );

/** Moves the simulated panel's clock forward: its orders and refills progress as if that much time had passed. */
async function advancePanel(ms: number) {
  const res = await fetch(`${simulatorUrl}/simulator/advance`, {
    method: "POST",
    body: new URLSearchParams({ ms: String(ms) }),
  });
  expect(res.ok).toBe(true);
}

/** A buyer's order for the named demo plan, its payment confirmed by the operator: the shop sends it to the panel. */
async function paidOrder(service: "followers" | "likes", planName: string, target: string): Promise<string> {
  const listed = (await (await fetch(`${shop.url}/api/plans?serviceType=${service}`)).json()) as {
    plans: Array<{ _id: string; name: string }>;
  };
  const plan = listed.plans.find((p) => p.name === planName)!;
  const created = await fetch(`${shop.url}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify({
      planId: Number(plan._id),
      ...(service === "followers" ? { username: target } : { username: "ravi.reels", postLink: target }),
      customerName: "Ravi Kumar",
      customerPhone: PHONE,
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { order } = (await created.json()) as { order: { orderId: string } };
  const confirmed = await fetch(`${shop.url}/api/admin/orders/${order.orderId}/confirm-payment`, {
    method: "POST",
    headers: { cookie, origin: shop.url },
  });
  expect(confirmed.status).toBe(200);
  await expect.poll(() => orderRow(order.orderId).status, { timeout: 15_000 }).toBe("sent");
  return order.orderId;
}

async function track(page: Page, orderId: string) {
  await page.goto(`${shop.url}/track?order=${orderId}`);
  await page.getByLabel("Phone number used for the order").fill(PHONE);
  await page.getByRole("button", { name: "Track order" }).click();
  const region = page.getByRole("region", { name: `Order ${orderId}` });
  await expect(region).toBeVisible();
  return region;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The operator's view of the order's history on its details page. */
async function historyOf(page: Page, orderId: string) {
  const admin = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  await admin.addCookies([{ name: cookie.split("=")[0]!, value: cookie.split("=").slice(1).join("="), url: shop.url }]);
  const tab = await admin.newPage();
  await tab.goto(`${shop.url}/admin/orders/${orderId}`);
  const history = tab.getByRole("region", { name: "History" });
  return { tab, history, close: () => admin.close() };
}

test("a buyer requests a refill on /track and sees it pending, in progress, then completed", async ({ page }) => {
  test.setTimeout(120_000);
  const orderId = await paidOrder("followers", "Popular Followers", "refill.me");
  // The panel delivers everything (20 s pending, 90 s running).
  await advancePanel(115_000);
  await expect.poll(() => orderRow(orderId).status, { timeout: 20_000 }).toBe("delivered");

  let region = await track(page, orderId);
  await expect(region.getByTestId("order-stage")).toHaveText("Delivered");
  await expect(region.getByText(/^Refill guarantee until /)).toBeVisible();
  const request = region.getByRole("button", { name: "Request refill" });
  await expect(request).toBeVisible();
  await shot(page, "track-refill-offered");
  await request.click();
  await expect(page.getByText("Refill requested. We will keep you posted here.")).toBeVisible();
  const progress = page.getByTestId("refill-progress");
  await expect(progress).toContainText("Refill requested, waiting to start");
  // Once a day: the button is gone.
  await expect(page.getByRole("button", { name: "Request refill" })).toHaveCount(0);
  await shot(page, "track-refill-pending");
  await expectAccessible(page, "/track, refill requested");

  // The status sync follows the refill at the panel.
  await advancePanel(21_000);
  await expect
    .poll(
      async () => {
        region = await track(page, orderId);
        return region.getByTestId("refill-progress").innerText();
      },
      { timeout: 20_000 },
    )
    .toContain("Refill in progress");
  await advancePanel(91_000);
  await expect
    .poll(
      async () => {
        region = await track(page, orderId);
        return region.getByTestId("refill-progress").innerText();
      },
      { timeout: 20_000 },
    )
    .toContain("Refill completed");
  await shot(page, "track-refill-completed");

  // The operator sees it in the order's history and its progress.
  const { tab, history, close } = await historyOf(page, orderId);
  await expect(history).toContainText("Refill requested");
  await expect(history).toContainText("Refill accepted by the panel");
  await expect(tab.getByTestId("admin-refill-progress")).toHaveText("Completed");
  await close();
});

test("a drip-feed order shows its parts delivered and the next one's time on /track", async ({ page }) => {
  test.setTimeout(60_000);
  const orderId = await paidOrder("likes", "Viral Likes", "https://www.instagram.com/p/DripFeed1/");
  // The first part arrives when the panel starts it.
  await advancePanel(21_000);
  await expect.poll(() => orderRow(orderId).status, { timeout: 20_000 }).toBe("delivering");
  const region = await track(page, orderId);
  await expect(region.getByText("Gradual delivery")).toBeVisible();
  await expect(region.getByText("Delivered gradually: 5 parts, one every hour")).toBeVisible();
  await expect(region.getByTestId("drip-runs")).toHaveText("1 of 5 parts delivered");
  await expect(region.getByText(/^Next part around .+ IST$/)).toBeVisible();
  await shot(page, "track-drip-feed");
  await expectAccessible(page, "/track, drip-feed under way");
});

test("a pending order is cancelled on /track and shows the refund due; the operator sees the cancel", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const orderId = await paidOrder("followers", "Basic Followers", "cancel.me");
  const region = await track(page, orderId);
  await expect(region.getByTestId("order-stage")).toHaveText("Delivery in progress");
  await shot(page, "track-cancel-offered");
  await region.getByRole("button", { name: "Cancel order" }).click();
  await expect(region.getByText("Cancel this order? Delivery will not start")).toBeVisible();
  await region.getByRole("button", { name: "Yes, cancel order" }).click();

  await expect(page.getByText("Order cancelled. Your refund is due.")).toBeVisible();
  const after = page.getByRole("region", { name: `Order ${orderId}` });
  await expect(after.getByTestId("order-stage")).toHaveText("Not delivered");
  // The price paid (the listed ₹199 less the paise that made the amount unique) less the 5% fee.
  const paise = withDb(
    join(dir, "shop.db"),
    (db) =>
      (
        db.prepare("select refund_due_paise from orders where order_id = ?").get(orderId) as {
          refund_due_paise: number;
        }
      ).refund_due_paise,
  );
  expect(paise).toBeGreaterThan(18_000);
  await expect(after.getByTestId("refund-due")).toHaveText(
    `₹${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`,
  );
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  expect(orderRow(orderId)).toEqual({ status: "refund_due", panel_status: "cancelled" });
  await shot(page, "track-cancelled");
  await expectAccessible(page, "/track, cancelled with the refund due");

  const { history, close } = await historyOf(page, orderId);
  await expect(history).toContainText("Cancel asked of the panel");
  await expect(history).toContainText("Cancelled at the panel before delivery");
  await close();
});
