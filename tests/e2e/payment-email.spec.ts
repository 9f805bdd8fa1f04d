import { ImapFlow } from "imapflow";
import { hdfcCreditText, rawMail, withPrepended } from "../support/bank-mail";
import { type Dovecot, startDovecot } from "../support/dovecot";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { rupees } from "../support/sms";
import { giveAccountDigits, withDb } from "./buying-support";
import { expect, test } from "./fixtures";

/**
 * A buyer on a phone pays the exact amount the checkout shows and never types
 * a UTR: the bank's credit alert e-mail lands in the shop's alert mailbox (a
 * local Dovecot), the shop reads it at once (IMAP IDLE), and the open checkout
 * says so within seconds.
 *
 * The shop runs as in production (NODE_ENV=production), where no test DKIM
 * keys are accepted: the alert is trusted through the other way the operator
 * can set up, the topmost Authentication-Results of the shop's own receiving
 * mail host saying the bank's DKIM signature passed.
 */
const RECEIVING_HOST = "mx.shop.test";
const ALERT_ADDRESS = "shop.alerts@example.in";
let shop: TestShop;
let dovecot: Dovecot;

test.beforeAll(async ({}, info) => {
  if (info.project.name !== "mobile") return;
  dovecot = await startDovecot();
  shop = await startTestShop({
    engine: sqliteDatabase,
    jobs: "running",
    // A backstop only: IDLE announces the new mail at once.
    // The test's Dovecot is on this machine, without TLS.
    env: { PAYMENT_JOB_INTERVAL_MS: "500", MAIL_POLL_INTERVAL_MS: "2000", MAIL_ALLOW_PRIVATE_ADDRESSES: "true" },
  });
  // The operator sets the mailbox up in Settings, as the shop's admin page posts it.
  const cookie = shop.cookie;
  const saved = await fetch(`${shop.url}/admin/settings.data`, {
    method: "POST",
    headers: { cookie, origin: shop.url },
    body: new URLSearchParams({
      intent: "mailbox-save",
      enabled: "on",
      host: dovecot.host,
      port: String(dovecot.port),
      username: dovecot.user,
      mailboxPassword: dovecot.password,
      folder: "INBOX",
      allowedDomains: "hdfcbank.net",
      receivingHost: RECEIVING_HOST,
      recipients: ALERT_ADDRESS,
    }),
  });
  expect(saved.status).toBe(200);
  giveAccountDigits(shop.dbFile!);
});
test.afterAll(async () => {
  await shop?.stop();
  await dovecot?.stop();
});
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "mobile", "the money path is walked on a phone-sized screen");
});

test("the bank's alert e-mail for the exact amount confirms the order; the checkout shows Payment received without a UTR", async ({
  page,
}) => {
  await page.goto(`${shop.url}/followers`);
  await page.getByLabel("Instagram username").fill("mail_paid_test");
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
  expect(amount).toBeLessThan(listed);
  await expect(page.getByTestId("amount")).toHaveText(`₹${rupees(amount)}`);

  // The bank's alert for exactly that amount, as the shop's receiving host delivers it: its verdict on top.
  const alert = withPrepended(
    rawMail(hdfcCreditText(amount, "514298765433"), { to: ALERT_ADDRESS, subject: "You have received money" }),
    [`Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net header.s=s2025; spf=pass`],
  );
  const imap = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  imap.on("error", () => {});
  await imap.connect();
  try {
    expect(await imap.append("INBOX", alert)).toBeTruthy();
  } finally {
    await imap.logout().catch(() => imap.close());
  }

  const stage = page.getByTestId("order-stage");
  await expect(stage).toHaveText("Payment received – sending your order for delivery", { timeout: 12_000 });
  await expect(page.getByLabel(/12-digit UPI reference/)).toHaveCount(0);
  const paidBy = withDb(shop.dbFile!, (db) =>
    db.prepare("select paid_by from orders where order_id = ?").get(orderId),
  ) as { paid_by: string };
  expect(paidBy.paid_by).toBe("bank-alert:email:hdfcbank.net");
});
