import type { Page } from "@playwright/test";
import { expectAccessible } from "./a11y-support";
import { expect, shot, test } from "./fixtures";
import { type SimulatedShop, startSimulatedShop, trackOrder } from "./self-service-support";
import { TEST_ADMIN } from "../support/test-accounts";

/**
 * Buyer self-service on a phone (390×844): a refill on /track followed to
 * completion, a drip-feed order's parts, a pending order cancelled into a
 * refund; the operator sees the refill and the cancel in the order's history.
 * A shop of its own with the demo panel simulator (its catalogue has refill
 * and drip-feed plans) and a fast status sync.
 */
test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
const PHONE = "9123456789";
let shop: SimulatedShop;

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "mobile", "the buyer walks on a phone-sized screen; once is enough");
  shop = await startSimulatedShop({ name: "self-service", owner: OWNER, phone: PHONE });
});

test.afterAll(async () => {
  await shop?.stop();
});

const track = (page: Page, orderId: string) => trackOrder(page, shop.url, orderId, PHONE);

/** The operator's view of the order's history on its details page. */
async function historyOf(page: Page, orderId: string) {
  const admin = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  await admin.addCookies([
    { name: shop.cookie.split("=")[0]!, value: shop.cookie.split("=").slice(1).join("="), url: shop.url },
  ]);
  const tab = await admin.newPage();
  await tab.goto(`${shop.url}/admin/orders/${orderId}`);
  const history = tab.getByRole("region", { name: "History" });
  return { tab, history, close: () => admin.close() };
}

test("a buyer requests a refill on /track and sees it pending, in progress, then completed", async ({ page }) => {
  test.setTimeout(120_000);
  const orderId = await shop.paidOrder("followers", "Popular Followers", "refill.me");
  // The panel delivers everything (20 s pending, 90 s running).
  await shop.advancePanel(115_000);
  await shop.syncPanel();
  expect(shop.orderRow(orderId).status).toBe("delivered");

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
  await shop.advancePanel(21_000);
  await shop.syncPanel();
  region = await track(page, orderId);
  await expect(region.getByTestId("refill-progress")).toContainText("Refill in progress");
  await shop.advancePanel(91_000);
  await shop.syncPanel();
  region = await track(page, orderId);
  await expect(region.getByTestId("refill-progress")).toContainText("Refill completed");
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
  const orderId = await shop.paidOrder("likes", "Viral Likes", "https://www.instagram.com/p/DripFeed1/");
  // The first part arrives when the panel starts it.
  await shop.advancePanel(21_000);
  await shop.syncPanel();
  expect(shop.orderRow(orderId).status).toBe("delivering");
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
  const orderId = await shop.paidOrder("followers", "Basic Followers", "cancel.me");
  // The jobs take their turn (the panel's services list among them: Cancel is offered only for a service the
  // panel says it can cancel); the panel still reports the order Pending.
  await shop.syncPanel();
  expect(shop.orderRow(orderId)).toMatchObject({ status: "sent", panel_status: "pending" });
  const region = await track(page, orderId);
  await expect(region.getByTestId("order-stage")).toHaveText("Delivery in progress");
  // Before cancelling, the buyer reads what comes back: the price less the 5% fee their own cancellation pays.
  await expect(region.getByText(/You would get ₹[\d.]+ back: the price less our 5% cancellation fee/)).toBeVisible();
  await shot(page, "track-cancel-offered");
  // A double tap on Cancel order asks, and cancels nothing (issue 45, point 4): the dialog says what comes back.
  await region.getByRole("button", { name: "Cancel order" }).dblclick();
  const dialog = page.getByRole("alertdialog", { name: "Cancel this order?" });
  await expect(dialog.getByTestId("cancel-refund")).toHaveText(
    /^Delivery will not start\. You get ₹[\d.,]+ back: the ₹[\d.,]+ you paid less our 5% cancellation fee \(₹[\d.,]+\)/,
  );
  await dialog.getByRole("button", { name: "Keep my order" }).click();
  await expect(dialog).toBeHidden();
  // Kept: still with the panel (its sync may move it from sent to delivering meanwhile), nothing refunded.
  expect(shop.orderRow(orderId)).toMatchObject({
    status: expect.stringMatching(/^(sent|delivering)$/),
    refund_due_paise: null,
  });
  await region.getByRole("button", { name: "Cancel order" }).click();
  await shot(page, "track-cancel-confirm");
  await expectAccessible(page, "/track, asked before cancelling", { within: '[role="alertdialog"]' });
  await dialog.getByRole("button", { name: "Yes, cancel order" }).click();

  await expect(page.getByText("Order cancelled. Your refund is due.")).toBeVisible();
  const after = page.getByRole("region", { name: `Order ${orderId}` });
  // The buyer's own cancellation reads as theirs, not as an order we could not deliver.
  await expect(after.getByTestId("order-stage")).toHaveText("You cancelled this order");
  await expect(after.getByText("We could not deliver this order.")).toHaveCount(0);
  // The price paid (the listed ₹199 less the paise that made the amount unique) less the 5% fee.
  const { refund_due_paise: paise, price_paise: price } = shop.orderRow(orderId);
  if (paise === null) throw new Error("no refund recorded");
  expect(paise).toBe(price - Math.round((price * 5) / 100));
  const rupees = (p: number) => `₹${Math.floor(p / 100)}.${String(p % 100).padStart(2, "0")}`;
  await expect(after.getByTestId("refund-due")).toHaveText(rupees(paise));
  await expect(
    after.getByText(`the ${rupees(price)} you paid, less our cancellation fee (${rupees(price - paise)})`),
  ).toBeVisible();
  await expect(after.getByText("Our refund policy keeps this fee when you cancel an order yourself.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  expect(shop.orderRow(orderId)).toMatchObject({ status: "refund_due", panel_status: "cancelled" });
  await shot(page, "track-cancelled");
  await expectAccessible(page, "/track, cancelled with the refund due");

  const { history, close } = await historyOf(page, orderId);
  await expect(history).toContainText("Cancel asked of the panel");
  await expect(history).toContainText("Cancelled at the panel before delivery");
  await close();
});
