import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "~/db/database.server";
import type { DB } from "~/db/database.server";
import { alertSettingsSchema } from "~/domain/operator-alerts/alert-settings";
import { saveAlertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { openComplaint } from "~/domain/complaints/complaints.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { carryOutErasures, requestErasure } from "~/domain/privacy/erasure.server";
import { testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

const T0 = Date.UTC(2026, 10, 20, 4, 30);
const PHONE = "+919812345678";
const TYPED_PHONE = "98123 45678";
/** Everything personal the fixture stores about the buyer; none of it may be found afterwards. */
const PERSONAL = [
  "Priya Sharma",
  "9812345678",
  "priya@example.com",
  "priya.s@okaxis",
  "PRIYA SHARMA",
  "priya.bakes",
  "instagram.com/p/Cx1",
  "Great work!",
  "203.0.113.7",
];

/** "Erase my data" (issue 51, point 3): everything listed goes, money records stay, on both databases. */
describe.each(testDatabases())("a buyer's erasure on $name", (kind) => {
  let h: DatabaseHandle;
  let target: DatabaseTarget;
  let drop: () => Promise<void>;
  afterEach(async () => {
    await h?.close();
    await drop?.();
  });

  async function setUp() {
    const created = await kind.createMigrated();
    target = created.target;
    drop = created.drop;
    h = openDatabase(target);
    // The operator hears of erasures on Telegram (queued in the outbox; the alert job sends them).
    await saveAlertSettings(h.db, {
      settings: alertSettingsSchema.parse({ telegram: { enabled: true, chatId: "42", operatorIds: [] } }),
      telegramToken: "123456:AAtokenForTheTestsOnly",
    });
  }

  /** A paid order of the buyer with every kind of personal data the shop keeps about one. */
  async function buyerOrder(db: DB, status: "delivered" | "delivering", utr: string) {
    const order = await makeOrder(db, {
      status,
      created_at: T0 - 86_400_000,
      paid_at: T0 - 86_000_000,
      paid_by: "bank-alert:sms",
      utr,
      service_type: "comments",
      target: "https://www.instagram.com/p/Cx1/",
      target_username: "priya.bakes",
      comments: JSON.stringify(["Great work!", "Love it"]),
      customer_email: "priya@example.com",
      refund_upi_id: "priya.s@okaxis",
      whatsapp_opt_in_at: T0 - 86_400_000,
      whatsapp_opt_in_version: "1",
      payment_evidence: JSON.stringify({ utr, payerVpa: "priya.s@okaxis", payerName: "PRIYA SHARMA", creditId: 1 }),
      panel_request: JSON.stringify({ panelId: 1, link: "https://www.instagram.com/p/Cx1/", at: T0 }),
    });
    const id = order.order_id;
    await db
      .insertInto("buyer_push_subscriptions")
      .values({ order_id: id, endpoint: `https://push.example/${id}`, p256dh: "k", auth: "a", created_at: T0 })
      .execute();
    await db.insertInto("whatsapp_links").values({ order_id: id, linked_at: T0 }).execute();
    await db
      .insertInto("payment_credits")
      .values({
        source: "sms",
        dedupe_key: `utr:${utr}`,
        amount_paise: order.price_paise,
        utr,
        payer_vpa: "priya.s@okaxis",
        credited_at: T0 - 86_100_000,
        received_at: T0 - 86_100_000,
        evidence: JSON.stringify({ text: `Rs 349 credited by PRIYA SHARMA UPI Ref ${utr}`, from: "VM-HDFCBK" }),
        status: "confirmed",
        reason: null,
        order_id: id,
        resolved_by: null,
        resolved_at: null,
        resolution_note: null,
      })
      .execute();
    await db
      .insertInto("alert_outbox")
      .values({
        event_key: `test:${id}`,
        channel: "buyer_email",
        event: "refill_done",
        order_id: id,
        facts: JSON.stringify({ event: "refill_done", locale: "en", orderId: id, values: { orderId: id } }),
        status: "sent",
        next_attempt_at: T0,
        claimed_at: null,
        last_error: null,
        created_at: T0 - 1000,
        sent_at: T0 - 500,
      })
      .execute();
    await openComplaint(
      db,
      { orderId: id, message: "Only 2 comments came. Call me on 98123 45678 or priya@example.com" },
      T0 - 3_600_000,
    );
    await recordAudit(
      db,
      {
        actor: "buyer",
        action: "order.refundUpiGiven",
        targetType: "order",
        targetId: id,
        details: { upiId: "priya.s@okaxis" },
        client: { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (Linux; Android 13)" },
      },
      T0 - 3_000_000,
    );
    return order;
  }

  async function everything(db: DB): Promise<string> {
    const tables = [
      "orders",
      "payment_credits",
      "complaints",
      "audit_log",
      "alert_outbox",
      "buyer_push_subscriptions",
      "whatsapp_links",
      "whatsapp_chats",
      "erasure_requests",
    ] as const;
    const rows = await Promise.all(tables.map((t) => db.selectFrom(t).selectAll().execute()));
    return JSON.stringify(rows);
  }

  it("erases every finished order of the phone, keeps the money record, tells the operator and audits without the data", async () => {
    await setUp();
    const a = await buyerOrder(h.db, "delivered", "412345678901");
    const b = await buyerOrder(h.db, "delivered", "412345678902");
    await h.db
      .insertInto("whatsapp_chats")
      .values({ wa_id: "919812345678", last_inbound_at: T0, stopped_at: null, updated_at: T0 })
      .execute();
    const other = await makeOrder(h.db, {
      customer_phone: "+919876500000",
      customer_name: "Someone Else",
      target: "someone.else",
    });

    const outcome = await requestErasure(h.db, { orderId: a.order_id, phone: TYPED_PHONE }, T0);
    expect(outcome.reference).toMatch(/^ERA-[2-9A-Z]{8}$/);
    expect([...outcome.erased].sort()).toEqual([a.order_id, b.order_id].sort());
    expect(outcome.waiting).toEqual([]);

    const stored = await everything(h.db);
    for (const word of PERSONAL) expect(stored, word).not.toContain(word);

    // The money record stays: id, plan, amount, dates, payment reference.
    const kept = await h.db
      .selectFrom("orders")
      .selectAll()
      .where("order_id", "in", [a.order_id, b.order_id])
      .execute();
    for (const row of kept) {
      expect(row).toMatchObject({
        customer_name: null,
        customer_phone: null,
        customer_email: null,
        refund_upi_id: null,
        target: "",
        target_username: null,
        target_key: null,
        comments: null,
        whatsapp_opt_in_at: null,
        plan_name: "Popular Followers",
        price_paise: 34_900,
        paid_at: T0 - 86_000_000,
        anonymised_at: T0,
      });
      expect(row.utr).toMatch(/^41234567890[12]$/);
      expect(JSON.parse(row.payment_evidence!)).toEqual({ utr: row.utr, creditId: 1 });
    }
    const credits = await h.db.selectFrom("payment_credits").selectAll().execute();
    expect(credits.map((c) => [c.utr, c.amount_paise, c.payer_vpa])).toEqual([
      ["412345678901", 34_900, null],
      ["412345678902", 34_900, null],
    ]);
    expect(await h.db.selectFrom("buyer_push_subscriptions").selectAll().execute()).toEqual([]);
    expect(await h.db.selectFrom("whatsapp_links").selectAll().execute()).toEqual([]);
    expect(await h.db.selectFrom("whatsapp_chats").selectAll().execute()).toEqual([]);
    const complaint = await h.db
      .selectFrom("complaints")
      .select("message")
      .where("order_id", "=", a.order_id)
      .executeTakeFirstOrThrow();
    expect(complaint.message).toBe("Only 2 comments came. Call me on [erased] or [erased]");

    // Someone else's order is untouched.
    expect(
      await h.db.selectFrom("orders").selectAll().where("order_id", "=", other.order_id).executeTakeFirst(),
    ).toEqual(other);

    // The audit and the operator's alert name the request and the orders, nothing more.
    const audit = await h.db.selectFrom("audit_log").selectAll().where("target_type", "=", "erasure").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: "buyer",
      action: "privacy.erasureRequested",
      target_id: outcome.reference,
    });
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({ erased: outcome.erased, waiting: [] });
    const alerts = await h.db.selectFrom("alert_outbox").selectAll().where("event", "=", "data_erasure").execute();
    expect(alerts.map((r) => [r.channel, r.event_key])).toEqual([
      ["telegram", `data_erasure:requested:${outcome.reference}`],
    ]);

    // Asked again: the phone no longer owns any order.
    await expect(requestErasure(h.db, { orderId: a.order_id, phone: TYPED_PHONE }, T0 + 1)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("refuses a wrong phone and changes nothing", async () => {
    await setUp();
    const a = await buyerOrder(h.db, "delivered", "412345678901");
    const before = await everything(h.db);
    await expect(requestErasure(h.db, { orderId: a.order_id, phone: "98123 00000" }, T0)).rejects.toMatchObject({
      code: "NOT_FOUND",
      details: { reason: "ERASE_NO_MATCH" },
    });
    await expect(requestErasure(h.db, { orderId: "NOPE123", phone: TYPED_PHONE }, T0)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await everything(h.db)).toBe(before);
  });

  it("keeps a running order's request across a restart and carries it out once, after its last update went", async () => {
    await setUp();
    const done = await buyerOrder(h.db, "delivered", "412345678901");
    const running = await buyerOrder(h.db, "delivering", "412345678902");

    const outcome = await requestErasure(h.db, { orderId: running.order_id, phone: TYPED_PHONE }, T0);
    expect(outcome).toMatchObject({ erased: [done.order_id], waiting: [running.order_id] });
    // A second tap finds the same request.
    const again = await requestErasure(h.db, { orderId: running.order_id, phone: TYPED_PHONE }, T0 + 1);
    expect(again.reference).toBe(outcome.reference);
    expect(await h.db.selectFrom("erasure_requests").selectAll().execute()).toHaveLength(1);
    // What delivering needs is still there.
    const mid = await h.db
      .selectFrom("orders")
      .selectAll()
      .where("order_id", "=", running.order_id)
      .executeTakeFirstOrThrow();
    expect(mid).toMatchObject({ target: "https://www.instagram.com/p/Cx1/", customer_phone: PHONE });

    // The shop restarts.
    await h.close();
    h = openDatabase(target);
    expect(await carryOutErasures(h.db, T0 + 60_000)).toBe(0);

    // Delivered: its last update is queued for the buyer; the erasure waits for it to go.
    await transitionOrder(h.db, running.order_id, "delivered", {
      actor: { kind: "system", job: "panel-sync" },
      reason: "panel completed",
      now: T0 + 120_000,
    });
    await h.db
      .insertInto("alert_outbox")
      .values({
        event_key: `test:last:${running.order_id}`,
        channel: "buyer_email",
        event: "delivered",
        order_id: running.order_id,
        facts: "{}",
        status: "pending",
        next_attempt_at: T0,
        claimed_at: null,
        last_error: null,
        created_at: T0 + 120_000,
        sent_at: null,
      })
      .execute();
    expect(await carryOutErasures(h.db, T0 + 180_000)).toBe(0);
    // The outbox job sends it (and the WhatsApp "delivered" the transition queued for the opted-in buyer).
    await h.db
      .updateTable("alert_outbox")
      .set({ status: "sent", sent_at: T0 + 200_000 })
      .where("order_id", "=", running.order_id)
      .where("status", "=", "pending")
      .execute();

    // Two instances' jobs at once: one erases, the other finds it done.
    const runs = await Promise.all([carryOutErasures(h.db, T0 + 240_000), carryOutErasures(h.db, T0 + 240_000)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await carryOutErasures(h.db, T0 + 300_000)).toBe(0);

    const stored = await everything(h.db);
    for (const word of PERSONAL) expect(stored, word).not.toContain(word);
    const request = await h.db.selectFrom("erasure_requests").selectAll().executeTakeFirstOrThrow();
    expect(request.done_at).toBe(T0 + 240_000);
    const audit = await h.db
      .selectFrom("audit_log")
      .select(["action", "actor"])
      .where("target_type", "=", "erasure")
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "privacy.erasureRequested", actor: "buyer" },
      { action: "privacy.erasureDone", actor: "system" },
    ]);
    const alerts = await h.db
      .selectFrom("alert_outbox")
      .select("event_key")
      .where("event", "=", "data_erasure")
      .orderBy("id")
      .execute();
    expect(alerts.map((a) => a.event_key)).toEqual([
      `data_erasure:requested:${outcome.reference}`,
      `data_erasure:done:${outcome.reference}`,
    ]);
  });
});
