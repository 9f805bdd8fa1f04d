import { type RazorpayDouble, startRazorpayDouble } from "../support/razorpay-double";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { buyStarterFollowers, expectPaymentReceived, putSettings, withDb } from "./buying-support";
import { expect, test } from "./fixtures";

/**
 * A buyer on a phone picks "Pay with Razorpay" beside the UPI QR. Nothing
 * leaves the machine: the shop talks to a local Razorpay double, and
 * Checkout.js is replaced by a stub that opens nothing, has the double
 * capture the payment and calls the page's handler, as Razorpay's would. No
 * webhook is sent: the handler only makes the shop ask Razorpay, and that
 * answer confirms the order.
 */
const CHECKOUT_JS = "https://checkout.razorpay.com/v1/checkout.js";
const STUB = `
window.Razorpay = function (options) { this.options = options; };
window.Razorpay.prototype.on = function () {};
window.Razorpay.prototype.open = function () {
  var options = this.options;
  window.__razorpayDoubleCapture(options.order_id, options.amount).then(function (response) { options.handler(response); });
};`;

let shop: TestShop;
let double: RazorpayDouble;

test.beforeAll(async ({}, info) => {
  if (info.project.name !== "mobile") return;
  double = await startRazorpayDouble();
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: false,
    env: { RAZORPAY_API_BASE: double.url },
  });
  putSettings(shop.dbFile!, {
    PAYMENTS_RAZORPAY_ENABLED: "true",
    PAYMENTS_RAZORPAY_KEY_ID: double.keys.keyId,
    PAYMENTS_RAZORPAY_KEY_SECRET: double.keys.keySecret,
    PAYMENTS_RAZORPAY_WEBHOOK_SECRET: double.keys.webhookSecret,
  });
});
test.afterAll(async () => {
  await shop?.stop();
  await double?.stop();
});
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "mobile", "the money path is walked on a phone-sized screen");
});

test("Pay with Razorpay: the stubbed checkout completes and the page shows Payment received without a UTR", async ({
  page,
}) => {
  const scriptLoads: string[] = [];
  await page.route(CHECKOUT_JS, (route) => {
    scriptLoads.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "application/javascript", body: STUB });
  });
  await page.exposeFunction("__razorpayDoubleCapture", (orderId: string, amount: number) => {
    expect(double.orders.get(orderId)?.amount).toBe(amount);
    return double.handlerResponse(double.capture(orderId));
  });

  const orderId = await buyStarterFollowers(page, shop.url, "rzp_paid_test");

  // The UPI QR is still the default (buyStarterFollowers waits for it); Razorpay is offered beside it, and its
  // script is not fetched yet.
  const pay = page.getByRole("button", { name: "Pay with Razorpay" });
  await expect(pay).toBeVisible();
  expect(scriptLoads).toHaveLength(0);

  await pay.click();
  await expectPaymentReceived(page);
  expect(scriptLoads).toHaveLength(1);

  const row = withDb(shop.dbFile!, (db) =>
    db.prepare("select paid_by, price_paise, utr from orders where order_id = ?").get(orderId),
  ) as { paid_by: string; price_paise: number; utr: string | null };
  expect(row.paid_by).toBe("gateway:razorpay");
  const made = [...double.orders.values()].filter((o) => o.receipt === orderId);
  expect(made.map((o) => o.amount)).toEqual([row.price_paise]);
});
