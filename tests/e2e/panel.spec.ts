import { devices } from "@playwright/test";
import { DEMO_PANEL_KEY } from "../../app/domain/panel/simulator/panel";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { orderCheapestPlan } from "./buying-support";
import { expect, test } from "./fixtures";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";

// A shop of our own with the panel simulator; its jobs (the status sync) run when the test asks.
test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
const PHONE = "9876543210";
let shop: TestShop;
let simulatorUrl: string;

test.beforeAll(async ({}, info) => {
  test.skip(
    info.project.name !== "desktop",
    "one run is enough: the buyer walks on a phone-sized context of their own",
  );
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: OWNER,
    signIn: false,
    simulator: true,
  });
  simulatorUrl = shop.simulatorUrl!;
});

test.afterAll(async () => {
  await shop?.stop();
});

/** Asks the simulator itself, as the shop would, about one of its orders. */
async function simulatorStatus(panelOrderId: string) {
  const res = await fetch(`${simulatorUrl}/api/v2`, {
    method: "POST",
    body: new URLSearchParams({ key: DEMO_PANEL_KEY, action: "status", order: panelOrderId }),
  });
  return (await res.json()) as { status: string; start_count: string; remains: string };
}

test("a buyer's order confirmed by the admin goes to the panel by itself: checkout and tracking show the panel's progress", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const phone = await browser.newContext({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 } });
  const buyer = await phone.newPage();
  const buyerErrors: string[] = [];
  buyer.on("pageerror", (e) => buyerErrors.push(e.message));

  // The buyer orders followers and waits on the checkout screen.
  await buyer.goto(`${shop.url}/followers`);
  await buyer.getByLabel("Instagram username").fill("priya.sharma");
  await buyer.getByRole("button", { name: "Show packages" }).click();
  const orderId = await orderCheapestPlan(buyer, /Starter Followers/);
  await expect(buyer.getByTestId("upi-qr")).toBeVisible();

  // The admin sees the money in the bank app and confirms it; the shop sends the order to the panel itself.
  await page.goto(`${shop.url}/admin/orders/${orderId}`);
  await submitSignIn(page, OWNER);
  await expect(page.getByRole("heading", { name: `Order ${orderId}` })).toBeVisible();
  const actions = page.getByRole("region", { name: "Actions" });
  await expect(actions).toContainText("No UPI reference from the buyer");
  await actions.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Payment confirmed")).toBeVisible();
  // The page follows the order by itself (no reload): the panel's order id appears.
  const panelRow = page.locator("dt", { hasText: "Panel Order ID" }).locator("+ dd");
  await expect(panelRow).toHaveText(/^\d+$/, { timeout: 15_000 });
  const panelOrderId = (await panelRow.innerText()).trim();
  await expect(page.getByRole("region", { name: "Order Information" }).getByText("Sent to panel")).toBeVisible();
  await expect(actions.getByRole("button", { name: "Confirm payment" })).toHaveCount(0);

  // The buyer's checkout notices on its next status poll.
  await expect(buyer.getByTestId("order-stage")).toHaveText("Delivery in progress", { timeout: 15_000 });

  // The panel delivers (its clock moved past the run), and the status sync, asking now, picks that up.
  const advanced = await fetch(`${simulatorUrl}/simulator/advance`, {
    method: "POST",
    body: new URLSearchParams({ ms: "600000" }),
  });
  expect(advanced.ok).toBe(true);
  const panel = await simulatorStatus(panelOrderId);
  expect(panel.status).toBe("Completed");
  const startCount = Number(panel.start_count);
  const remains = Number(panel.remains);
  expect(startCount).toBeGreaterThan(0);
  await shop.syncPanelNow();

  await buyer.goto(`${shop.url}/track?order=${orderId}`);
  const format = (n: number) => new Intl.NumberFormat("en-IN").format(n);
  await buyer.getByLabel("Phone number used for the order").fill(PHONE);
  await buyer.getByRole("button", { name: "Track order" }).click();
  const details = buyer.getByRole("region", { name: `Order ${orderId}` });
  await expect(details.getByTestId("order-stage")).toHaveText("Delivered");
  await expect(details.locator("dt", { hasText: "Start count" }).locator("+ dd")).toHaveText(format(startCount));
  const delivered = details.locator("dt", { hasText: "Delivered so far" }).locator("+ dd");
  await expect(delivered).toHaveText(/^[\d,]+ of [\d,]+$/);
  const [got, of] = (await delivered.innerText()).split(" of ").map((t) => Number(t.replace(/,/g, "")));
  expect(of! - got!).toBe(remains);
  await expect(details.locator("dt", { hasText: "Quantity" }).locator("+ dd")).toHaveText(format(of!));

  // The admin sees the same numbers from the panel.
  await page.reload();
  await expect(page.locator("dt", { hasText: "Start Count" }).locator("+ dd")).toHaveText(format(startCount));
  await expect(page.locator("dt", { hasText: "Remaining" }).locator("+ dd")).toHaveText(format(remains));
  await expect(page.locator("dt", { hasText: "Panel Status" }).locator("+ dd")).toHaveText(/completed/i);

  expect(buyerErrors).toEqual([]);
  await phone.close();
});
