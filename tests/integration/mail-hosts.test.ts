import { once } from "node:events";
import { type AddressInfo, type Server, type Socket, createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { alertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { mailboxPassword, mailboxStatus } from "~/domain/payments/mail/mailbox-store.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { type Dovecot, mailboxForm, startDovecot } from "../support/dovecot";
import { submitSettings } from "../support/admin-forms";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * Security round 3, findings 1 and 5: the operator's mail servers (the bank
 * alert mailbox over IMAP, the alert e-mails' SMTP server) through the real
 * production server, against a real Dovecot and a real smtp-server. A saved
 * password goes only to the server it was saved for; a server on this machine
 * or a private network is refused unless MAIL_ALLOW_PRIVATE_ADDRESSES says
 * otherwise; a connection without TLS is allowed only to this machine under
 * that setting; every test is audited; the error after a failed test is the
 * server's own words, the password masked only where it appears itself.
 */

/** A TCP server that stands for "someone else's server": it records whoever connects and hangs up. */
interface Trap {
  port: number;
  connections: number;
  stop(): Promise<void>;
}
async function startTrap(): Promise<Trap> {
  const sockets = new Set<Socket>();
  const trap = { port: 0, connections: 0 } as Trap;
  const server: Server = createServer((socket) => {
    trap.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.destroy();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  trap.port = (server.address() as AddressInfo).port;
  trap.stop = async () => {
    for (const socket of sockets) socket.destroy();
    server.close();
    await once(server, "close");
  };
  return trap;
}

describe.each(testDatabases())("the operator's mail servers on $name", (kind: TestDatabase) => {
  let dovecot: Dovecot;
  let smtp: SmtpSink;
  let trap: Trap;
  let shop: TestShop;
  let strict: TestShop;
  let handle: DatabaseHandle;
  let cookie = "";
  let strictCookie = "";

  beforeAll(async () => {
    [dovecot, smtp, trap] = await Promise.all([startDovecot(), startSmtpSink(), startTrap()]);
    [shop, strict] = await Promise.all([
      // As the tests run it: servers on this machine allowed, by the setting made for that.
      startTestShop({ engine: kind, jobs: "off", env: { MAIL_ALLOW_PRIVATE_ADDRESSES: "true" } }),
      // As a shop runs it.
      startTestShop({ engine: kind, jobs: "off" }),
    ]);
    handle = shop.db;
    [cookie, strictCookie] = [shop.cookie, strict.cookie];
  });
  afterAll(async () => {
    await Promise.all([shop?.stop(), strict?.stop()]);
    await Promise.all([dovecot?.stop(), smtp?.stop(), trap?.stop()]);
  });

  const post = (to: TestShop, session: string, fields: Record<string, string>) =>
    submitSettings({ url: to.url, cookie: session }, fields);
  const mailbox = (fields: Record<string, string> = {}) =>
    mailboxForm(dovecot, { allowedDomains: "hdfcbank.net", ...fields });
  const smtpForm = (fields: Record<string, string> = {}) => ({
    intent: "alerts-email",
    smtpHost: "127.0.0.1",
    smtpPort: String(smtp.port),
    smtpSecurity: "none",
    smtpUser: "alerts",
    smtpPassword: "smtp-secret-77",
    mailFrom: "Shop alerts <alerts@shop.example.in>",
    mailTo: "owner@shop.example.in",
    ...fields,
  });
  const auditOf = (action: string) =>
    handle.db.selectFrom("audit_log").select(["actor", "details"]).where("action", "=", action).orderBy("id").execute();

  it("masks the password itself in a failed test's message, not its letters wherever they appear", async () => {
    // "or" is in "user name or password" and in "for": the old masking replaced both. (One wrong password per
    // run: Dovecot slows every later login from an address that failed.)
    const reply = await post(shop, cookie, mailbox({ intent: "mailbox-test", mailboxPassword: "or" }));
    expect(reply.text).toContain(
      "Could not read the mailbox: The server refused the user name or password (for Gmail and Outlook, use an app password)",
    );
    expect(reply.text).not.toContain("•");
  });

  it("audits every mailbox test: where it went, with which password, and how it ended", async () => {
    const right = await post(shop, cookie, mailbox({ intent: "mailbox-test" }));
    expect(right.text).toMatch(/Logged in/);
    const audit = await auditOf("payments.mailbox-test");
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({
      host: "127.0.0.1",
      port: dovecot.port,
      using: "typed password",
      outcome: "failed: The server refused the user name or password (for Gmail and Outlook, use an app password)",
    });
    expect(JSON.parse(audit[1]!.details!)).toMatchObject({ outcome: "logged in, 0 messages" });
    expect(audit.map((a) => a.actor)).toEqual(["owner", "owner"]);
    expect(JSON.stringify(audit)).not.toContain(dovecot.password);
  });

  it("sends the saved mailbox password only to the server it was saved for", async () => {
    expect((await post(shop, cookie, mailbox())).status).toBe(200);
    const saved = await mailboxStatus(handle.db);
    // Another host or port with the password left empty: refused before anything connects.
    for (const fields of [{ host: "localhost", port: String(trap.port) }, { port: String(trap.port) }] as Record<
      string,
      string
    >[]) {
      for (const intent of ["mailbox-test", "mailbox-save"]) {
        const reply = await post(shop, cookie, mailbox({ ...fields, intent, mailboxPassword: "" }));
        expect(reply.status, `${intent} ${JSON.stringify(fields)}`).toBe(400);
        expect(reply.text).toContain("Type the mailbox password again");
      }
    }
    expect(trap.connections).toBe(0);
    expect(await mailboxStatus(handle.db)).toEqual(saved);
    // The same server with the password left empty keeps and uses the saved one.
    const same = await post(shop, cookie, mailbox({ intent: "mailbox-test", host: "127.0.0.1", mailboxPassword: "" }));
    expect(same.text).toMatch(/Logged in/);
    // Typed again, it may go elsewhere.
    const typed = await post(shop, cookie, mailbox({ intent: "mailbox-test", port: String(trap.port) }));
    expect(typed.status).toBe(200);
    expect(trap.connections).toBe(1);
  });

  it("sends the saved SMTP password only to the server it was saved for", async () => {
    expect((await post(shop, cookie, smtpForm())).text).toContain("E-mail alerts saved");
    const before = await alertSettings(handle.db);
    for (const fields of [{ smtpHost: "localhost" }, { smtpPort: String(trap.port) }] as Record<string, string>[]) {
      const reply = await post(shop, cookie, smtpForm({ ...fields, smtpPassword: "" }));
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      expect(reply.text).toContain("Type the SMTP password again");
    }
    expect(await alertSettings(handle.db)).toEqual(before);
    // Same server, password left empty: saved, the password kept.
    expect((await post(shop, cookie, smtpForm({ mailTo: "ops@shop.example.in", smtpPassword: "" }))).status).toBe(200);
    expect((await alertSettings(handle.db)).secrets.smtpPassword).toBe("smtp-secret-77");
    expect(trap.connections).toBe(1);
  });

  it("audits every SMTP test with the server it went to", async () => {
    await post(shop, cookie, smtpForm({ smtpUser: "", smtpPassword: "" }));
    const reply = await post(shop, cookie, { intent: "alerts-test", channel: "email" });
    expect(reply.text).toContain("test alert sent");
    const [last] = (await auditOf("alerts.test")).slice(-1);
    expect(JSON.parse(last!.details!)).toMatchObject({
      channel: "email",
      host: "127.0.0.1",
      port: smtp.port,
      result: "sent",
    });
  });

  it("refuses mail servers on this machine or a private network unless MAIL_ALLOW_PRIVATE_ADDRESSES is set", async () => {
    for (const host of ["127.0.0.1", "localhost", "10.0.0.8", "192.168.1.20", "169.254.169.254", "100.64.0.1"]) {
      for (const intent of ["mailbox-test", "mailbox-save"]) {
        const reply = await post(strict, strictCookie, mailbox({ intent, host, tls: "on" }));
        expect(reply.status, `${intent} ${host}`).toBe(400);
        expect(reply.text, `${intent} ${host}`).toContain("MAIL_ALLOW_PRIVATE_ADDRESSES");
      }
      const smtpReply = await post(strict, strictCookie, smtpForm({ smtpHost: host, smtpSecurity: "tls" }));
      expect(smtpReply.status, `smtp ${host}`).toBe(400);
      expect(smtpReply.text, `smtp ${host}`).toContain("MAIL_ALLOW_PRIVATE_ADDRESSES");
    }
  });

  it("requires TLS (implicit or STARTTLS) except for a server on this machine under that setting", async () => {
    for (const server of [
      [strict, strictCookie],
      [shop, cookie],
    ] as const) {
      for (const fields of [{ smtpHost: "smtp.example.com" }, { smtpHost: "10.0.0.8" }]) {
        const reply = await post(server[0], server[1], smtpForm({ ...fields, smtpSecurity: "none" }));
        expect(reply.status, JSON.stringify(fields)).toBe(400);
        expect(reply.text).toMatch(/TLS/);
      }
      const imap = await post(server[0], server[1], mailbox({ host: "10.0.0.8" }));
      expect(imap.status).toBe(400);
      expect(imap.text).toMatch(/TLS/);
    }
    // Plain on this machine, under the setting: the tests' own servers.
    expect((await post(shop, cookie, smtpForm({ smtpHost: "localhost", smtpPassword: "x" }))).status).toBe(200);
  });

  it("keeps both passwords out of every reply and audit entry", async () => {
    const audit = await handle.db.selectFrom("audit_log").select("details").execute();
    expect(JSON.stringify(audit)).not.toContain(dovecot.password);
    expect(JSON.stringify(audit)).not.toContain("smtp-secret-77");
    expect(await mailboxPassword(handle.db)).toBe(dovecot.password);
  });
});
