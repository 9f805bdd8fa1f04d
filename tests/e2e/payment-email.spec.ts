import { hdfcCreditText, rawMail, withPrepended } from "../support/bank-mail";
import { submitSettings } from "../support/admin-forms";
import { type Dovecot, imapClient, mailboxForm, startDovecot } from "../support/dovecot";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { rupees } from "../support/sms";
import { buyStarterFollowers, expectPaymentReceived, giveAccountDigits, orderAmounts, withDb } from "./buying-support";
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
  const saved = await submitSettings(
    shop,
    mailboxForm(dovecot, {
      enabled: "on",
      allowedDomains: "hdfcbank.net",
      receivingHost: RECEIVING_HOST,
      recipients: ALERT_ADDRESS,
    }),
  );
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
  const orderId = await buyStarterFollowers(page, shop.url, "mail_paid_test");
  const { amount, listed } = orderAmounts(shop.dbFile!, orderId);
  expect(amount).toBeLessThan(listed);
  await expect(page.getByTestId("amount")).toHaveText(`₹${rupees(amount)}`);

  // The bank's alert for exactly that amount, as the shop's receiving host delivers it: its verdict on top.
  const alert = withPrepended(
    rawMail(hdfcCreditText(amount, "514298765433"), { to: ALERT_ADDRESS, subject: "You have received money" }),
    [`Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net header.s=s2025; spf=pass`],
  );
  const imap = await imapClient(dovecot);
  try {
    expect(await imap.append("INBOX", alert)).toBeTruthy();
  } finally {
    await imap.logout().catch(() => imap.close());
  }

  await expectPaymentReceived(page);
  const paidBy = withDb(shop.dbFile!, (db) =>
    db.prepare("select paid_by from orders where order_id = ?").get(orderId),
  ) as { paid_by: string };
  expect(paidBy.paid_by).toBe("bank-alert:email:hdfcbank.net");
});
