import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { claimAlert, dueAlerts, finishAlert, pruneAlerts } from "~/domain/operator-alerts/outbox.server";
import { queueAlert } from "~/domain/operator-alerts/queue.server";
import { ALERT_EVENTS } from "~/domain/operator-alerts/events";
import { DEFAULT_RETRY } from "~/domain/operator-alerts/retry";
import { rotateSmsSecret } from "~/domain/payments/payment-settings.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { submitSettings } from "../support/admin-forms";
import type { ServerProcess } from "../support/server-process";
import { claimPaid, firstPlanId, placeOrder } from "../support/shop-orders";
import { type TestShop, afterJobs, runJobs, startTestShop } from "../support/test-shop";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { gatewayBody, hdfcCreditSms, postSms, signedHeaders } from "../support/sms";
import { type TelegramDouble, pressConfirm, startTelegramDouble } from "../support/telegram-double";
import { setFirstAccount } from "../support/accounts";

/**
 * Operator alerts through the real production server: an SMTP server in this
 * process and a Telegram Bot API double receive what the outbox sends; the
 * alert's "Confirm payment" button confirms the payment only when Telegram's
 * secret header and the operator's chat are right; a channel that fails is
 * retried with backoff and never sent twice; with every channel down, orders
 * go on as before.
 */

const CHAT_ID = "-1001234567890";
/** The operator's own Telegram user id (pressConfirm's default presser); others in the chat are not the operator. */
const OPERATOR_ID = 111;
const CHAT_MEMBER_ID = 222;
/** A minute: the test moves a retry's due time instead of waiting for it. */
const RETRY_BASE_MS = 60_000;
const BASE_URL = "http://localhost:3000";

describe.each(testDatabases())("operator alerts on $name", (kind: TestDatabase) => {
  let shop: TestShop;
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let telegram: TelegramDouble;
  let smtp: SmtpSink;
  let cookie = "";
  let planId = 0;
  let seq = 0;
  let utrSeq = 0;

  beforeAll(async () => {
    telegram = await startTelegramDouble();
    smtp = await startSmtpSink();
    // The jobs run when the test asks (afterJobs, runJobs), never on their own.
    shop = await startTestShop({
      engine: kind,
      simulator: true,
      env: {
        TELEGRAM_API_BASE: telegram.url,
        // The test's SMTP server is on this machine, without TLS.
        MAIL_ALLOW_PRIVATE_ADDRESSES: "true",
        ALERT_RETRY_BASE_MS: String(RETRY_BASE_MS),
        GATEWAY_RECONCILE_INTERVAL_MS: "3600000",
      },
    });
    ({ server, db: handle, cookie } = shop);
    planId = await firstPlanId(server.url);
  });
  afterAll(async () => {
    await shop?.stop();
    await telegram?.stop();
    await smtp?.stop();
  });

  const settings = (fields: Record<string, string>) => submitSettings(shop, fields);
  const emailSettings = (port: number) => ({
    intent: "alerts-email",
    enabled: "on",
    smtpHost: "127.0.0.1",
    smtpPort: String(port),
    smtpSecurity: "none",
    mailFrom: "Shop alerts <alerts@shop.example.in>",
    mailTo: "owner@shop.example.in",
  });

  const order = async () => (await placeOrder(server.url, { planId, username: `alert_${seq++}` })).orderId;
  async function claimedOrder(): Promise<string> {
    const orderId = await order();
    await claimPaid(server.url, orderId, `61234567${String(utrSeq++).padStart(4, "0")}`);
    return orderId;
  }
  const orderRow = (orderId: string) =>
    handle.db.selectFrom("orders").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
  /** The alert settings' rows as stored, to show that a refusal or a test changed none. */
  const alertSettingRows = () =>
    handle.db.selectFrom("settings").selectAll().where("key", "like", "ALERTS_%").orderBy("key").execute();
  const outbox = (orderId: string) =>
    handle.db.selectFrom("alert_outbox").selectAll().where("order_id", "=", orderId).orderBy("channel").execute();
  const sentMessages = (orderId: string) =>
    telegram.callsOf("sendMessage").filter((c) => String(c.body.text).includes(orderId));
  const mailsAbout = (orderId: string) => smtp.messages.filter((m) => (m.subject ?? "").includes(orderId));

  /** Runs the jobs (only when asked here) until `check` holds: nothing waits for their interval. */
  const eventually = <T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false) =>
    afterJobs(server, what, check);

  it("sets up both channels from Settings; saving the bot token points Telegram's webhook at the shop", async () => {
    expect((await settings(emailSettings(smtp.port))).text).toContain("E-mail alerts saved");
    const saved = await settings({
      intent: "alerts-telegram",
      enabled: "on",
      telegramToken: telegram.token,
      telegramChatId: CHAT_ID,
      telegramUserIds: String(OPERATOR_ID),
    });
    expect(saved.text).toContain("Telegram alerts saved");
    expect(saved.text).not.toContain(telegram.token);
    const [hook] = telegram.callsOf("setWebhook");
    expect(hook!.body).toMatchObject({
      url: `${BASE_URL}/api/alerts/telegram`,
      allowed_updates: ["callback_query"],
    });
    expect(String(hook!.body.secret_token)).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("action", "like", "alerts.%")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["alerts.email", "alerts.telegram"]);
    expect(JSON.stringify(audit)).not.toContain(telegram.token);
  });

  it("tells the operator by e-mail and Telegram when a buyer gives a UTR, with the order's link and a Confirm button", async () => {
    const orderId = await claimedOrder();
    const link = `${BASE_URL}/admin/orders/${orderId}`;
    const [mail] = await eventually("the alert e-mail", () => mailsAbout(orderId).length > 0 && mailsAbout(orderId));
    expect(mail!.subject).toContain(`Payment to confirm`);
    expect(mail!.text).toContain(link);
    expect(mail!.to).toMatchObject({ text: "owner@shop.example.in" });
    const [message] = await eventually(
      "the Telegram message",
      () => sentMessages(orderId).length > 0 && sentMessages(orderId),
    );
    expect(message!.body.chat_id).toBe(CHAT_ID);
    expect(String(message!.body.text)).toContain(link);
    expect(message!.body.reply_markup).toEqual({
      inline_keyboard: [[{ text: "Confirm payment", callback_data: `confirm:${orderId}` }]],
    });
    const rows = await eventually("both rows sent", async () => {
      const rows = await outbox(orderId);
      return rows.every((r) => r.status === "sent") && rows;
    });
    expect(rows.map((r) => [r.channel, r.event, r.attempts])).toEqual([
      ["email", "payment_claimed", 1],
      ["telegram", "payment_claimed", 1],
    ]);
  });

  it("confirms the payment from the button in the operator's chat: paid by the operator, audited, answered", async () => {
    const orderId = await claimedOrder();
    const res = await pressConfirm(server.url, { orderId, chatId: CHAT_ID, secret: telegram.webhookSecret() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, outcome: "confirmed" });
    const row = await orderRow(orderId);
    expect(row.paid_at).not.toBeNull();
    expect(row.paid_by).toBe("owner");
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["action", "actor"])
      .where("target_id", "=", orderId)
      .orderBy("id")
      .execute();
    expect(audit).toContainEqual({ action: "order.confirmPayment", actor: "owner" });
    expect(audit).toContainEqual({ action: "alerts.telegram-confirm", actor: "telegram:ravi_ops" });
    const answers = telegram.callsOf("answerCallbackQuery");
    expect(answers.at(-1)!.body.text).toBe(`Payment confirmed for order ${orderId}`);

    // Pressed again: nothing more happens, and the operator is told why.
    const again = await pressConfirm(server.url, { orderId, chatId: CHAT_ID, secret: telegram.webhookSecret() });
    expect(await again.json()).toEqual({ success: true, outcome: "refused" });
    expect((await orderRow(orderId)).paid_at).toBe(row.paid_at);
  });

  it("confirms nothing for a forged callback (wrong or no secret header) or one from another chat", async () => {
    const orderId = await claimedOrder();
    const before = await orderRow(orderId);
    const auditBefore = await handle.db.selectFrom("audit_log").select("id").execute();
    for (const secret of ["not-the-secret", null, `${telegram.webhookSecret()}x`]) {
      const res = await pressConfirm(server.url, { orderId, chatId: CHAT_ID, secret });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false });
    }
    expect(await handle.db.selectFrom("audit_log").select("id").execute()).toHaveLength(auditBefore.length);

    const elsewhere = await pressConfirm(server.url, { orderId, chatId: "5550001", secret: telegram.webhookSecret() });
    expect(await elsewhere.json()).toEqual({ success: true, outcome: "refused" });
    expect(await orderRow(orderId)).toEqual(before);
    const refused = await handle.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", orderId)
      .where("action", "=", "alerts.telegram-refused")
      .execute();
    expect(refused).toHaveLength(1);
  });

  // Security round 3, finding 4: anyone in the operator's chat could send the button's callback (with any order id)
  // from a modified client, and a payment no longer waiting (cancelled) was confirmed too.
  it("confirms only for the operator's Telegram user ids, only a payment still waiting, each press once", async () => {
    const secret = telegram.webhookSecret();
    const refusals = () =>
      handle.db.selectFrom("audit_log").select("details").where("action", "=", "alerts.telegram-refused").execute();
    const refusedBefore = (await refusals()).length;

    const claimed = await claimedOrder();
    const member = await pressConfirm(server.url, {
      orderId: claimed,
      chatId: CHAT_ID,
      secret,
      fromId: CHAT_MEMBER_ID,
    });
    expect(await member.json()).toEqual({ success: true, outcome: "refused" });
    expect((await orderRow(claimed)).paid_at).toBeNull();
    expect(telegram.callsOf("answerCallbackQuery").at(-1)!.body.text).toBe(
      `Only the Telegram users named in Settings → Alerts may confirm payments (your user id: ${CHAT_MEMBER_ID}).`,
    );

    const cancelled = await claimedOrder();
    const cancel = await fetch(`${server.url}/api/admin/orders/${cancelled}/cancel`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/json" },
      body: "{}",
    });
    expect(cancel.status).toBe(200);
    const late = await pressConfirm(server.url, { orderId: cancelled, chatId: CHAT_ID, secret });
    expect(await late.json()).toEqual({ success: true, outcome: "refused" });
    expect((await orderRow(cancelled)).status).toBe("cancelled");
    expect(telegram.callsOf("answerCallbackQuery").at(-1)!.body.text).toBe(
      "This payment is no longer waiting to be confirmed: open the order in the admin",
    );

    // One press, sent again with another order's id: the first confirms, the replay nothing.
    const [first, second] = [await claimedOrder(), await claimedOrder()];
    const press = { chatId: CHAT_ID, secret, callbackId: `press-${Date.now()}` };
    expect(await (await pressConfirm(server.url, { ...press, orderId: first })).json()).toMatchObject({
      outcome: "confirmed",
    });
    expect(await (await pressConfirm(server.url, { ...press, orderId: second })).json()).toMatchObject({
      outcome: "refused",
    });
    expect((await orderRow(first)).paid_at).not.toBeNull();
    expect((await orderRow(second)).paid_at).toBeNull();

    const reasons = (await refusals()).slice(refusedBefore).map((r) => JSON.parse(r.details!) as { reason?: string });
    expect(reasons.map((r) => r.reason)).toEqual([
      "not one of the operator's Telegram user ids",
      "the same button press again",
    ]);
    const failed = await handle.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "alerts.telegram-confirm")
      .where("target_id", "=", cancelled)
      .execute();
    expect(failed.map((f) => JSON.parse(f.details!) as { failed?: string })).toEqual([
      expect.objectContaining({
        failed: "This payment is no longer waiting to be confirmed: open the order in the admin",
      }),
    ]);
  });

  it("confirms nothing from Telegram until the operator's user id is set", async () => {
    const withoutIds = await settings({ intent: "alerts-telegram", enabled: "on", telegramChatId: CHAT_ID });
    expect(withoutIds.text).toContain("Add your Telegram user id for the Confirm button to work");
    const orderId = await claimedOrder();
    const res = await pressConfirm(server.url, { orderId, chatId: CHAT_ID, secret: telegram.webhookSecret() });
    expect(await res.json()).toEqual({ success: true, outcome: "refused" });
    expect((await orderRow(orderId)).paid_at).toBeNull();
    const bad = await settings({
      intent: "alerts-telegram",
      enabled: "on",
      telegramChatId: CHAT_ID,
      telegramUserIds: "@ravi",
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("A Telegram user id is a number");
    await settings({
      intent: "alerts-telegram",
      enabled: "on",
      telegramChatId: CHAT_ID,
      telegramUserIds: `${OPERATOR_ID}, 333`,
    });
  });

  it("retries a failing channel with growing waits, and sends each alert once", async () => {
    // Earlier tests' alerts out of the way first, so the failures below fall on this one.
    await handle.db
      .updateTable("alert_outbox")
      .set({ next_attempt_at: Date.now() - 1 })
      .where("status", "=", "pending")
      .execute();
    await eventually("the outbox to be quiet", async () => {
      const busy = await handle.db
        .selectFrom("alert_outbox")
        .select("id")
        .where("status", "in", ["pending", "sending"])
        .execute();
      return busy.length === 0;
    });
    telegram.failNext(2);
    smtp.refuseNext(1);
    const orderId = await claimedOrder();
    const tries = () => sentMessages(orderId);
    const waits = async () => {
      const [email, chat] = await outbox(orderId);
      return { email: email!, chat: chat! };
    };
    /** The retries' wait is over (as if it had passed): both rows are due, and the jobs take their turn. */
    const waitOver = async () => {
      await handle.db
        .updateTable("alert_outbox")
        .set({ next_attempt_at: Date.now() - 1 })
        .where("order_id", "=", orderId)
        .where("status", "=", "pending")
        .execute();
      await runJobs(server);
    };

    // The first try fails on both channels; each waits the base before the next.
    await runJobs(server);
    let rows = await waits();
    expect([rows.email.status, rows.email.attempts, rows.chat.status, rows.chat.attempts]).toEqual([
      "pending",
      1,
      "pending",
      1,
    ]);
    expect(tries()).toHaveLength(1);
    expect(rows.chat.next_attempt_at - tries()[0]!.at).toBeGreaterThanOrEqual(RETRY_BASE_MS);
    // Before the wait is over, the jobs' turns try nothing again.
    await runJobs(server);
    expect(tries()).toHaveLength(1);
    expect(mailsAbout(orderId)).toHaveLength(0);

    // The second: e-mail goes through; Telegram fails again and waits twice as long.
    await waitOver();
    rows = await waits();
    expect([rows.email.status, rows.email.attempts, rows.chat.status, rows.chat.attempts]).toEqual([
      "sent",
      2,
      "pending",
      2,
    ]);
    expect(tries()).toHaveLength(2);
    expect(rows.chat.next_attempt_at - tries()[1]!.at).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS);

    // The third: Telegram goes through.
    await waitOver();
    rows = await waits();
    expect([rows.chat.status, rows.chat.attempts]).toEqual(["sent", 3]);
    expect(tries()).toHaveLength(3);
    await eventually("the e-mail received", () => mailsAbout(orderId).length > 0);
    expect(mailsAbout(orderId)).toHaveLength(1);

    // Later turns send nothing more for it: a later alert goes out, this one stays sent once.
    const later = await claimedOrder();
    await eventually("a later alert", () => sentMessages(later).length > 0);
    expect(sentMessages(orderId)).toHaveLength(3);
    expect(mailsAbout(orderId)).toHaveLength(1);
  });

  it("tells of a payment credit that matched no order, linking to the payments waiting for the operator", async () => {
    // The alert names the shop's own account ("A/c xx1234"), so it is read, and waits for lack of an order.
    await setFirstAccount(handle.db);
    const secret = await rotateSmsSecret(handle.db);
    const body = gatewayBody(hdfcCreditSms(98_765_43, "699988877766"));
    expect((await postSms(server.url, body, signedHeaders(secret, body))).status).toBe(200);
    const [message] = await eventually("the unmatched-credit alert", () => {
      const found = telegram.callsOf("sendMessage").filter((c) => String(c.body.text).includes("matched no order"));
      return found.length > 0 && found;
    });
    expect(String(message!.body.text)).toContain("₹98,765.43");
    expect(String(message!.body.text)).toContain("UTR: 699988877766");
    expect(String(message!.body.text)).toContain(`${BASE_URL}/admin/payments`);
    expect(message!.body.reply_markup).toBeUndefined();
  });

  it("sends the daily summary once a day from the chosen time, and a low panel balance once", async () => {
    // Every event, the summary due from 00:00 IST (so now), and a threshold above the panel's balance.
    const saved = await fetch(`${server.url}/admin/settings.data`, {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "alerts-events"],
        ...ALERT_EVENTS.map((e) => ["events", e]),
        ["dailySummaryTime", "00:00"],
        ["balanceThreshold", "30000"],
      ]),
      headers: { cookie, origin: server.url },
    });
    expect(await saved.text()).toContain("Alert choices saved");
    const texts = () => telegram.callsOf("sendMessage").map((c) => String(c.body.text));
    await eventually(
      "the summary and the balance alert",
      () =>
        texts().some((t) => t.startsWith("Summary for")) && texts().some((t) => t.startsWith("Panel balance is low")),
    );
    expect(texts().find((t) => t.startsWith("Panel balance is low"))).toContain("(alert below ₹30,000)");
    const later = await claimedOrder();
    await eventually("a later alert", () => sentMessages(later).length > 0);
    expect(texts().filter((t) => t.startsWith("Summary for"))).toHaveLength(1);
    expect(texts().filter((t) => t.startsWith("Panel balance is low"))).toHaveLength(1);
    expect(
      await handle.db.selectFrom("alert_outbox").select("channel").where("event", "=", "daily_summary").execute(),
    ).toHaveLength(2);
  });

  it("lets only one of several workers claim a row, and takes over a row whose worker stopped", async () => {
    // An hour ahead: never due for the server's own job while this test works on the row.
    const now = Date.now() + 3_600_000;
    await queueAlert(
      handle.db,
      { event: "low_balance", eventKey: `test:${now}`, facts: { title: "t", lines: [], orderId: "ZZTEST", path: "/" } },
      now,
    );
    // The same event again is not queued again.
    await queueAlert(
      handle.db,
      { event: "low_balance", eventKey: `test:${now}`, facts: { title: "t", lines: [], orderId: "ZZTEST", path: "/" } },
      now,
    );
    const [row] = await handle.db
      .selectFrom("alert_outbox")
      .selectAll()
      .where("event_key", "=", `test:${now}`)
      .where("channel", "=", "email")
      .execute();
    expect(row).toBeDefined();
    // A worker took it and stopped.
    await handle.db
      .updateTable("alert_outbox")
      .set({ status: "sending", claimed_at: now })
      .where("event_key", "=", `test:${now}`)
      .execute();
    const stale = { ...row!, status: "sending" as const, claimed_at: now };
    const policy = { ...DEFAULT_RETRY, claimTimeoutMs: 1_000 };

    expect((await dueAlerts(handle.db, now + 500, policy)).map((r) => r.id)).not.toContain(row!.id);
    const later = now + 2_000;
    expect((await dueAlerts(handle.db, later, policy)).map((r) => r.id)).toContain(row!.id);
    const claims = await Promise.all([1, 2, 3].map(() => claimAlert(handle.db, stale, later)));
    expect(claims.filter((c) => c !== null)).toEqual([1]);

    // The stopped worker coming back late cannot overwrite the new claim's outcome.
    await finishAlert(handle.db, row!.id, 0, {
      status: "sent",
      next_attempt_at: later,
      last_error: null,
      sent_at: later,
    });
    expect(
      (await handle.db.selectFrom("alert_outbox").select("status").where("id", "=", row!.id).executeTakeFirstOrThrow())
        .status,
    ).toBe("sending");
    await handle.db.deleteFrom("alert_outbox").where("event_key", "=", `test:${now}`).execute();
  });

  it("forgets alerts sent or given up long ago, never one still to send", async () => {
    const old = Date.now() - 3_600_000;
    // Still to send (an hour ahead, out of the server's way), though queued long ago.
    const waiting = await handle.db
      .insertInto("alert_outbox")
      .values({
        event_key: `waiting:${old}`,
        channel: "email",
        event: "refund_due",
        order_id: null,
        facts: JSON.stringify({ title: "t", lines: [], orderId: null, path: "/" }),
        status: "pending",
        next_attempt_at: Date.now() + 3_600_000,
        claimed_at: null,
        last_error: null,
        created_at: old,
        sent_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const cutoff = Date.now();
    expect(await pruneAlerts(handle.db, cutoff)).toBeGreaterThan(0);
    const done = await handle.db
      .selectFrom("alert_outbox")
      .select("id")
      .where("status", "in", ["sent", "failed"])
      .where("created_at", "<", cutoff)
      .execute();
    expect(done).toEqual([]);
    const kept = await handle.db.selectFrom("alert_outbox").select("id").where("id", "=", waiting.id).execute();
    expect(kept).toHaveLength(1);
    await handle.db.deleteFrom("alert_outbox").where("id", "=", waiting.id).execute();
  });

  it("creates and confirms orders normally with every channel down, and keeps their alerts for later", async () => {
    telegram.failNext(1_000);
    await smtp.stop();
    try {
      const orderId = await claimedOrder();
      const res = await fetch(`${server.url}/api/admin/orders/${orderId}/confirm-payment`, {
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(200);
      expect((await orderRow(orderId)).paid_by).toBe("owner");
      const rows = await eventually("both channels to have failed once", async () => {
        const rows = await outbox(orderId);
        return rows.length === 2 && rows.every((r) => r.attempts >= 1 && r.last_error) && rows;
      });
      expect(rows.every((r) => r.status === "pending" || r.status === "sending")).toBe(true);
      expect(rows.find((r) => r.channel === "email")!.last_error).toContain("Could not reach the SMTP server");
      expect(rows.find((r) => r.channel === "telegram")!.last_error).toContain("502");
    } finally {
      telegram.failNext(0);
      smtp = await startSmtpSink();
    }
  });

  it("forgets the queued alerts of an order the operator deletes, and of every order the danger zone deletes", async () => {
    telegram.failNext(1_000);
    await smtp.stop();
    try {
      const deleted = await claimedOrder();
      const kept = await claimedOrder();
      await eventually("both orders' alerts queued", async () => (await outbox(kept)).length === 2);
      expect(await outbox(deleted)).toHaveLength(2);
      const res = await fetch(`${server.url}/api/admin/orders/${deleted}`, {
        method: "DELETE",
        headers: { cookie, origin: server.url },
      });
      expect(res.status).toBe(200);
      expect(await outbox(deleted)).toEqual([]);
      expect(await outbox(kept)).toHaveLength(2);

      const wiped = await fetch(`${server.url}/api/admin/delete-selected-data`, {
        method: "DELETE",
        headers: { cookie, origin: server.url, "content-type": "application/json" },
        body: JSON.stringify({ deleteOptions: ["orders"] }),
      });
      expect(wiped.status).toBe(200);
      const left = await handle.db.selectFrom("alert_outbox").select("id").where("order_id", "is not", null).execute();
      expect(left).toEqual([]);
    } finally {
      telegram.failNext(0);
      smtp = await startSmtpSink();
    }
  });

  it("Send test answers with the channel's own words and changes nothing", async () => {
    // The SMTP server moved (restarted on another port): the saved one is unreachable now.
    const before = await alertSettingRows();
    const email = await settings({ intent: "alerts-test", channel: "email" });
    expect(email.text).toContain("Could not reach the SMTP server 127.0.0.1");
    expect(await alertSettingRows()).toEqual(before);

    const telegramTest = await settings({ intent: "alerts-test", channel: "telegram" });
    expect(telegramTest.text).toContain("Telegram: test alert sent");

    await settings(emailSettings(smtp.port));
    expect((await settings({ intent: "alerts-test", channel: "email" })).text).toContain("E-mail: test alert sent");
    await eventually("the test mail", () => smtp.messages.some((m) => (m.subject ?? "").includes("Test alert")));

    // A wrong bot token: Telegram's own refusal, shown as such.
    await settings({
      intent: "alerts-telegram",
      enabled: "on",
      telegramToken: "987654321:AAWrongWrongWrongWrongWrong",
      telegramChatId: CHAT_ID,
    });
    const wrong = await settings({ intent: "alerts-test", channel: "telegram" });
    expect(wrong.text).toContain("Telegram refused the bot token (Unauthorized)");
  });

  it("a refusal posted as a whole page (before the page's scripts ran) keeps what was typed, under the field, and saves nothing", async () => {
    const before = await alertSettingRows();
    // Issue 45: "From" left empty (its placeholder looked like a value) lost every typed field and said nothing.
    const typed = {
      intent: "alerts-email",
      enabled: "on",
      smtpHost: "smtp.typed-host.example.in",
      smtpPort: "465",
      smtpSecurity: "tls",
      smtpUser: "typed-user@example.in",
      smtpPassword: "abcd efgh ijkl mnop",
      mailFrom: "",
      mailTo: "typed-owner@example.in",
    };
    const res = await fetch(`${server.url}/admin/settings`, {
      method: "POST",
      body: new URLSearchParams(typed),
      headers: { cookie, origin: server.url, accept: "text/html" },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    const email = html.slice(html.indexOf('id="alerts-email"'));
    expect(email).toMatch(/value="smtp.typed-host.example.in"/);
    expect(email).toMatch(/value="typed-user@example.in"/);
    expect(email).toMatch(/value="typed-owner@example.in"/);
    expect(email).toMatch(/<option value="tls" selected=""/);
    // The refusal under From (its error element names the From field's id), the password asked for again, never echoed.
    expect(email).toMatch(/id="alerts-email-mailFrom-error"[^>]*>Give the SMTP host, From and To before switching/);
    expect(email).toContain("Type it again: a password or key is never sent back to the page");
    expect(html).not.toContain("abcd efgh ijkl mnop");
    // Posted again to its own place on the page.
    expect(html).toContain('action="/admin/settings#alerts-email"');
    expect(await alertSettingRows()).toEqual(before);
  });
});
