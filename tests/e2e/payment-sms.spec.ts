import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { gatewayBody, hdfcCreditSms, postSms, rupees, signedHeaders } from "../support/sms";
import { giveAccountDigits, withDb } from "./buying-support";
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
  withDb(shop.dbFile!, (db) =>
    db
      .prepare(
        "insert into settings (key, value, updated_at) values ('PAYMENTS_SMS_SECRET', ?, ?) " +
          "on conflict(key) do update set value = excluded.value",
      )
      .run(SECRET, Date.now()),
  );
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
  await page.goto(`${shop.url}/followers`);
  await page.getByLabel("Instagram username").fill("sms_paid_test");
  await page.getByRole("button", { name: "Show packages" }).click();
  await page.getByRole("button", { name: /Starter Followers/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Your name").fill("Asha");
  await dialog.getByLabel("Phone number").fill("9123456780");
  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  await expect(page.getByTestId("upi-qr")).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get("order")!;

  const { price_paise: amount, listed_price_paise: listed } = withDb(shop.dbFile!, (db) =>
    db.prepare("select price_paise, listed_price_paise from orders where order_id = ?").get(orderId),
  ) as { price_paise: number; listed_price_paise: number };
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

  const stage = page.getByTestId("order-stage");
  await expect(stage).toHaveText("Payment received – sending your order for delivery", { timeout: 12_000 });
  await expect(page.getByLabel(/12-digit UPI reference/)).toHaveCount(0);
});
