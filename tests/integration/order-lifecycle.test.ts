import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import {
  type Actor,
  ORDER_STATUSES,
  type OrderStatus,
  TRANSITIONS,
  type TransitionName,
  actorLabel,
  canTransition,
  refundPaise,
} from "~/domain/orders/lifecycle";
import { claimPayment, confirmPayment, markRefunded } from "~/domain/payments/payment.server";
import type { NewOrderRow, OrderRow } from "~/domain/orders/table";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { isAppError } from "~/lib/app-error";
import { freshDatabase, testDatabases } from "../support/databases";
import { adminLogin, send, startShop, type HostileShop, ADMIN_AND_PANEL } from "../support/hostile";
import { makeOrder, orderAuditEntries } from "../support/orders";
import { TEST_ADMIN } from "../support/test-accounts";

/**
 * The order lifecycle's table, checked cell by cell on a real database: every
 * state × every transition × every kind of actor. Allowed moves change the
 * order and leave an audit entry naming who and why; refused ones throw
 * INVALID_TRANSITION and change nothing.
 */

const ACTORS: Actor[] = [
  { kind: "buyer" },
  { kind: "operator", name: "owner" },
  { kind: "system", job: "lifecycle-test" },
  { kind: "bank_alert", source: "hdfc" },
  { kind: "gateway", name: "razorpay" },
];
const NAMES = Object.keys(TRANSITIONS) as TransitionName[];
/** States an order can only be in once its payment was confirmed. */
const PAID = new Set<OrderStatus>([
  "paid",
  "sending",
  "placement_unknown",
  "sent",
  "delivering",
  "delivered",
  "refund_due",
  "refunded",
]);
const T0 = Date.UTC(2026, 0, 10, 6, 0);

/** An order in `status` with the columns an order in that state really has. */
function orderIn(db: DatabaseHandle["db"], status: OrderStatus, overrides: Partial<NewOrderRow> = {}) {
  const paid = PAID.has(status);
  const atPanel = status === "sent" || status === "delivering" || status === "delivered";
  return makeOrder(db, {
    status,
    created_at: T0,
    updated_at: T0,
    payment_deadline_at: T0 + 300_000,
    price_paise: 50_000,
    quantity: 1000,
    utr: status === "payment_claimed" ? String(100_000_000_000 + Math.floor(Math.random() * 1e11)) : null,
    paid_at: paid ? T0 + 1000 : null,
    paid_by: paid ? "owner" : null,
    panel_order_id: atPanel ? "9001" : null,
    refund_due_paise: status === "refund_due" || status === "refunded" ? 47_500 : null,
    refunded_at: status === "refunded" ? T0 + 5000 : null,
    ...overrides,
  });
}

async function auditCount(db: DatabaseHandle["db"], orderId: string): Promise<number> {
  const row = await db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("target_id", "=", orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function historyOf(db: DatabaseHandle["db"], orderId: string) {
  const rows = await orderAuditEntries(db, orderId);
  return rows.map((r) => ({
    action: r.action,
    actor: r.actor,
    details: JSON.parse(r.details ?? "{}") as Record<string, unknown>,
  }));
}

const reload = (db: DatabaseHandle["db"], orderId: string) =>
  db.selectFrom("orders").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();

describe.each(testDatabases())("order lifecycle on $name", (kind) => {
  let h: DatabaseHandle & { cleanup(): Promise<void> };
  beforeAll(async () => {
    h = await freshDatabase(kind);
  });
  afterAll(async () => h?.cleanup());

  it.each(ORDER_STATUSES)("from %s: each transition and actor is applied or refused by the table", async (status) => {
    let allowed = 0;
    for (const name of NAMES) {
      for (const actor of ACTORS) {
        const order = await orderIn(h.db, status);
        const label = `${status} --${name}(${actor.kind})-->`;
        const reason = `table test: ${name} by ${actor.kind}`;
        const audits = await auditCount(h.db, order.order_id);
        if (!canTransition(name, status, actor.kind)) {
          const error = await transitionOrder(h.db, order.order_id, name, { actor, reason, now: T0 + 10_000 }).then(
            () => null,
            (e: unknown) => e,
          );
          expect(isAppError(error) && error.code, label).toBe("INVALID_TRANSITION");
          expect((error as Error).message.length, label).toBeGreaterThan(10);
          expect(await reload(h.db, order.order_id), label).toEqual(order);
          expect(await auditCount(h.db, order.order_id), label).toBe(audits);
          continue;
        }
        allowed++;
        const moved = await transitionOrder(h.db, order.order_id, name, { actor, reason, now: T0 + 10_000 });
        const to: OrderStatus = TRANSITIONS[name].to;
        // A paid order the panel stopped short owes a refund at once, in the same step; one it refused
        // before placing it waits for the operator.
        const chained = (to === "failed" || to === "partial") && order.paid_at !== null && name !== "placementFailed";
        expect(moved.status, label).toBe(chained ? "refund_due" : to);
        expect(await reload(h.db, order.order_id), label).toEqual(moved);
        expect(moved.updated_at, label).toBe(T0 + 10_000);
        const history = await historyOf(h.db, order.order_id);
        expect(history[0], label).toEqual({
          action: `order.${name}`,
          actor: actorLabel(actor),
          details: { from: status, to, reason },
        });
        if (chained) {
          expect(
            history.map((e) => e.action),
            label,
          ).toEqual([`order.${name}`, "order.refundDue"]);
          expect(history[1]!.details, label).toMatchObject({ from: to, to: "refund_due" });
          expect(moved, label).toMatchObject({ refund_due_paise: 50_000, refund_fee_paise: 0, cancelled_by: "panel" });
        } else {
          expect(history, label).toHaveLength(1);
        }
        // Columns that belong to the move are written with it.
        if (name === "confirmPayment") {
          expect(moved, label).toMatchObject({ paid_at: T0 + 10_000, paid_by: actorLabel(actor) });
        }
        // Stopped by the panel: the whole price back, no fee; by the shop: plus the fee on top (refund policy).
        if (name === "refundDue") {
          const by = status === "failed" || status === "partial" ? "panel" : "shop";
          expect(moved, label).toMatchObject({
            refund_due_paise: refundPaise(50_000, 1000, 1000, by, 5),
            refund_fee_paise: 0,
            refund_compensation_paise: by === "shop" ? 2_500 : 0,
            cancelled_by: by,
          });
        }
        // The buyer's own cancellation keeps the fee.
        if (name === "cancelBeforeDelivery") {
          const by = actor.kind === "buyer" ? "buyer" : "shop";
          expect(moved, label).toMatchObject({
            refund_due_paise: refundPaise(50_000, 1000, 1000, by, 5),
            refund_fee_paise: by === "buyer" ? 2_500 : 0,
            refund_compensation_paise: by === "shop" ? 2_500 : 0,
            cancelled_by: by,
          });
        }
        // Owed back without ever being at the panel: it cost nothing, so its profit is its price.
        if (moved.status === "refund_due") {
          expect(moved.profit_paise, label).toBe(order.panel_order_id === null ? 50_000 : null);
        }
        if (name === "refunded") expect(moved.refunded_at, label).toBe(T0 + 10_000);
        if (name === "send" || name === "sendUnpaid") {
          expect(moved, label).toMatchObject({ panel_error: null, refund_due_paise: null, profit_paise: null });
        }
      }
    }
    // Every state but the final ones has a way out.
    if (!["delivered", "refunded"].includes(status)) expect(allowed).toBeGreaterThan(0);
    else expect(allowed).toBe(0);
  });

  it("takes a late UTR within the grace period after the window closed, and refuses it after", async () => {
    const grace = 3600;
    const deadline = T0 + 300_000;
    // The expiry job has not run yet: the window closed, but the order still awaits payment.
    const notYetExpired = await orderIn(h.db, "awaiting_payment");
    const claimed = await claimPayment(h.db, notYetExpired.order_id, "1111 2222 3333", {
      graceSeconds: grace,
      now: deadline + 60_000,
    });
    expect(claimed).toMatchObject({
      status: "payment_claimed",
      utr: "111122223333",
      utr_submitted_at: deadline + 60_000,
    });

    const expired = await orderIn(h.db, "expired");
    const revived = await claimPayment(h.db, expired.order_id, "222233334444", {
      graceSeconds: grace,
      now: deadline + grace * 1000,
    });
    expect(revived.status).toBe("payment_claimed");
    expect((await historyOf(h.db, expired.order_id))[0]).toEqual({
      action: "order.claimPayment",
      actor: "buyer",
      details: {
        from: "expired",
        to: "payment_claimed",
        reason: "the buyer gave a UPI reference",
        utr: "222233334444",
      },
    });

    const tooLate = await orderIn(h.db, "expired");
    const audits = await auditCount(h.db, tooLate.order_id);
    await expect(
      claimPayment(h.db, tooLate.order_id, "333344445555", { graceSeconds: grace, now: deadline + grace * 1000 + 1 }),
    ).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
      message:
        "This order's payment window closed too long ago to take a payment reference here. Please contact support with your UTR.",
    });
    expect(await reload(h.db, tooLate.order_id)).toEqual(tooLate);
    expect(await auditCount(h.db, tooLate.order_id)).toBe(audits);
    // The operator can still confirm a late payment seen in the bank app.
    expect(
      await confirmPayment(h.db, tooLate.order_id, { kind: "operator", name: "owner" }, { utr: "333344445555" }),
    ).toMatchObject({ status: "paid", paid_by: "owner" });
  });

  it("sends a refund-due order again only while nothing was delivered", async () => {
    const operator = { kind: "operator", name: "owner" } as const;
    // Cancelled at the panel with nothing delivered (charge 0, so its profit was its price).
    const untouched = await orderIn(h.db, "refund_due", {
      panel_remains: 1000,
      panel_order_id: "31",
      profit_paise: 50_000,
    });
    expect(await transitionOrder(h.db, untouched.order_id, "send", { actor: operator, reason: "retry" })).toMatchObject(
      { status: "sending", refund_due_paise: null, profit_paise: null },
    );

    const partly = await orderIn(h.db, "refund_due", { panel_remains: 400, refund_due_paise: 19_000 });
    await expect(
      transitionOrder(h.db, partly.order_id, "send", { actor: operator, reason: "retry" }),
    ).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
      message: "Part of this order was delivered; it can no longer be sent again. Refund what is due instead.",
    });
    expect(await reload(h.db, partly.order_id)).toEqual(partly);
    expect(await auditCount(h.db, partly.order_id)).toBe(0);
  });

  it("stops a placement whose outcome is unknown only when the panel has no order id for it", async () => {
    const operator = { kind: "operator", name: "owner" } as const;
    const atPanel = await orderIn(h.db, "placement_unknown", { panel_order_id: "777" });
    await expect(
      transitionOrder(h.db, atPanel.order_id, "refundDue", { actor: operator, reason: "stop" }),
    ).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
      message: "The SMM panel has this order; cancel it there first.",
    });
    expect(await reload(h.db, atPanel.order_id)).toEqual(atPanel);
    const notThere = await orderIn(h.db, "placement_unknown");
    expect(
      await transitionOrder(h.db, notThere.order_id, "refundDue", { actor: operator, reason: "stop" }),
    ).toMatchObject({ status: "refund_due", refund_due_paise: 52_500, cancelled_by: "shop", profit_paise: 50_000 });
  });

  it("owes the undelivered share in full when a paid order is partly delivered, and records the refund", async () => {
    const system = { kind: "system", job: "status-sync" } as const;
    // ₹500 for 1,000; the panel stops with 400 left: ₹200 undelivered, all of it back (the panel stopped, not the buyer).
    const order = await orderIn(h.db, "delivering", { panel_remains: 500 });
    const after = await transitionOrder(h.db, order.order_id, "partiallyDelivered", {
      actor: system,
      reason: "the SMM panel finished with part of the order undelivered",
      set: { panel_remains: 400, panel_status: "partial" },
    });
    expect(after).toMatchObject({
      status: "refund_due",
      refund_due_paise: 20_000,
      refund_fee_paise: 0,
      cancelled_by: "panel",
      panel_remains: 400,
    });
    expect(refundPaise(50_000, 1000, 400, "panel", 5)).toBe(20_000);
    expect((await historyOf(h.db, order.order_id)).map((e) => [e.action, e.actor, e.details.to])).toEqual([
      ["order.partiallyDelivered", "system:status-sync", "partial"],
      ["order.refundDue", "system:status-sync", "refund_due"],
    ]);

    // The refund reference must be a 12-digit UPI reference; a wrong one changes nothing.
    await expect(markRefunded(h.db, order.order_id, "owner", "12345")).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    expect((await reload(h.db, order.order_id)).status).toBe("refund_due");
    const refunded = await markRefunded(h.db, order.order_id, "owner", "9876 5432 1098", { now: T0 + 50_000 });
    expect(refunded).toMatchObject({
      status: "refunded",
      refund_reference: "987654321098",
      refunded_at: T0 + 50_000,
      refund_due_paise: 20_000,
    });
    await expect(markRefunded(h.db, order.order_id, "owner", "987654321098")).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
      message: "Only an order with a refund due can be marked refunded (this one is refunded)",
    });
  });

  it("refuses a move made twice, and a move on an order that does not exist", async () => {
    const order: OrderRow = await orderIn(h.db, "awaiting_payment");
    await transitionOrder(h.db, order.order_id, "expire", {
      actor: { kind: "system", job: "payment-expiry" },
      reason: "x",
    });
    await expect(
      transitionOrder(h.db, order.order_id, "expire", {
        actor: { kind: "system", job: "payment-expiry" },
        reason: "x",
      }),
    ).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
      message: "Only an order awaiting payment can expire (this one is expired (unpaid))",
    });
    await expect(
      transitionOrder(h.db, "BKNOSUCHORDER1", "expire", { actor: { kind: "system", job: "x" }, reason: "x" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe.each(testDatabases())("operator actions refused over HTTP on $name", (kind) => {
  let shop: HostileShop;
  let cookie: string;
  beforeAll(async () => {
    shop = await startShop(kind, ADMIN_AND_PANEL);
    // Confirming a payment does not send the order on here: the refusals are about the order, not the panel.
    const saved = await send(`${shop.url}/api/admin/setting`, {
      method: "POST",
      headers: {
        cookie: await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password),
        origin: shop.url,
        "content-type": "application/json",
      },
      body: JSON.stringify({ key: "AUTO_SEND_PAID_ORDERS", value: "false" }),
    });
    expect(saved.status).toBe(200);
    cookie = await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => shop?.stop());

  const act = (orderId: string, action: string, body?: unknown) =>
    send(`${shop.url}/api/admin/orders/${orderId}/${action}`, {
      method: "POST",
      headers: { cookie, origin: shop.url, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  it("answers a refused action with 409 and a message saying why, and changes nothing", async () => {
    const order = await orderIn(shop.db.db, "awaiting_payment", {
      created_at: Date.now(),
      payment_deadline_at: Date.now() + 300_000,
    });
    const cases: Array<[string, unknown, string]> = [
      [
        "mark-refunded",
        { reference: "123456789012" },
        "Only an order with a refund due can be marked refunded (this one is awaiting payment)",
      ],
      ["place", undefined, "This order has no confirmed payment"],
      ["retry", undefined, "This order has no confirmed payment"],
      ["update-profit", undefined, "This order has no SMM panel order id"],
    ];
    for (const [action, body, message] of cases) {
      const answer = await act(order.order_id, action, body);
      expect(answer.status, action).toBe(409);
      expect(answer.json, action).toMatchObject({ success: false, message, code: "INVALID_TRANSITION" });
      expect(await reload(shop.db.db, order.order_id), action).toEqual(order);
    }
    // Confirmed once; confirming again is refused and keeps the first confirmation.
    const confirmed = await act(order.order_id, "confirm-payment");
    expect(confirmed.status).toBe(200);
    const paid = await reload(shop.db.db, order.order_id);
    const again = await act(order.order_id, "confirm-payment");
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false, message: "The payment for this order is already confirmed" });
    expect(await reload(shop.db.db, order.order_id)).toMatchObject({ paid_at: paid.paid_at, paid_by: "owner" });
    // The history tells the story: one confirmation, and each refusal as a failed attempt.
    const history = await historyOf(shop.db.db, order.order_id);
    expect(history.filter((e) => e.action === "order.confirmPayment")).toHaveLength(1);
    expect(history.filter((e) => "failed" in e.details).map((e) => e.action)).toEqual([
      "order.mark-refunded",
      "order.place",
      "order.retry",
      "order.update-profit",
      "order.confirm-payment",
    ]);
  });
});
