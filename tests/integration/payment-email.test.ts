import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { mailboxPassword, mailboxStatus } from "~/domain/payments/mail/mailbox-store.server";
import { dkimKey, hdfcCreditText, rawMail, signedMail, txtRecords, withPrepended } from "../support/bank-mail";
import { type TestDatabase, testDatabases } from "../support/databases";
import { type Dovecot, imapClient, mailboxForm as mailboxFormFor, startDovecot } from "../support/dovecot";
import type { ServerProcess } from "../support/server-process";
import { setFirstAccount } from "../support/accounts";
import { submitSettings } from "../support/admin-forms";
import { buyerSeesStatus, firstPlanId, placeOrder } from "../support/shop-orders";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * The e-mail source through the real production server and a real IMAP
 * server (Dovecot): the operator sets the mailbox up in Settings; a bank
 * credit e-mail the bank signed (DKIM) for an order's exact amount confirms
 * it, once, however often it is read; forgeries confirm nothing and are
 * listed for the operator. The server finds the "bank's" public key through
 * MAIL_DKIM_TEST_KEYS_FILE, honoured only with NODE_ENV=test.
 */

const RECEIVING_HOST = "mx.shop-mail.example";

describe.each(testDatabases())("Bank e-mail alerts on $name", (kind: TestDatabase) => {
  const hdfc = dkimKey("hdfcbank.net");
  const attacker = dkimKey("evil-payments.example");
  let dovecot: Dovecot;
  let shop: TestShop;
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let dir = "";
  let cookie = "";
  let planId = 0;
  let imap: ImapFlow;
  let utrSeq = 0;
  const nextUtr = () => String(600_000_000_000 + (Date.now() % 100_000_000) * 100 + (utrSeq++ % 100));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "mail-alerts-"));
    writeFileSync(join(dir, "dkim-keys.json"), JSON.stringify(txtRecords([hdfc, attacker])));
    dovecot = await startDovecot();
    shop = await startTestShop({
      engine: kind,
      simulator: true,
      jobs: "running",
      env: {
        NODE_ENV: "test",
        PAYMENT_JOB_INTERVAL_MS: "200",
        MAIL_POLL_INTERVAL_MS: "300",
        MAIL_DKIM_TEST_KEYS_FILE: join(dir, "dkim-keys.json"),
        // The test's Dovecot is on this machine, without TLS.
        MAIL_ALLOW_PRIVATE_ADDRESSES: "true",
      },
    });
    ({ server, db: handle, cookie } = shop);
    // The alerts say "account **1234": the shop's account has those digits.
    await setFirstAccount(handle.db, { digits: "1234" });
    planId = await firstPlanId(server.url);
    imap = await imapClient(dovecot);
  });
  afterAll(async () => {
    await imap?.logout().catch(() => imap.close());
    await shop?.stop();
    await dovecot?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const mailboxForm = (fields: Record<string, string> = {}) =>
    mailboxFormFor(dovecot, {
      enabled: "on",
      allowedDomains: "hdfcbank.net, icicibank.com",
      receivingHost: RECEIVING_HOST,
      recipients: "shop.alerts@example.in",
      ...fields,
    });
  const settings = (fields: Record<string, string>) => submitSettings(shop, fields);
  const order = (i: number) => placeOrder(server.url, { planId, username: `mail_buyer_${i}` });
  const status = (orderId: string) => buyerSeesStatus(server.url, orderId);

  /** Waits (not a timing assertion: a generous deadline) until the reader flagged the message. */
  async function processed(uid: number): Promise<Set<string>> {
    const deadline = Date.now() + 25_000;
    for (;;) {
      const message = await imap.fetchOne(String(uid), { flags: true }, { uid: true });
      if (message && message.flags?.has("\\Seen")) return message.flags;
      if (Date.now() > deadline) throw new Error(`message ${uid} was never read:\n${server.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  async function deliver(message: string): Promise<number> {
    const appended = await imap.append("INBOX", message);
    if (!appended) throw new Error("append failed");
    return appended.uid!;
  }
  const creditsOf = (utr: string) =>
    handle.db.selectFrom("payment_credits").selectAll().where("utr", "=", utr).execute();
  const untrustedCount = async () =>
    (
      await handle.db
        .selectFrom("payment_credits")
        .select("id")
        .where("source", "=", "email")
        .where("reason", "=", "untrusted_sender")
        .execute()
    ).length;

  it("refuses a bad host, port or plain connection with a message, and saves nothing", async () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ host: "imap example.com" }, /is not a host name/],
      [{ host: "" }, /IMAP server's host name/],
      [{ port: "70000" }, /from 1 to 65535/],
      [{ port: "99a" }, /from 1 to 65535/],
      [{ host: "imap.example.com" }, /TLS can be off only for a mailbox on this machine/],
      [{ allowedDomains: "co.in" }, /public suffix/],
      [{ allowedDomains: "" }, /at least one bank sender domain/],
    ];
    for (const [fields, message] of refusals) {
      const reply = await settings(mailboxForm({ ...fields, mailboxPassword: "typed-secret-9" }));
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      expect(reply.text).toMatch(message);
      expect(reply.text).not.toContain("typed-secret-9");
    }
    expect(await mailboxStatus(handle.db)).toMatchObject({ host: "", enabled: false, passwordSet: false });
    expect(await mailboxPassword(handle.db)).toBeNull();
  });

  it("tests the typed connection against the IMAP server without saving it, and never shows the password", async () => {
    const wrong = await settings(mailboxForm({ intent: "mailbox-test", mailboxPassword: "not-the-password" }));
    expect(wrong.text).toMatch(/refused the user name or password/);
    expect(wrong.text).not.toContain("not-the-password");
    const right = await settings(mailboxForm({ intent: "mailbox-test" }));
    expect(right.status).toBe(200);
    expect(right.text).toMatch(/Logged in\. \\?"INBOX\\?" holds 0 messages/);
    expect(await mailboxPassword(handle.db)).toBeNull();

    const saved = await settings(mailboxForm());
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(dovecot.password);
    expect(await mailboxPassword(handle.db)).toBe(dovecot.password);
    const page = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie } })).text();
    expect(page).toContain("Bank e-mail alerts");
    expect(page).toContain("Saved (leave empty to keep)");
    expect(page).not.toContain(dovecot.password);
    const audit = await handle.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "payments.mailbox")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).not.toContain(dovecot.password);
  });

  it("confirms the order whose exact amount a DKIM-signed bank e-mail names, once, with the evidence kept", async () => {
    const orders = await Promise.all([order(1), order(2), order(3)]);
    const target = orders[1];
    const utr = nextUtr();
    const mail = await signedMail(hdfc, hdfcCreditText(target.pricePaise, utr), {
      messageId: `<credit-${utr}@hdfcbank.net>`,
      subject: "You have received money",
    });
    const uid = await deliver(mail);
    const flags = await processed(uid);
    expect(flags.has("$BoostKaroDone")).toBe(true);
    expect(["paid", "sending", "sent"]).toContain(await status(target.orderId));
    expect(await status(orders[0].orderId)).toBe("awaiting_payment");
    expect(await status(orders[2].orderId)).toBe("awaiting_payment");
    const row = await handle.db
      .selectFrom("orders")
      .select(["paid_by", "payment_evidence", "paid_at"])
      .where("order_id", "=", target.orderId)
      .executeTakeFirstOrThrow();
    expect(row.paid_by).toBe("bank-alert:email:hdfcbank.net");
    expect(JSON.parse(row.payment_evidence!)).toMatchObject({
      template: "reader:hdfc",
      amountPaise: target.pricePaise,
    });
    const [credit] = await creditsOf(utr);
    expect(JSON.parse(credit!.evidence)).toMatchObject({
      subject: "You have received money",
      from: "alerts@hdfcbank.net",
      dkimDomain: "hdfcbank.net",
      template: "reader:hdfc",
      messageId: `<credit-${utr}@hdfcbank.net>`,
    });

    // The same message delivered again: read, flagged, and nothing new.
    await processed(await deliver(mail));
    expect(await creditsOf(utr)).toHaveLength(1);

    // A crash between recording and flagging, then a restart: the message is read again and still counts once.
    await imap.messageFlagsRemove({ all: true }, ["\\Seen", "$BoostKaroDone"], { uid: false });
    await shop.restart();
    server = shop.server;
    await processed(uid);
    expect(await creditsOf(utr)).toHaveLength(1);
    const after = await handle.db
      .selectFrom("orders")
      .select("paid_at")
      .where("order_id", "=", target.orderId)
      .executeTakeFirstOrThrow();
    expect(after.paid_at).toBe(row.paid_at);
    expect(server.output()).not.toContain(dovecot.password);
  });

  it("confirms nothing from forged e-mails, and lists those that read like credits for the operator", async () => {
    const impostor = { ...dkimKey("hdfcbank.net"), txt: hdfc.txt };
    const forgeries: [string, (body: string) => Promise<string>][] = [
      ["unsigned", (body) => Promise.resolve(rawMail(body))],
      ["signed with another key for the bank's domain", (body) => signedMail(impostor, body)],
      ["signed by the attacker's domain, From spoofed", (body) => signedMail(attacker, body)],
      [
        "the bank's genuine alert about someone else's account, sent on to this mailbox",
        (body) => signedMail(hdfc, body, { to: "attacker@evil-payments.example" }),
      ],
      [
        "a dkim=pass written by the sender below the receiving host's topmost Authentication-Results",
        (body) =>
          Promise.resolve(
            withPrepended(
              rawMail(body, {
                extraHeaders: [`Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net`],
              }),
              [`Authentication-Results: ${RECEIVING_HOST}; dkim=none; spf=softfail`],
            ),
          ),
      ],
      [
        "an Authentication-Results dkim=pass from another host",
        (body) =>
          Promise.resolve(
            withPrepended(rawMail(body), ["Authentication-Results: mx.evil.example; dkim=pass header.d=hdfcbank.net"]),
          ),
      ],
    ];
    for (const [i, [what, make]] of forgeries.entries()) {
      const { orderId, pricePaise } = await order(100 + i);
      const before = await untrustedCount();
      const utr = nextUtr();
      await processed(await deliver(await make(hdfcCreditText(pricePaise, utr))));
      expect(await status(orderId), what).toBe("awaiting_payment");
      expect(await untrustedCount(), what).toBe(before + 1);
      // Kept without the amount or UTR: it can never match, nor make the genuine alert a duplicate.
      expect(await creditsOf(utr), what).toHaveLength(0);
    }
  });

  it("trusts the topmost Authentication-Results written by the operator's own receiving host", async () => {
    const { orderId, pricePaise } = await order(200);
    const mail = withPrepended(rawMail(hdfcCreditText(pricePaise, nextUtr())), [
      `Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net header.s=s1; spf=pass`,
    ]);
    await processed(await deliver(mail));
    expect(["paid", "sending", "sent"]).toContain(await status(orderId));
    const row = await handle.db
      .selectFrom("orders")
      .select("paid_by")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(row.paid_by).toBe("bank-alert:email:hdfcbank.net");
  });

  it("reconnects by itself when the IMAP server goes away and comes back", async () => {
    const port = dovecot.port;
    await imap.logout().catch(() => imap.close());
    await dovecot.stop();
    dovecot = await startDovecot({ port });
    imap = await imapClient(dovecot);
    const { orderId, pricePaise } = await order(300);
    await processed(await deliver(await signedMail(hdfc, hdfcCreditText(pricePaise, nextUtr()))));
    expect(["paid", "sending", "sent"]).toContain(await status(orderId));
    expect(server.output()).toMatch(/reading the mailbox failed/);
    expect(server.output()).not.toContain(dovecot.password);
  });
});
