import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ImapFlow } from "imapflow";
import { dkimKey, hdfcCreditText, rawMail, signedMail, txtRecords } from "../../tests/support/bank-mail";
import { type Dovecot, startDovecot } from "../../tests/support/dovecot";
import { signIn } from "./harness";
import { type PaymentSource, benchUtr } from "./payment-source";

const ADMIN = { username: "bench-owner", password: "bench-owner-password" };
const ALERT_ADDRESS = "shop.alerts@example.in";
/** Longer than the whole run: a confirmation inside it came through IDLE, never through the reader's poll. */
const MAIL_POLL_MS = 60_000;
const READ_DEADLINE_MS = 20_000;

/**
 * Bank e-mail alerts: a throwaway Dovecot on 127.0.0.1 holds the shop's alert
 * mailbox, set up through the admin Settings action as the operator does; a
 * genuine alert is an HDFC credit e-mail signed (DKIM) with a key the shop
 * finds through MAIL_DKIM_TEST_KEYS_FILE (honoured only with NODE_ENV=test),
 * appended with IMAP. Timed from the append, so the figure covers the IDLE
 * notice, the fetch, the DKIM check and the matching.
 */
export function emailSource(): PaymentSource {
  const hdfc = dkimKey("hdfcbank.net");
  const attacker = dkimKey("evil-payments.example");
  // Same domain and selector as the bank's, another private key: the published key does not verify it.
  const impostor = { ...dkimKey("hdfcbank.net"), txt: hdfc.txt };
  let dir = "";
  let dovecot: Dovecot | null = null;
  let imap: ImapFlow | null = null;

  const client = () => {
    if (!imap) throw new Error("the e-mail source is not set up");
    return imap;
  };
  async function append(message: string): Promise<number> {
    const appended = await client().append("INBOX", message);
    if (!appended || appended.uid === undefined) throw new Error("IMAP append failed");
    return appended.uid;
  }
  /** Until the shop's reader has flagged the message read: it was fetched, checked and recorded (or dropped). */
  async function read(uid: number): Promise<void> {
    const deadline = performance.now() + READ_DEADLINE_MS;
    while (performance.now() < deadline) {
      const message = await client().fetchOne(String(uid), { flags: true }, { uid: true });
      if (message && message.flags?.has("\\Seen")) return;
      await sleep(100);
    }
    throw new Error(`the shop never read message ${uid} in ${READ_DEADLINE_MS} ms`);
  }

  return {
    name: "email",
    async start() {
      dir = mkdtempSync(join(tmpdir(), "bench-mail-"));
      const keysFile = join(dir, "dkim-keys.json");
      writeFileSync(keysFile, JSON.stringify(txtRecords([hdfc, attacker])));
      dovecot = await startDovecot();
      return {
        NODE_ENV: "test",
        MAIL_DKIM_TEST_KEYS_FILE: keysFile,
        MAIL_POLL_INTERVAL_MS: String(MAIL_POLL_MS),
        MAIL_ALLOW_PRIVATE_ADDRESSES: "true",
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      };
    },
    async setUp(shop) {
      const box = dovecot!;
      const cookie = await signIn(shop.url, ADMIN.username, ADMIN.password);
      const res = await fetch(`${shop.url}/admin/settings.data`, {
        method: "POST",
        headers: { cookie, origin: shop.url },
        body: new URLSearchParams({
          intent: "mailbox-save",
          enabled: "on",
          host: box.host,
          port: String(box.port),
          username: box.user,
          mailboxPassword: box.password,
          folder: "INBOX",
          allowedDomains: "hdfcbank.net",
          recipients: ALERT_ADDRESS,
        }),
      });
      const reply = await res.text();
      if (res.status !== 200 || !reply.includes("the mailbox is read from now on")) {
        throw new Error(`saving the mailbox answered ${res.status}: ${reply.slice(0, 300)}`);
      }
      imap = new ImapFlow({
        host: box.host,
        port: box.port,
        secure: false,
        auth: { user: box.user, pass: box.password },
        logger: false,
      });
      imap.on("error", () => {});
      await imap.connect();
      await imap.mailboxOpen("INBOX");
      // An ordinary mail read and flagged: the shop's reader is connected. Then past its autoIdleDelay, so it is IDLE.
      await read(
        await append(
          rawMail("Your statement is ready.\r\n", { from: "News <news@example.com>", subject: "Monthly statement" }),
        ),
      );
      await sleep(1_500);
    },
    async prepare(_shop, order, n) {
      const utr = benchUtr(n);
      const message = await signedMail(hdfc, hdfcCreditText(order.pricePaise, utr), {
        to: ALERT_ADDRESS,
        messageId: `<credit-${utr}@hdfcbank.net>`,
      });
      return async () => {
        await append(message);
      };
    },
    async forge(_shop, order, n) {
      const body = hdfcCreditText(order.pricePaise, benchUtr(50_000 + n));
      const forgeries = [
        () => Promise.resolve(rawMail(body, { to: ALERT_ADDRESS })),
        () => signedMail(impostor, body, { to: ALERT_ADDRESS }),
        () => signedMail(attacker, body, { to: ALERT_ADDRESS }),
      ];
      await read(await append(await forgeries[n % forgeries.length]!()));
    },
    async tearDown() {
      if (imap) await imap.logout().catch(() => imap?.close());
      imap = null;
      await dovecot?.stop();
      dovecot = null;
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
