import { sqliteDatabase } from "../support/databases";
import { phonepeNotification, postAppAlert } from "../support/app-notification";
import { gatewayBody, hdfcCreditSms, postSms, signedHeaders } from "../support/sms";
import { type TestShop, startTestShop } from "../support/test-shop";
import { giveAccountDigits, orderCheapestPlan, withDb } from "./buying-support";
import { expect, test } from "./fixtures";
import { hydrated } from "./storefront-support";
import { TEST_ADMIN } from "../support/test-accounts";

/**
 * Issue 44, points 4 and 5 in the browser: the operator sets up the payment-app notification source in
 * Settings (a secret shown once, PhonePe Business ticked), and the phone's signed notification for a
 * buyer's exact amount confirms the order while the buyer watches the checkout. Then a bank SMS from a
 * header the shop does not know waits under Payments, and one click reads that header as its bank's.
 */
let shop: TestShop;

test.beforeAll(async ({}, info) => {
  if (info.project.name !== "desktop") return;
  shop = await startTestShop({ engine: sqliteDatabase, signIn: false });
  giveAccountDigits(shop.dbFile!);
});
test.afterAll(async () => {
  await shop?.stop();
});
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "desktop", "the operator sets the phone up at a desk");
});

test("the operator sets up PhonePe Business notifications; the phone's notification confirms the buyer's order", async ({
  page,
  browser,
}) => {
  await page.goto(`${shop.url}/admin/settings`);
  await page.getByLabel("Username").fill("owner");
  await page.getByLabel("Password").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await hydrated(page);
  const card = page.getByRole("region", { name: "Payment app notifications" });
  await expect(card.getByTestId("app-secret-status")).toHaveText("Off: no secret yet.");
  await expect(card).toContainText("/api/payments/app-alert");

  await card.getByRole("button", { name: "Make a secret" }).click();
  const secret = (await card.getByTestId("app-secret").textContent())!.trim();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await expect(card.getByTestId("app-secret-status")).toContainText(`Secret ending …${secret.slice(-4)}`);
  await card.getByLabel(/PhonePe Business/).check();
  await card.getByRole("button", { name: "Save apps" }).click();
  await expect(page.getByText("Notifications read from PhonePe Business")).toBeVisible();
  // The phone's steps name this shop's address.
  await card.getByText("Set it up on your phone (Tasker)").click();
  await expect(card.getByText("X-Signature:%sig")).toBeVisible();

  // A buyer checks out in their own browser.
  const buyer = await browser.newPage();
  await buyer.goto(`${shop.url}/followers`);
  await buyer.getByLabel("Instagram username").fill("app_paid_test");
  await buyer.getByRole("button", { name: "Show packages" }).click();
  const orderId = await orderCheapestPlan(buyer, /Starter Followers/);
  await expect(buyer.getByTestId("upi-qr")).toBeVisible();
  const { price_paise: amount } = withDb(shop.dbFile!, (db) =>
    db.prepare("select price_paise from orders where order_id = ?").get(orderId),
  ) as { price_paise: number };

  // PhonePe Business announces the payment; the phone relays it, signed with the secret just made.
  const body = phonepeNotification(amount, "T2610070038436427054415");
  const res = await postAppAlert(shop.url, body, signedHeaders(secret, body));
  expect(await res.json()).toEqual({ success: true, outcome: "confirmed", orderId });
  await expect(buyer.getByTestId("order-stage")).toHaveText("Payment received – sending your order for delivery", {
    timeout: 12_000,
  });
  await buyer.close();

  await page.goto(`${shop.url}/admin/orders/${orderId}`);
  await expect(page.getByText(/by a bank alert \(app:PhonePe Business\)/).first()).toBeVisible();
});

test("a bank SMS from a header the shop does not know waits; one click reads that header as its bank's", async ({
  page,
}) => {
  const smsSecret = "7".repeat(64);
  withDb(shop.dbFile!, (db) =>
    db
      .prepare(
        "insert into settings (key, value, updated_at) values ('PAYMENTS_SMS_SECRET', ?, ?) " +
          "on conflict(key) do update set value = excluded.value",
      )
      .run(smsSecret, Date.now()),
  );
  const sms = gatewayBody(hdfcCreditSms(12_377, "514298765400"), "VM-HDFCSM-S");
  expect(await (await postSms(shop.url, sms, signedHeaders(smsSecret, sms))).json()).toMatchObject({
    outcome: "unmatched",
    reason: "untrusted_sender",
  });

  await page.goto(`${shop.url}/admin/payments`);
  if (page.url().includes("/admin/login")) {
    await page.getByLabel("Username").fill("owner");
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await hydrated(page);
  // An unknown sender's alert waits folded away with the other untrusted ones (security round 4, finding 3),
  // and the search finds it by the words of the alert.
  await page.getByRole("searchbox", { name: "Search unmatched payments" }).fill("514298765400");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=514298765400$/);
  await expect(page.getByRole("heading", { name: /Waiting: 0 matching/ })).toBeVisible();
  await page.getByText("From senders the shop does not trust (1)").click();
  const credit = page.getByTestId("unmatched-credit").filter({ hasText: "VM-HDFCSM-S" });
  await expect(credit).toContainText("did not come from that bank's sender id");
  await credit.getByRole("button", { name: "Read HDFCSM as HDFC Bank's sender" }).click();
  await expect(page.getByText(/SMS from HDFCSM are read as HDFC Bank's from now on/)).toBeVisible();

  await page.goto(`${shop.url}/admin/settings`);
  const headers = page.getByTestId("added-headers");
  await expect(headers).toContainText("HDFCSM → HDFC Bank");
  await expect(headers).toContainText("added by owner");
  await hydrated(page);
  await headers.getByRole("button", { name: "Remove HDFCSM" }).click();
  await expect(page.getByText("HDFCSM is no longer read as HDFC Bank's sender")).toBeVisible();
  await expect(page.getByTestId("added-headers")).toHaveCount(0);
});
