import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { alertSettingsSchema } from "~/domain/operator-alerts/alert-settings";
import { saveAlertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { HOUR_MS } from "~/domain/complaints/clocks";
import {
  acknowledgeComplaint,
  complaintsForOrder,
  listComplaints,
  openComplaint,
  resolveComplaint,
  warnComplaintClocks,
} from "~/domain/complaints/complaints.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

const T0 = Date.UTC(2026, 10, 20, 4, 30);
const owner = { name: "owner" };

/** Complaints (issue 51, point 1) with their E-Commerce Rules clocks, on both databases. */
describe.each(testDatabases())("complaints on $name", (kind) => {
  let h: DatabaseHandle & { cleanup(): Promise<void> };
  afterEach(async () => h?.cleanup());

  async function setUp() {
    h = await freshDatabase(kind);
    // The operator hears of complaints on Telegram (queued in the outbox; the alert job sends them).
    await saveAlertSettings(h.db, {
      settings: alertSettingsSchema.parse({ telegram: { enabled: true, chatId: "42", operatorIds: [] } }),
      telegramToken: "123456:AAtokenForTheTestsOnly",
    });
    return makeOrder(h.db, { status: "delivering", paid_at: T0 - HOUR_MS, paid_by: "owner" });
  }
  const outbox = () => h.db.selectFrom("alert_outbox").select(["event", "event_key", "facts"]).orderBy("id").execute();

  it("opens a ticket with both clocks, once for a double tap, and tells the operator", async () => {
    const order = await setUp();
    const words = "Followers stopped at 400 of 1000 two days ago.";
    const [a, b] = await Promise.all([
      openComplaint(h.db, { orderId: order.order_id, message: words }, T0),
      openComplaint(h.db, { orderId: order.order_id, message: `  ${words} ` }, T0),
    ]);
    expect(a.ticket).toMatch(/^CMP-[2-9A-Z]{8}$/);
    expect(b.ticket).toBe(a.ticket);
    expect(a).toMatchObject({
      status: "open",
      ack_due_at: T0 + 48 * HOUR_MS,
      resolve_due_at: Date.UTC(2026, 11, 20, 4, 30),
    });
    expect(await complaintsForOrder(h.db, order.order_id)).toHaveLength(1);
    const alerts = await outbox();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ event: "complaint", event_key: `complaint:opened:${a.ticket}` });
    expect(JSON.parse(alerts[0]!.facts)).toMatchObject({
      title: `New complaint ${a.ticket} about order ${order.order_id}`,
    });
  });

  it("sends the buyer the ticket number on their update channel, once per ticket, in their language", async () => {
    await setUp();
    const order = await makeOrder(h.db, {
      status: "delivering",
      paid_at: T0 - HOUR_MS,
      paid_by: "owner",
      whatsapp_opt_in_at: T0 - HOUR_MS,
      locale: "hi",
    });
    const words = "Likes went to the wrong post yesterday.";
    const c = await openComplaint(h.db, { orderId: order.order_id, message: words }, T0);
    await openComplaint(h.db, { orderId: order.order_id, message: words }, T0);
    const buyer = (await outbox()).filter((row) => row.event === "complaint_opened");
    expect(buyer).toEqual([
      expect.objectContaining({ event: "complaint_opened", event_key: `buyer:complaint_opened:${c.ticket}` }),
    ]);
    expect(JSON.parse(buyer[0]!.facts)).toMatchObject({
      locale: "hi",
      orderId: order.order_id,
      values: { ticket: c.ticket, orderId: order.order_id },
    });
  });

  it("refuses too little, too much, and a fourth open complaint for one order, changing nothing", async () => {
    const order = await setUp();
    await expect(openComplaint(h.db, { orderId: order.order_id, message: "bad" }, T0)).rejects.toMatchObject({
      details: { reason: "COMPLAINT_TOO_SHORT" },
    });
    await expect(openComplaint(h.db, { orderId: order.order_id, message: "x".repeat(1001) }, T0)).rejects.toMatchObject(
      { details: { reason: "COMPLAINT_TOO_LONG" } },
    );
    for (const n of [1, 2, 3])
      await openComplaint(h.db, { orderId: order.order_id, message: `Problem number ${n}` }, T0);
    await expect(
      openComplaint(h.db, { orderId: order.order_id, message: "Problem number 4" }, T0),
    ).rejects.toMatchObject({ details: { reason: "COMPLAINT_TOO_MANY" } });
    expect(await complaintsForOrder(h.db, order.order_id)).toHaveLength(3);
  });

  it("warns before each clock runs out, once, and records every step in the audit", async () => {
    const order = await setUp();
    const c = await openComplaint(h.db, { orderId: order.order_id, message: "Wrong account got the likes" }, T0);
    // 35 hours in: nothing yet. 36 hours: 12 hours left to acknowledge, warned once however often the job runs.
    expect(await warnComplaintClocks(h.db, T0 + 35 * HOUR_MS)).toBe(0);
    expect(await warnComplaintClocks(h.db, T0 + 36 * HOUR_MS)).toBe(1);
    expect(await warnComplaintClocks(h.db, T0 + 37 * HOUR_MS)).toBe(0);
    expect((await outbox()).map((a) => a.event_key)).toEqual([
      `complaint:opened:${c.ticket}`,
      `complaint:ackDueSoon:${c.ticket}`,
    ]);

    const acked = await acknowledgeComplaint(h.db, owner, c.ticket, "Checking with the panel", T0 + 40 * HOUR_MS);
    expect(acked).toMatchObject({
      status: "acknowledged",
      acknowledged_by: "owner",
      ack_note: "Checking with the panel",
    });
    await expect(acknowledgeComplaint(h.db, owner, c.ticket, "again", T0 + 41 * HOUR_MS)).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
    });
    await expect(resolveComplaint(h.db, owner, c.ticket, "   ", T0 + 41 * HOUR_MS)).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    // 5 days before the month is up: the resolution clock's warning.
    const resolveWarnAt = Date.UTC(2026, 11, 15, 4, 30);
    expect(await warnComplaintClocks(h.db, resolveWarnAt - 1)).toBe(0);
    expect(await warnComplaintClocks(h.db, resolveWarnAt)).toBe(1);
    const resolved = await resolveComplaint(
      h.db,
      owner,
      c.ticket,
      "Refilled 600 likes to the right post",
      resolveWarnAt + HOUR_MS,
    );
    expect(resolved).toMatchObject({ status: "resolved", resolution_note: "Refilled 600 likes to the right post" });
    expect(await warnComplaintClocks(h.db, resolveWarnAt + 10 * 24 * HOUR_MS)).toBe(0);

    const trail = (await auditTrailFor(h.db, "complaint", c.ticket)).map((e) => [e.action, e.actor]).reverse();
    expect(trail).toEqual([
      ["complaint.opened", "buyer"],
      ["complaint.ackDueSoon", "system"],
      ["complaint.acknowledged", "owner"],
      ["complaint.resolveDueSoon", "system"],
      ["complaint.resolved", "owner"],
    ]);
    expect((await listComplaints(h.db))[0]!.ticket).toBe(c.ticket);
  });

  it("lists running complaints by the clock due first, resolved ones last", async () => {
    const order = await setUp();
    const older = await openComplaint(h.db, { orderId: order.order_id, message: "First problem here" }, T0);
    const newer = await openComplaint(h.db, { orderId: order.order_id, message: "Second problem here" }, T0 + HOUR_MS);
    await resolveComplaint(h.db, owner, older.ticket, "Sorted on WhatsApp", T0 + 2 * HOUR_MS);
    const third = await openComplaint(
      h.db,
      { orderId: order.order_id, message: "Third problem here" },
      T0 + 3 * HOUR_MS,
    );
    expect((await listComplaints(h.db)).map((c) => c.ticket)).toEqual([newer.ticket, third.ticket, older.ticket]);
    // Resolved without an acknowledgement first: it counts as acknowledged then.
    expect((await listComplaints(h.db))[2]).toMatchObject({
      acknowledged_at: T0 + 2 * HOUR_MS,
      acknowledged_by: "owner",
    });
  });
});
