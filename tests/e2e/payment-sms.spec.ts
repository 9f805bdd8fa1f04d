import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { gatewayBody, hdfcCreditSms, postSms, rupees, signedHeaders } from "../support/sms";
import {
  buyStarterFollowers,
  expectPaymentReceived,
  giveAccountDigits,
  orderAmounts,
  putSettings,
} from "./buying-support";
import { expect, test } from "./fixtures";

/**
 * A buyer on a phone pays the exact amount the checkout shows and never types
 * a UTR: the bank's SMS, relayed by the shop's phone and signed, confirms the
 * order, and the open checkout says so within seconds.
 */
const SECRET = "5".repeat(64);
let shop: TestShop;

test.beforeAll(async ({}, info) => {
  if (info.project.name !== "mobile") return;
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: false,
  });
  // The secret the operator made in Settings and typed into the forwarder on the shop's phone.
  putSettings(shop.dbFile!, { PAYMENTS_SMS_SECRET: SECRET });
  giveAccountDigits(shop.dbFile!);
});
test.afterAll(async () => {
  await shop?.stop();
});
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "mobile", "the money path is walked on a phone-sized screen");
});

test("the bank's SMS for the exact amount confirms the order; the checkout shows Payment received without a UTR", async ({
  page,
}) => {
  const orderId = await buyStarterFollowers(page, shop.url, "sms_paid_test");
  const { amount, listed } = orderAmounts(shop.dbFile!, orderId);
  // A few paise under the listed price (1-199), shown to the buyer and carried in the QR's am.
  expect(amount).toBeLessThan(listed);
  expect(amount).toBeGreaterThanOrEqual(listed - 199);
  await expect(page.getByTestId("amount")).toHaveText(`₹${rupees(amount)}`);
  await expect(page.getByRole("link", { name: "Open UPI app" })).toHaveAttribute(
    "href",
    new RegExp(`[?&]am=${rupees(amount).replace(".", "\\.")}&`),
  );

  const body = gatewayBody(hdfcCreditSms(amount, "514298765432"));
  const res = await postSms(shop.url, body, signedHeaders(SECRET, body));
  expect(await res.json()).toEqual({ success: true, outcome: "confirmed", orderId });

  await expectPaymentReceived(page);
});
