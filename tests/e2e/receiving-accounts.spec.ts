import type { BrowserContext } from "@playwright/test";
import { formatInr } from "~/lib/money";
import { en } from "~/locales/en";
import { hi } from "~/locales/hi";
import { sqliteDatabase } from "../support/databases";
import { orderByApi, planIdByName } from "../support/shop-orders";
import { gatewayBody, hdfcCreditSms, postSms, rupees, signedHeaders } from "../support/sms";
import { type TestShop, startTestShop } from "../support/test-shop";
import { orderCheapestPlan, withDb } from "./buying-support";
import { expect, test } from "./fixtures";
import { hydrated } from "./storefront-support";

/**
 * Issue 44 (points 1-3 and 7) and issue 45 (points 1 and 2) in Chromium on a phone (390×844): the
 * operator adds a personal UPI ID under Admin → Payments and pauses the business one; the buyer's
 * checkout then leads with the QR and the UPI ID, its app link carries no tr/mc, and the exact amount
 * is said beside the UPI ID with its own copy button (English and Hindi); an alert for another account
 * confirms nothing while the account's own one does; "Pay ₹1 to yourself" in Settings goes through
 * every stage; and a ₹777 payment assigned to a cheaper order asks first and records the surplus.
 */
const SECRET = "6".repeat(64);
const PERSONAL = "asha.sharma@okaxis";
let shop: TestShop;
let utrSeq = 0;
const nextUtr = () => String(800_000_000_000 + (Date.now() % 100_000_000) * 100 + (utrSeq++ % 100));

test.beforeAll(async ({}, info) => {
  if (info.project.name !== "mobile") return;
  shop = await startTestShop({ engine: sqliteDatabase });
  // The secret the operator made in Settings and typed into the SMS forwarder on the shop's phone.
  withDb(shop.dbFile!, (db) =>
    db
      .prepare(
        "insert into settings (key, value, updated_at) values ('PAYMENTS_SMS_SECRET', ?, ?) " +
          "on conflict(key) do update set value = excluded.value",
      )
      .run(SECRET, Date.now()),
  );
});
test.afterAll(async () => {
  await shop?.stop();
});
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "mobile", "the operator and the buyer on a phone-sized screen");
});

async function asOperator(context: BrowserContext) {
  const [name, value] = shop.cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: shop.url }]);
}
const sms = async (text: string) => {
  const body = gatewayBody(text);
  return (await (await postSms(shop.url, body, signedHeaders(SECRET, body))).json()) as {
    outcome: string;
    reason?: string;
  };
};

test("a personal UPI ID's checkout leads with the QR and the UPI ID, says the exact amount, and only its own account's alert confirms", async ({
  page,
  context,
  browser,
}) => {
  await asOperator(context);
  await page.goto(`${shop.url}/admin/payments`);
  await hydrated(page);
  const accounts = page.getByRole("list", { name: "Receiving accounts" });
  const first = accounts.getByTestId("receiving-account").first();
  await expect(page.getByText("No account has its last digits yet")).toBeVisible();

  // The operator adds a personal UPI ID, reading first why a business one is better.
  await page.getByRole("link", { name: "Add account" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("UPI ID").fill(PERSONAL);
  await dialog.getByLabel("Kind").selectOption({ label: "Personal UPI ID" });
  await dialog.getByText("Why a business UPI ID is better, and how to get one free").click();
  await expect(dialog.getByTestId("business-id-help")).toContainText("PhonePe Business");
  await expect(dialog.getByTestId("business-id-help")).toContainText("Google Pay for Business");
  await dialog.getByLabel("Account's last digits, as its alerts print them").fill("1234");
  await dialog.getByRole("button", { name: "Add account" }).click();
  await expect(dialog).toBeHidden();
  const personal = page.getByRole("region", { name: PERSONAL });
  await expect(personal).toContainText("Personal");
  await expect(personal).toContainText("A/c XX1234");
  await expect(page.getByText("No account has its last digits yet")).toHaveCount(0);

  // The business one is paused: the shop now takes money on a personal ID only, and says so.
  await first.getByRole("button", { name: "Pause" }).click();
  await expect(first).toContainText("Paused");
  await expect(page.getByText("You take payments on personal UPI IDs only")).toBeVisible();
  await page.goto(`${shop.url}/admin/health`);
  await expect(
    page.getByRole("region", { name: "Receiving accounts" }).getByText(/Taking money on personal UPI IDs only/),
  ).toBeVisible();

  // A buyer checks out on their phone: the paused account takes no new checkout.
  const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`${shop.url}/followers`);
  await buyer.getByLabel("Instagram username").fill("personal_id_buyer");
  await buyer.getByRole("button", { name: "Show packages" }).click();
  const orderId = await orderCheapestPlan(buyer, /Starter Followers/);
  const { price_paise: amount, listed_price_paise: listed } = withDb(shop.dbFile!, (db) =>
    db.prepare("select price_paise, listed_price_paise from orders where order_id = ?").get(orderId),
  ) as { price_paise: number; listed_price_paise: number };
  expect(amount).toBeLessThan(listed);
  expect(amount).toBeGreaterThanOrEqual(listed - 199);

  await expect(buyer.getByText(en.checkout.personalScan)).toBeVisible();
  await expect(buyer.getByTestId("upi-qr")).toBeVisible();
  await expect(buyer.getByTestId("upi-id")).toHaveText(PERSONAL);
  await expect(buyer.getByTestId("pay-exactly")).toHaveText(`Pay exactly ${formatInr(amount)}`);
  await expect(buyer.getByRole("button", { name: en.checkout.copyAmount })).toBeVisible();
  await expect(buyer.getByTestId("exact-why")).toContainText(`Not ${formatInr(listed)}`);
  await expect(buyer.getByTestId("qr-amount")).toHaveText(`The QR fills in ${formatInr(amount)}: do not change it.`);
  // The refund link's shape: payee, name, amount, note, and no tr or mc that apps refuse for people.
  const link = await buyer.getByTestId("open-upi-app").getAttribute("href");
  expect(link).toMatch(/^upi:\/\/pay\?/);
  expect(link).toContain(`am=${rupees(amount)}`);
  expect(link).not.toMatch(/[?&](tr|mc)=/);
  // The phone's screen: nothing sideways.
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The same checkout in Hindi.
  await buyer.goto(`${shop.url}/hi/checkout?order=${orderId}`);
  await expect(buyer.getByText(hi.checkout.personalScan)).toBeVisible();
  await expect(buyer.getByTestId("pay-exactly")).toContainText(hi.checkout.payExactly);
  await expect(buyer.getByRole("button", { name: hi.checkout.copyAmount })).toBeVisible();
  await expect(buyer.getByTestId("upi-id")).toHaveText(PERSONAL);

  // A genuine alert for someone else's account, sent to the shop's phone, confirms nothing.
  expect(await sms(hdfcCreditSms(amount, nextUtr()).replace("xx1234", "xx9876"))).toMatchObject({
    outcome: "unmatched",
    reason: "other_account",
  });
  await expect(buyer.getByTestId("upi-qr")).toBeVisible();
  // The shop's own account's alert does.
  expect(await sms(hdfcCreditSms(amount, nextUtr()))).toMatchObject({ outcome: "confirmed" });
  await expect(buyer.getByTestId("order-stage")).toHaveText(hi.order.stage.preparing, { timeout: 12_000 });
  await buyerContext.close();

  // The operator sees the set-aside alert and why.
  await page.goto(`${shop.url}/admin/payments`);
  const setAside = page.getByTestId("unmatched-credit").filter({ hasText: "A/c XX9876" });
  await expect(setAside).toContainText("not one of your receiving accounts");
});

test("Pay ₹1 to yourself: each stage, live, until the exact payment confirms; no order is made", async ({
  page,
  context,
}) => {
  await asOperator(context);
  const ordersBefore = withDb(shop.dbFile!, (db) => db.prepare("select count(*) as n from orders").get()) as {
    n: number;
  };
  await page.goto(`${shop.url}/admin/settings#payment-check`);
  await hydrated(page);
  const card = page.getByRole("region", { name: "Pay ₹1 to yourself" });
  await card.getByLabel("Account to pay").selectOption({ label: PERSONAL });
  await card.getByRole("button", { name: "Start the check" }).click();
  const amountText = (await card.getByTestId("payment-check-amount").textContent())!;
  expect(amountText).toMatch(/^₹1\.\d\d$/);
  const amount = Math.round(Number(amountText.slice(1)) * 100);
  await expect(card.getByTestId("payment-check-qr")).toBeVisible();
  await expect(card.getByTestId("check-stage-received")).toHaveAttribute("data-state", "waiting");

  // Another amount reaches the shop: received and read, but not the check's.
  await sms(hdfcCreditSms(100, nextUtr()));
  await expect(card.getByTestId("check-stage-read")).toHaveAttribute("data-state", "done", { timeout: 15_000 });
  await expect(card.getByTestId("check-stage-received")).toContainText("SMS from VM-HDFCBK");
  await expect(card.getByTestId("check-stage-matched")).toContainText("The alert says ₹1.00", { timeout: 15_000 });

  expect(await sms(hdfcCreditSms(amount, nextUtr()))).toMatchObject({ outcome: "check" });
  await expect(card.getByTestId("check-stage-confirmed")).toHaveAttribute("data-state", "done", { timeout: 15_000 });
  await expect(card.getByTestId("check-stage-confirmed")).toContainText("The chain works");
  await expect(card.getByTestId("payment-check-qr")).toHaveCount(0);
  const ordersAfter = withDb(shop.dbFile!, (db) => db.prepare("select count(*) as n from orders").get()) as {
    n: number;
  };
  expect(ordersAfter.n).toBe(ordersBefore.n);
});

test("assigning a ₹777 payment to a cheaper order asks first, then records the surplus and the bank's UTR", async ({
  page,
  context,
}) => {
  await asOperator(context);
  const planId = await planIdByName(shop.url, "followers", "Starter Followers");
  const orderId = await orderByApi(shop.url, { planId, username: "assign_buyer", phone: "9876543210" });
  const { price_paise: price } = withDb(shop.dbFile!, (db) =>
    db.prepare("select price_paise from orders where order_id = ?").get(orderId),
  ) as { price_paise: number };
  const utr = nextUtr();
  expect(await sms(hdfcCreditSms(77_700, utr))).toMatchObject({ outcome: "unmatched" });

  await page.goto(`${shop.url}/admin/payments`);
  await hydrated(page);
  const credit = page.getByTestId("unmatched-credit").filter({ hasText: utr });
  await credit.getByLabel("Order it pays").fill(orderId);
  await credit.getByRole("button", { name: "Assign and confirm" }).click();
  const ask = page.getByRole("alertdialog", { name: "Assign a payment of another amount?" });
  await expect(ask.getByTestId("amount-difference")).toContainText(formatInr(77_700));
  await expect(ask.getByTestId("amount-difference")).toContainText(formatInr(price));
  // Cancelled: nothing changes.
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  expect(
    (
      withDb(shop.dbFile!, (db) => db.prepare("select status from orders where order_id = ?").get(orderId)) as {
        status: string;
      }
    ).status,
  ).toBe("awaiting_payment");

  await credit.getByRole("button", { name: "Assign and confirm" }).click();
  await ask.getByRole("button", { name: "Assign anyway" }).click();
  await expect(page.getByText(`Assigned → ${orderId} by owner`)).toBeVisible();

  await page.goto(`${shop.url}/admin/orders/${orderId}`);
  // The credit's reference is the bank's, not the buyer's.
  await expect(page.getByText("Bank's UTR")).toBeVisible();
  await expect(page.getByText("Buyer's UTR")).toHaveCount(0);
  await expect(page.getByText(utr).first()).toBeVisible();
  await expect(page.getByTestId("payment-received")).toHaveText(formatInr(77_700));
  await expect(page.getByTestId("payment-difference")).toHaveText(
    `${formatInr(77_700 - price)} more than asked: a surplus owed back to the buyer`,
  );
});
