import { type DB, transaction } from "~/db/database.server";
import { getStatus } from "~/domain/panel/client.server";
import type { PanelSetup } from "~/domain/panel/connection.server";
import { profitPaise } from "~/domain/panel/money";
import { type PanelOrderStatus, type PanelStatus, isFinalPanelStatus } from "~/domain/panel/parse";
import { nextSyncDelay } from "~/domain/panel/sync-schedule";
import { AppError } from "~/lib/app-error";
import type { Actor, OrderStatus, TransitionName } from "~/domain/orders/lifecycle";
import {
  type OrderFields,
  lockOrder,
  setOrderProfit,
  updatePanelFields,
} from "~/domain/orders/orders.repository.server";
import type { OrderRow } from "~/domain/orders/table";
import { applyTransition } from "~/domain/orders/transitions.server";

/**
 * What the panel's status reports mean for an order: its figures (start
 * count, remains, charge, profit) and its state (delivering, delivered, partly
 * delivered, failed: the last two owe the buyer a refund when paid).
 */

type Reported = Pick<OrderRow, "price_paise" | "panel_status" | "profit_paise">;

/** The columns a status reply updates; profit is (re)computed once the panel is done with the order. */
export function statusUpdate(
  order: Reported,
  status: PanelOrderStatus,
  { currency, syncIntervalMs }: Pick<PanelSetup, "currency" | "syncIntervalMs">,
  now: number,
): OrderFields {
  const panelStatus = status.status ?? order.panel_status;
  const final = isFinalPanelStatus(panelStatus);
  const update: OrderFields = {
    panel_status: panelStatus,
    panel_charge: status.charge,
    panel_currency: status.currency ?? (currency.panelCurrency.trim().toUpperCase() || null),
    panel_start_count: status.startCount,
    panel_remains: status.remains,
    panel_synced_at: now,
    panel_sync_failures: 0,
    panel_next_sync_at: final ? null : now + nextSyncDelay(panelStatus, syncIntervalMs),
    updated_at: now,
  };
  if (final) {
    const profit = profitPaise(order.price_paise, status.charge, update.panel_currency ?? null, currency);
    if (profit !== null) update.profit_paise = profit;
  }
  return update;
}

/** The transition a panel status calls for from where the order is; null when it stays. */
export function transitionForPanelStatus(status: OrderStatus, panel: PanelStatus | null): TransitionName | null {
  if (status !== "sent" && status !== "delivering") return null;
  switch (panel) {
    case "in_progress":
    case "processing":
      return status === "sent" ? "deliveryStarted" : null;
    case "completed":
      return "delivered";
    case "partial":
      return "partiallyDelivered";
    case "cancelled":
    case "failed":
      return "deliveryFailed";
    default:
      return null;
  }
}

const REASONS: Partial<Record<TransitionName, string>> = {
  deliveryStarted: "the SMM panel started delivering",
  delivered: "the SMM panel completed the order",
  partiallyDelivered: "the SMM panel finished with part of the order undelivered",
  deliveryFailed: "the SMM panel cancelled or failed the order",
};

/**
 * Stores one status reply for one order and moves the order if the panel's
 * word calls for it, in the caller's transaction. Returns the order as it now is.
 */
export async function applyPanelReply(
  trx: DB,
  orderId: string,
  reply: PanelOrderStatus,
  setup: Pick<PanelSetup, "currency" | "syncIntervalMs">,
  actor: Extract<Actor, { kind: "system" } | { kind: "operator" }>,
  now: number,
): Promise<OrderRow | undefined> {
  const locked = await lockOrder(trx, orderId);
  if (!locked) return undefined;
  const update = statusUpdate(locked, reply, setup, now);
  await updatePanelFields(trx, locked.id, update);
  const order = { ...locked, ...update };
  const name = transitionForPanelStatus(order.status, reply.status);
  if (!name) return order;
  return applyTransition(trx, order, name, {
    actor,
    reason: REASONS[name] ?? "the SMM panel reported a change",
    details: { panelStatus: reply.rawStatus ?? reply.status, remains: reply.remains },
    now,
  });
}

/** What `applyPanelReply` takes besides the transaction: order id, reply, setup, actor, time. */
type PanelReplyArgs = Parameters<typeof applyPanelReply> extends [DB, ...infer Rest] ? Rest : never;

/**
 * Update Profit, for one order or all of them: stores one status reply (in its
 * own transaction, moving the order if the panel's word calls for it) and, when
 * the order still has no profit, sets it from the charge so far if that can be
 * converted to rupees. Returns the order as it now is (its profit still null
 * when it could not be computed), or undefined when the order is gone.
 */
export async function recordProfitReply(db: DB, ...args: PanelReplyArgs): Promise<OrderRow | undefined> {
  const [, reply, setup] = args;
  const updated = await transaction(db, (trx) => applyPanelReply(trx, ...args));
  if (!updated || updated.profit_paise !== null) return updated;
  // Not final yet: profit is still worth knowing from the charge so far.
  const profit = profitPaise(updated.price_paise, reply.charge, updated.panel_currency, setup.currency);
  if (profit === null) return updated;
  await setOrderProfit(db, updated.id, profit);
  return { ...updated, profit_paise: profit };
}

/** Update Profit on one order: asks the panel, then `recordProfitReply`; says why when no profit could be set. */
export async function refreshFromPanel(
  db: DB,
  setup: PanelSetup,
  order: Pick<OrderRow, "order_id" | "panel_order_id">,
  actor: Extract<Actor, { kind: "system" } | { kind: "operator" }>,
): Promise<OrderRow> {
  if (!order.panel_order_id) throw new AppError("INVALID_TRANSITION", "This order has no SMM panel order id");
  const reply = await getStatus(setup.connection, order.panel_order_id);
  if (!reply.ok) throw new AppError("UPSTREAM_FAILED", reply.message);
  const updated = await recordProfitReply(db, order.order_id, reply.value, setup, actor, Date.now());
  if (!updated) throw new AppError("NOT_FOUND", "Order not found");
  if (updated.profit_paise !== null) return updated;
  if (reply.value.charge === null) {
    throw new AppError("INVALID_TRANSITION", "The SMM panel has not reported a charge for this order yet");
  }
  throw new AppError(
    "NOT_CONFIGURED",
    `The SMM panel charges in ${updated.panel_currency}; set the panel's INR rate for ${updated.panel_currency} in Admin → Panels to compute profit`,
  );
}
