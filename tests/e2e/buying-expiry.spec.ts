import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { buyStarterFollowers, withDb } from "./buying-support";
import { expect, test, watchForErrors } from "./fixtures";
import { hydrated } from "./storefront-support";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";

/**
 * A shop whose payment window is 5 seconds (the test-only lower bound), on its
 * own database. Its jobs run when the test says (the job control): the
 * server's expiry job, not the browser, closes a window that ran out. Nothing
 * waits for the 5 seconds: the buyer's browser clock is moved by the test
 * (Playwright's clock), the server's by moving the order's deadline.
 */
const OWNER = TEST_ADMIN;
let shop: TestShop;

test.beforeAll(async ({}, info) => {
  // Skipped here, before the tests' pages are made (a skip in beforeEach comes after the page fixture opened one).
  test.skip(info.project.name !== "mobile", "the money path is walked on a phone-sized screen");
  shop = await startTestShop({ engine: sqliteDatabase, admin: OWNER, env: { PAYMENT_WINDOW_SECONDS: "5" } });
});
test.afterAll(async () => shop?.stop());

const status = (orderId: string) =>
  withDb(
    shop.dbFile!,
    (db) => (db.prepare("select status from orders where order_id = ?").get(orderId) as { status: string }).status,
  );

/** The order's payment window, moved back as if the 5 seconds had passed long ago. */
const closeWindow = (orderId: string) =>
  withDb(shop.dbFile!, (db) =>
    db.prepare("update orders set payment_deadline_at = ? where order_id = ?").run(Date.now() - 60_000, orderId),
  );

/** The next status poll of the open checkout, once it has been answered. */
const nextPoll = (page: import("@playwright/test").Page) =>
  page.waitForResponse((res) => res.url().includes("/api/order-status"));

const placeOrder = (page: import("@playwright/test").Page) => buyStarterFollowers(page, shop.url, "expiry_test");

test("when the payment window closes the server expires the order; the buyer can still give a UTR or start again", async ({
  page,
}) => {
  await page.clock.install();
  const orderId = await placeOrder(page);
  // The 5 seconds pass on the buyer's phone.
  await page.clock.fastForward(6_000);
  await expect(page.getByRole("heading", { name: "Payment time expired" })).toBeVisible();
  await expect(page.getByText("closed before we saw a payment")).toBeVisible();
  // A late payer is not turned away: the UTR field stays, beside a fresh start.
  await expect(page.getByLabel(/Already paid\? Enter your UTR/)).toBeVisible();
  // The browser's clock said so; the server's job makes it so, on the server's clock (its window over too).
  expect(status(orderId)).toBe("awaiting_payment");
  closeWindow(orderId);
  await shop.runJobs();
  expect(status(orderId)).toBe("expired");
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
  // The window closes (long ago, as far as the order knows) and the expiry job runs, twice;
  // the checkout's next poll after that still says the payment is being confirmed.
  closeWindow(orderId);
  await shop.runJobs();
  await shop.runJobs();
  expect(status(orderId)).toBe("payment_claimed");
  await nextPoll(page);
  await expect(stage).toHaveText("Payment received, being confirmed");
  await expect(page.getByText(/expired/i)).toHaveCount(0);
  expect(status(orderId)).toBe("payment_claimed");

  // The operator confirms the payment; the still-polling checkout says so. (No SMM panel is set up here.)
  const office = await browser.newContext();
  const admin = await office.newPage();
  watchForErrors(admin, pageErrors);
  await admin.goto(`${shop.url}/admin/orders/${orderId}`);
  await submitSignIn(admin, OWNER);
  // The order's page, hydrated: a click before React runs would be lost.
  await expect(admin.getByRole("region", { name: "Actions" })).toBeVisible();
  await hydrated(admin);
  await admin.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Confirm payment" }).click();
  await expect(admin.getByText("Payment confirmed").first()).toBeVisible();
  await office.close();
  await expect(stage).toHaveText("Payment received – sending your order for delivery", { timeout: 12_000 });
});
