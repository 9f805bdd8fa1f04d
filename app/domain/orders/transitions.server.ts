import { type DB, transaction } from "~/db/database.server";
import type { RequestClient } from "~/domain/audit/audit.server";
import { feeSettings } from "~/domain/settings/registry";
import { readSettings } from "~/domain/settings/store.server";
import { AppError } from "~/lib/app-error";
import { deliveredCount } from "./buyer-stage";
import { publishTransition } from "./events.server";
import {
  type Actor,
  type CancelledBy,
  STATUS_LABELS,
  TRANSITIONS,
  type TransitionName,
  actorLabel,
  canTransition,
  refundOf,
} from "./lifecycle";
import { type OrderFields, findOrder, lockOrder, writeStatus } from "./orders.repository.server";
import type { OrderRow } from "./table";

/**
 * Applies the lifecycle's transitions (lifecycle.ts) to orders: the only code
 * that changes an order's status. Each transition reads the order under a lock,
 * checks the table and the order's own guards, writes the new status with the
 * columns that belong to it, and publishes what happened (events.server.ts):
 * the listeners record it in the audit log, queue the operator's alert and
 * mark the public pages changed in the same transaction, and hand a paid
 * order to the panel once it committed. A refused transition throws
 * INVALID_TRANSITION with a message for the person who asked, and changes nothing.
 */

export interface TransitionRequest {
  actor: Actor;
  /** Why, in words for the order's history. */
  reason: string;
  /** Columns written together with the status (panel order id, UTR, refund reference...). */
  set?: OrderFields;
  /** Extra facts for the history (never secrets). */
  details?: Record<string, unknown>;
  /**
   * For the operator stopping a paid order: "buyer" when the buyer asked for it
   * (the refund then keeps the processing fee), else the shop (in full).
   */
  cancelledBy?: Extract<CancelledBy, "buyer" | "shop">;
  /** Refuses with this message when it returns one (a check only the caller knows). */
  guard?: (order: OrderRow) => string | null;
  client?: RequestClient;
  now?: number;
}

/** Moves one order (by its public id) in its own transaction; returns the order as it now is. */
export async function transitionOrder(
  db: DB,
  orderId: string,
  name: TransitionName,
  request: TransitionRequest,
): Promise<OrderRow> {
  return transaction(db, async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
    return applyTransition(trx, order, name, request);
  });
}

/**
 * The same, inside a transaction the caller holds and with the order it already locked. The
 * transaction must be opened with `transaction` or `writeTransaction` (~/db/database.server), so the
 * listeners that wait for its commit run after it.
 */
export async function applyTransition(
  trx: DB,
  order: OrderRow,
  name: TransitionName,
  request: TransitionRequest,
): Promise<OrderRow> {
  const rule = TRANSITIONS[name];
  if (!canTransition(name, order.status, request.actor.kind)) {
    throw new AppError("INVALID_TRANSITION", refusal(name, order), { status: order.status });
  }
  const guarded = builtInGuard(name, order) ?? request.guard?.(order) ?? null;
  if (guarded) throw new AppError("INVALID_TRANSITION", guarded, { status: order.status });

  const now = request.now ?? Date.now();
  // The fee as set when the refund becomes due, read in this transaction: the refund is fixed from then on.
  const feePercent = owesRefund(name) ? (await readSettings(trx, feeSettings)).cancellationFeePercent : 0;
  const fields: OrderFields = {
    ...impliedFields(name, order, request.actor, now, request.cancelledBy, feePercent),
    ...request.set,
    updated_at: now,
  };
  const updated = await writeStatus(trx, order.id, order.status, rule.to, fields);
  // Only possible without the row lock (a caller that did not lock): someone else moved it first.
  if (!updated) throw new AppError("CONFLICT", "This order changed meanwhile. Reload it and try again.");

  await publishTransition(trx, {
    name,
    from: order.status,
    to: rule.to,
    order: updated,
    actor: request.actor,
    reason: request.reason,
    details: request.details,
    client: request.client,
    now,
  });

  // A paid order the panel stopped short owes the buyer the difference, at once. One the panel refused
  // before placing it waits for the operator instead: fixed and sent again, or refunded by their decision.
  const stoppedShort = name === "deliveryFailed" || name === "partiallyDelivered";
  if (stoppedShort && (updated.status === "failed" || updated.status === "partial") && updated.paid_at !== null) {
    return applyTransition(trx, updated, "refundDue", {
      actor: request.actor,
      reason: updated.status === "partial" ? "partly delivered after payment" : "not delivered after payment",
      client: request.client,
      now,
    });
  }
  return updated;
}

const owesRefund = (name: TransitionName) => name === "refundDue" || name === "cancelBeforeDelivery";

/**
 * What a paid order owes back: the undelivered part (all of it unless the
 * panel says otherwise), less the cancellation fee when the buyer cancelled,
 * plus as much when the shop did (lifecycle.ts, refundOf).
 */
export function refundFor(
  order: Pick<OrderRow, "price_paise" | "quantity" | "panel_remains">,
  by: CancelledBy,
  feePercent: number,
): Pick<OrderFields, "refund_due_paise" | "refund_fee_paise" | "refund_compensation_paise" | "cancelled_by"> {
  const { refundPaise, feePaise, compensationPaise } = refundOf(
    order.price_paise,
    order.quantity,
    order.panel_remains ?? order.quantity,
    by,
    feePercent,
  );
  return {
    refund_due_paise: refundPaise,
    refund_fee_paise: feePaise,
    refund_compensation_paise: compensationPaise,
    cancelled_by: by,
  };
}

/**
 * Who stopped the order, which decides the fee: the panel when it failed or
 * delivered part; the buyer on their own cancellation; otherwise the shop,
 * unless the operator says the buyer asked for it.
 */
function stoppedBy(order: OrderRow, actor: Actor, asked: TransitionRequest["cancelledBy"]): CancelledBy {
  if (order.status === "failed" || order.status === "partial") return "panel";
  if (actor.kind === "buyer") return "buyer";
  return asked ?? "shop";
}

/** An order sent (or queued) again: no refund owed, no error or retry time left from before. */
const ON_ITS_WAY_AGAIN = {
  panel_error: null,
  refund_due_paise: null,
  refund_fee_paise: null,
  refund_compensation_paise: null,
  cancelled_by: null,
  panel_retry_at: null,
} as const satisfies OrderFields;

/** Columns every transition of a kind sets, so no caller can forget them. */
function impliedFields(
  name: TransitionName,
  order: OrderRow,
  actor: Actor,
  now: number,
  cancelledBy: TransitionRequest["cancelledBy"],
  feePercent: number,
): OrderFields {
  switch (name) {
    case "confirmPayment":
      return { paid_at: now, paid_by: actorLabel(actor) };
    case "refundDue":
    case "cancelBeforeDelivery":
      return {
        ...refundFor(order, stoppedBy(order, actor, cancelledBy), feePercent),
        // Never at the panel, so it cost nothing (as one the panel cancelled, charge 0): its profit
        // (profit.ts, less the refund) is then the fee kept, if any, not a loss of the whole refund.
        ...(order.panel_order_id === null && order.profit_paise === null ? { profit_paise: order.price_paise } : {}),
      };
    case "refunded":
      return { refunded_at: now };
    case "delivered":
      return { delivered_at: now };
    case "queue":
      // On its way again (after a refusal, or a refund not yet paid): it owes nothing while it waits its turn.
      return ON_ITS_WAY_AGAIN;
    case "send":
    case "sendUnpaid":
      // A new placement: a retried order owes nothing while at the panel again, and earns what the new one costs.
      return { ...ON_ITS_WAY_AGAIN, profit_paise: null, panel_attempts: order.panel_attempts + 1 };
    case "placed":
    case "foundAtPanel":
    case "placementFailed":
    case "placementUnknown":
      return { panel_retry_at: null, panel_wait_reason: null };
    default:
      return {};
  }
}

/** Rules that depend on more than the status. */
function builtInGuard(name: TransitionName, order: OrderRow): string | null {
  if (name === "cancel" && order.paid_at !== null) {
    return "This order is paid: stop it with a refund instead of cancelling it";
  }
  if ((name === "send" || name === "queue") && order.status === "refund_due") {
    // Retrying is only honest while nothing was delivered and nothing paid back yet.
    if (order.refunded_at !== null || (deliveredCount(order.quantity, order.panel_remains) ?? 0) > 0) {
      return "Part of this order was delivered; it can no longer be sent again. Refund what is due instead.";
    }
    if (order.cancelled_by === "buyer") return "The buyer cancelled this order; refund what is due instead.";
  }
  if (name === "cancelBeforeDelivery" && order.paid_at === null) {
    return "This order has no confirmed payment; the operator handles it.";
  }
  if (name === "refundDue" && order.status === "placement_unknown" && order.panel_order_id !== null) {
    return "The SMM panel has this order; cancel it there first.";
  }
  return null;
}

/** Why a transition is not possible from where the order is, in the words of the person who asked. */
function refusal(name: TransitionName, order: OrderRow): string {
  const now = STATUS_LABELS[order.status].toLowerCase();
  switch (name) {
    case "claimPayment":
      if (order.status === "payment_claimed") return "A payment reference was already submitted for this order";
      if (order.paid_at !== null) return "The payment for this order is already confirmed";
      return "This order is no longer waiting for payment";
    case "confirmPayment":
      if (order.paid_at !== null) return "The payment for this order is already confirmed";
      return `This order's payment cannot be confirmed: it is ${now}`;
    case "cancel":
      if (order.status === "sending") return "This order is being sent to the SMM panel right now";
      if (order.status === "refund_due") return "This order is paid: mark the refund instead of cancelling it";
      if (order.paid_at !== null) return `This order is paid and ${now}: it can no longer be cancelled`;
      return `Only an unpaid order can be cancelled (this one is ${now})`;
    case "send":
    case "sendUnpaid":
      if (order.status === "sending") return "This order is being sent to the SMM panel right now";
      if (order.panel_order_id && order.status !== "failed") {
        return `This order is already at the SMM panel (order ${order.panel_order_id})`;
      }
      if (name === "send" && order.paid_at === null) return "This order has no confirmed payment";
      return `This order cannot be sent to the SMM panel: it is ${now}`;
    case "queue":
      if (order.status === "queued") return "This order is already queued behind another order for its target";
      return `This order cannot be queued: it is ${now}`;
    case "cancelBeforeDelivery":
      return `Only an order the SMM panel has not started can be cancelled (this one is ${now})`;
    case "refunded":
      return `Only an order with a refund due can be marked refunded (this one is ${now})`;
    case "expire":
      return `Only an order awaiting payment can expire (this one is ${now})`;
    default:
      return `Not possible while the order is ${now}`;
  }
}

/** For callers that only need to know whether it exists (a 404 before any work). */
export async function requireOrder(db: DB, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  return order;
}
