import { type Browser, type Page, devices } from "@playwright/test";
import { DELIVERY_REFRESH_POLLS, POLL_MS } from "~/components/buying/checkout-state";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { orderCheapestPlan, withDb } from "./buying-support";
import { expect, test, watchForErrors } from "./fixtures";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";

/**
 * The order lifecycle as a buyer and the operator live it, side by side: a
 * shop of its own with the demo panel simulator. The buyer is on a phone
 * (390×844); the operator signs in in a browser of their own and never
 * reloads. Nothing waits for time to pass: the shop's jobs run when the test
 * asks (`runJobs`), a payment window is closed by moving its deadline in the
 * database, the panel's clock is moved by the simulator, and its status checks
 * are made due now (`syncPanelNow`).
 */
test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
/** The admin pages ask the server for news this often (app/components/admin/use-admin-pulse.ts). */
const PULSE_MS = 4_000;
let shop: TestShop;

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "mobile", "the buyer walks on a phone-sized screen; once is enough");
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: OWNER,
    signIn: false,
    simulator: true,
  });
});

test.afterAll(async () => {
  await shop?.stop();
});

const status = (orderId: string) =>
  withDb(
    shop.dbFile!,
    (db) => (db.prepare("select status from orders where order_id = ?").get(orderId) as { status: string }).status,
  );

/** The order's payment window ran out a moment ago (as if its minutes had passed), and the server's jobs take their turn. */
async function windowRunsOut(orderId: string) {
  withDb(shop.dbFile!, (db) =>
    db.prepare("update orders set payment_deadline_at = ? where order_id = ?").run(Date.now() - 1_000, orderId),
  );
  await shop.runJobs();
}

/** What the buyer paid: the listed price less the few paise that made the amount unique, as the shop shows it. */
const paidText = (orderId: string) => {
  const paise = withDb(
    shop.dbFile!,
    (db) =>
      (db.prepare("select price_paise from orders where order_id = ?").get(orderId) as { price_paise: number })
        .price_paise,
  );
  const rupees = (p: number) =>
    p % 100 === 0 ? `₹${p / 100}` : `₹${Math.floor(p / 100)}.${String(p % 100).padStart(2, "0")}`;
  // The panel refused it, not the buyer: all of it comes back (refund policy).
  return { paid: rupees(paise), refund: rupees(paise) };
};

/**
 * Moves the simulated panel's clock forward (its orders progress as if that much time had passed), and
 * the shop's status sync asks it about them now.
 */
async function advancePanel(ms: number) {
  await shop.advancePanel(ms);
  await shop.syncPanelNow();
}

/** The buyer picks the cheapest followers package (100 for ₹49) and lands on the checkout. */
async function buyFollowers(page: Page, username: string): Promise<string> {
  await page.goto(`${shop.url}/followers`);
  await page.getByLabel("Instagram username").fill(username);
  await page.getByRole("button", { name: "Show packages" }).click();
  const orderId = await orderCheapestPlan(page, /Starter Followers/);
  await expect(page.getByTestId("upi-qr")).toBeVisible();
  return orderId;
}

/**
 * Every stage the checkout shows, in order, including ones on screen for a
 * moment only: read from the page as it changes, not by polling from here.
 */
async function recordStages(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeBinding("__recordStage", (_source, stage: string) => {
    if (seen.at(-1) !== stage) seen.push(stage);
  });
  await page.addInitScript(() => {
    const report = () => {
      const stage = document.querySelector('[data-testid="order-stage"]')?.getAttribute("data-stage");
      if (stage) (window as unknown as { __recordStage(stage: string): void }).__recordStage(stage);
    };
    new MutationObserver(report).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-stage"],
    });
  });
  return seen;
}

/** The operator, signed in on a device of their own. */
async function operator(browser: Browser, path: string, errors: string[], size: "phone" | "laptop") {
  const context = await browser.newContext(
    size === "phone"
      ? { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } }
      : { viewport: { width: 1280, height: 800 } },
  );
  // The operator's page, never reloaded, learns of the buyer's steps at its next pulse: the test brings that
  // pulse on (`admin.clock.runFor(PULSE_MS)`) instead of waiting up to four seconds for it.
  await context.clock.install();
  const admin = await context.newPage();
  watchForErrors(admin, errors);
  await admin.goto(`${shop.url}${path}`);
  await submitSignIn(admin, OWNER);
  await expect(admin.getByText("Login successful")).toBeVisible();
  return { admin, close: () => context.close() };
}

async function track(page: Page, orderId: string, phone: string) {
  await page.goto(`${shop.url}/track?order=${orderId}`);
  await page.getByLabel("Phone number used for the order").fill(phone);
  await page.getByRole("button", { name: "Track order" }).click();
  return page.getByRole("region", { name: `Order ${orderId}` });
}

test("a late payer: UTR after the window, the operator confirms on a live page, the panel delivers, checkout and /track follow", async ({
  page,
  browser,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  // The buyer's browser runs on a clock the test can move: the open checkout's slow refresh while the panel
  // delivers comes when the test says, not after 20 s.
  await page.clock.install();
  const stages = await recordStages(page);
  const orderId = await buyFollowers(page, "late.payer");
  const stage = page.getByTestId("order-stage");

  // The window closes (the server's job marks it, and the checkout's next poll shows it), but whoever paid can
  // still say so.
  await windowRunsOut(orderId);
  expect(status(orderId)).toBe("expired");
  await page.clock.runFor(POLL_MS);
  await expect(stage).toHaveText("Payment time expired");
  const lateUtr = page.getByLabel("Already paid? Enter your UTR (the 12-digit UPI reference)");
  await expect(lateUtr).toBeVisible();
  await expect(page.getByRole("link", { name: "Start a new order" })).toBeVisible();

  // The operator has the orders list open; nothing waits for them yet.
  const { admin, close } = await operator(browser, "/admin/orders?range=all", pageErrors, "laptop");
  const badge = admin.getByTestId("nav-badge-orders");
  await expect(admin.getByRole("row").filter({ hasText: orderId })).toContainText("Expired (unpaid)");
  await expect(badge).toHaveCount(0);

  // The buyer paid at the last second and gives the UTR late.
  await lateUtr.fill("512345678901");
  await page.getByRole("button", { name: "I have paid" }).click();
  await expect(stage).toHaveText("Payment received, being confirmed");
  await expect(page.getByText(/expired/i)).toHaveCount(0);

  // Without a reload, the operator's page shows a payment to confirm: sidebar badge, title, row.
  await admin.clock.runFor(PULSE_MS);
  await expect(badge).toContainText("1", { timeout: 10_000 });
  await expect(badge).toHaveText("1 payment to confirm");
  await expect(admin).toHaveTitle(/^\(1\) Orders/);
  const row = admin.getByRole("row").filter({ hasText: orderId });
  await expect(row).toContainText("Payment to confirm");
  await expect(row).toContainText("UTR 512345678901");
  // On a laptop the whole row, actions included, is in view: the table does not scroll sideways.
  const table = admin.getByRole("table");
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
  await expect(row.getByRole("button", { name: "Confirm payment" })).toBeInViewport({ ratio: 1 });

  // One tap on the order's page; the shop hands the order to the panel by itself.
  await row.getByRole("link", { name: orderId }).click();
  const actions = admin.getByRole("region", { name: "Actions" });
  await expect(actions).toContainText("512345678901");
  await actions.getByRole("button", { name: "Confirm payment" }).click();
  await expect(admin.getByRole("region", { name: /Notifications/ }).getByText("Payment confirmed")).toBeVisible();
  await admin.clock.runFor(PULSE_MS);
  const info = admin.getByRole("region", { name: "Order Information" });
  await expect(info.getByText("Sent to panel")).toBeVisible({ timeout: 15_000 });
  await expect(admin.locator("dt", { hasText: "Panel Order ID" }).locator("+ dd")).toHaveText(/^\d+$/);
  await expect(badge).toHaveCount(0);
  await expect(admin).toHaveTitle(/^Order /);

  // The buyer's checkout, still open, follows.
  await page.clock.runFor(POLL_MS);
  await expect(stage).toHaveText("Delivery in progress", { timeout: 15_000 });

  // The panel starts and gets going (20 s pending, then 90 s to deliver everything; its clock also runs on
  // its own, so the steps stay small enough to keep the order under way until the last one).
  await advancePanel(20_000 + 10_000);
  const count = page.getByTestId("delivered-count");
  await expect(count).toHaveText(/^\d+ of 100$/);
  const delivered = Number(/^(\d+)/.exec(await count.innerText())![1]);
  expect(delivered).toBeGreaterThan(0);
  expect(delivered).toBeLessThan(100);
  await expect(page.getByRole("progressbar", { name: "Delivered so far" })).toHaveAttribute("max", "100");
  // While the panel delivers, the open checkout's count keeps up (the status itself stays the same): it
  // reloads the order every few polls.
  await advancePanel(10_000);
  await page.clock.runFor(DELIVERY_REFRESH_POLLS * POLL_MS);
  await expect.poll(async () => Number(/^(\d+)/.exec(await count.innerText())![1])).toBeGreaterThan(delivered);
  await admin.clock.runFor(PULSE_MS);
  await expect(info.getByText("Delivering")).toBeVisible({ timeout: 10_000 });

  // /track, the phone typed with a leading 0 and a space, tells the same story.
  const tab = await page.context().newPage();
  watchForErrors(tab, pageErrors);
  let tracked = await track(tab, orderId, "098765 43210");
  await expect(tracked.getByTestId("order-stage")).toHaveText("Delivery in progress");
  await expect(tracked.getByTestId("delivered-count")).toHaveText(/^\d+ of 100$/);

  // Everything arrives.
  await advancePanel(120_000);
  await page.clock.runFor(POLL_MS);
  await expect(stage).toHaveText("Delivered");
  await expect(page.getByText("All 100 have been delivered.")).toBeVisible();
  tracked = await track(tab, orderId, "+91 98765 43210");
  await expect(tracked.getByTestId("order-stage")).toHaveText("Delivered");
  await expect(tracked.locator("dt", { hasText: "Delivered so far" }).locator("+ dd")).toHaveText("100 of 100");
  await admin.clock.runFor(PULSE_MS);
  await expect(info.getByText("Delivered")).toBeVisible({ timeout: 10_000 });

  // Never "expired" once the buyer had given a UTR; each step in its order ("paid – sending" may be too quick to see).
  expect(stages[0]).toBe("expired");
  expect(stages.slice(1).filter((s) => s !== "preparing")).toEqual(["confirming", "delivering", "delivered"]);
  await close();
});

test("sending an unpaid order from its page asks first, and Go back sends nothing", async ({ page, request }) => {
  const plans = (await (await request.get(`${shop.url}/api/plans?serviceType=followers`)).json()) as {
    plans: Array<{ _id: string }>;
  };
  const created = await request.post(`${shop.url}/api/create-order`, {
    data: {
      planId: Number(plans.plans[0]!._id),
      username: "unpaid.send",
      customerName: "Ravi",
      customerPhone: "9123456789",
      agreedToTerms: true,
    },
  });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as { order: { orderId: string } };

  // The operator on their phone.
  await page.goto(`${shop.url}/admin/orders/${order.orderId}`);
  await submitSignIn(page, OWNER);
  const actions = page.getByRole("region", { name: "Actions" });
  await expect(actions).toContainText("No UPI reference from the buyer");

  const ask = actions.getByRole("button", { name: "Send without confirmed payment…" });
  await ask.click();
  const dialog = page.getByRole("alertdialog", { name: "Send without a confirmed payment?" });
  await expect(dialog).toContainText("Nobody has confirmed a payment for this order.");
  await expect(dialog).toContainText("Send it only if you have seen the money some other way.");
  await dialog.getByRole("button", { name: "Go back" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(ask).toBeFocused();
  expect(["awaiting_payment", "expired"]).toContain(status(order.orderId));

  await ask.click();
  await dialog.getByRole("button", { name: "Send anyway" }).click();
  await expect(
    page.getByRole("region", { name: /Notifications/ }).getByText("Order sent to the SMM panel"),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Order Information" }).getByText("Sent to panel")).toBeVisible();
  await expect(page.getByRole("region", { name: "History" })).toContainText(
    `Sending to panel without a confirmed payment by ${OWNER.username}`,
  );
  expect(status(order.orderId)).toBe("sent");
});

test("the panel refuses a paid order: it waits for the operator, who refunds it; the buyer is told each step", async ({
  page,
  browser,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const { admin, close } = await operator(browser, "/admin/panels", pageErrors, "phone");
  // The operator mistypes the followers service id of the shop's panel: it will refuse every followers order.
  await admin.getByRole("link", { name: "Edit" }).first().click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Followers service ID").fill("999");
  await dialog.getByRole("button", { name: "Save panel" }).click();
  await expect(admin.getByText(/^Panel .+ saved$/)).toBeVisible();
  await admin.goto(`${shop.url}/admin/orders?range=all`);

  // The buyer's checkout polls on the test's clock too: each step shows at the poll the test brings on.
  await page.clock.install();
  const stages = await recordStages(page);
  const orderId = await buyFollowers(page, "refused.order");
  // This buyer, too, gives the UTR just after the window.
  const stage = page.getByTestId("order-stage");
  await windowRunsOut(orderId);
  await page.clock.runFor(POLL_MS);
  await expect(stage).toHaveText("Payment time expired");
  await page.getByLabel(/Already paid\? Enter your UTR/).fill("612345678901");
  await page.getByRole("button", { name: "I have paid" }).click();
  await expect(stage).toHaveText("Payment received, being confirmed");

  // The operator's list, never reloaded, shows the claim; confirming it from the row sends the order.
  const row = admin.getByRole("row").filter({ hasText: orderId });
  await admin.clock.runFor(PULSE_MS);
  await expect(row).toContainText("Payment to confirm", { timeout: 10_000 });
  // On a phone the sidebar is folded away: its menu button carries the count.
  await expect(admin.getByRole("button", { name: "Open menu, 1 payment to confirm" })).toBeVisible();
  await expect(admin.getByTestId("menu-badge")).toHaveText("1");
  await row.getByRole("button", { name: "Confirm payment" }).click();
  await expect(admin.getByRole("region", { name: /Notifications/ }).getByText("Payment confirmed")).toBeVisible();
  // Refused outright: nothing is refunded by itself; the order waits for the operator's decision.
  await admin.clock.runFor(PULSE_MS);
  await page.clock.runFor(POLL_MS);
  await expect(row).toContainText("Failed", { timeout: 15_000 });
  await expect(stage).toHaveText("We are checking your order", { timeout: 15_000 });
  await expect(page.getByText("Your payment is safe.")).toBeVisible();

  // The operator reads why and decides to refund it.
  await row.getByRole("link", { name: orderId }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Incorrect service ID" })).toBeVisible();
  const decide = admin.getByRole("region", { name: "Actions" });
  await expect(decide).toContainText("The panel refused this order, so nothing was placed.");
  await decide.getByRole("button", { name: "Cancel order…" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Cancel order" }).click();
  await expect(
    admin.getByRole("region", { name: /Notifications/ }).getByText("Order stopped; the refund is due to the buyer"),
  ).toBeVisible();

  // About ₹49 paid, nothing delivered, the panel refused it: all of it back, no fee.
  const money = paidText(orderId);
  await page.clock.runFor(POLL_MS);
  await expect(stage).toHaveText("Not delivered", { timeout: 15_000 });
  await expect(page.getByTestId("refund-due")).toHaveText(money.refund);
  await expect(page.getByText(`the ${money.paid} you paid, in full`)).toBeVisible();
  await expect(page.getByText(/processing fee/)).toHaveCount(0);
  await expect(page.getByText("goes back to the UPI account you paid from within 5–7 business days")).toBeVisible();
  await expect(page.getByText(/expired/i)).toHaveCount(0);

  // The dashboard says what is owed; the order's page says why and takes the refund's reference.
  await admin.goto(`${shop.url}/admin/dashboard`);
  await expect(admin.getByTestId("refunds-due")).toContainText(`1 refund due: ${money.refund} owed to buyers`);
  await admin.getByTestId("refunds-due").click();
  await admin.getByRole("row").filter({ hasText: orderId }).getByRole("link", { name: orderId }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Incorrect service ID" })).toBeVisible();
  const actions = admin.getByRole("region", { name: "Actions" });
  await expect(actions).toContainText(`Refund due: ${money.refund}`);
  // The refund form fits the phone: nothing sideways.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const reference = actions.getByLabel("Refund UPI reference (12 digits)");
  const markRefunded = actions.getByRole("button", { name: "Mark refunded" });
  // Too short: said under the field, nothing recorded (issue 45, point 3).
  await reference.fill("7123 4567");
  await markRefunded.click();
  await expect(actions.getByText(/fewer than 12 digits/)).toBeVisible();
  await expect(actions).toContainText(`Refund due: ${money.refund}`);
  // Pasted as the UPI app shows it, with spaces: every digit kept, and it is taken.
  await reference.fill("7123 4567 8901");
  await expect(reference).toHaveValue("712345678901");
  await expect(actions.getByText(/fewer than 12 digits/)).toHaveCount(0);
  await markRefunded.click();
  await expect(admin.getByRole("region", { name: /Notifications/ }).getByText("Refund recorded")).toBeVisible();
  await expect(admin.getByRole("region", { name: "Order Information" }).getByText("Refunded")).toBeVisible();
  await close();

  // The buyer's page, still open, says so.
  await page.clock.runFor(POLL_MS);
  await expect(stage).toHaveText("Refunded", { timeout: 15_000 });
  await expect(page.getByTestId("refund-due")).toHaveText(money.refund);
  const tab = await page.context().newPage();
  watchForErrors(tab, pageErrors);
  const tracked = await track(tab, orderId, "9876543210");
  await expect(tracked.getByTestId("order-stage")).toHaveText("Refunded");

  expect(stages.filter((s) => s !== "preparing")).toEqual([
    "expired",
    "confirming",
    "on_hold",
    "not_delivered",
    "refunded",
  ]);
});
