import type { DB } from "~/db/database.server";
import { holdsTarget } from "~/domain/orders/lifecycle";
import { findOrder, orderHoldingTarget, queuedForTarget, queuedOrders } from "~/domain/orders/orders.repository.server";
import type { OrderRow } from "~/domain/orders/table";
import { type TransitionRequest, transitionOrder } from "~/domain/orders/transitions.server";

/**
 * One order per target at the panel (issue 51, point 5; docs/panels.md, "One
 * order at a time per account or post"). SMM panels lose, without a refund, a
 * second order for a link while one is running, so a paid order whose account
 * or post (and service) already has an order at the panel waits, `queued`,
 * and goes once that one finishes, first paid first. The guarantee is the
 * database's (migration 0092: one order per target in TARGET_HELD_STATUSES);
 * this module decides who waits, and who goes next.
 */

/** The order a send must wait for: the one holding the target, or one queued for it that was paid first. */
export async function orderAhead(db: DB, order: OrderRow): Promise<{ orderId: string } | null> {
  const key = order.target_key;
  // Sent again while it waits for the panel (or after an unknown outcome): it holds the target itself.
  if (!key || holdsTarget(order.status)) return null;
  const holding = await orderHoldingTarget(db, key, order.id);
  if (holding) return { orderId: holding.order_id };
  const paidAt = order.paid_at ?? Number.MAX_SAFE_INTEGER;
  const earlier = (await queuedForTarget(db, key)).find(
    (q) => q.id !== order.id && ((q.paid_at ?? 0) < paidAt || ((q.paid_at ?? 0) === paidAt && q.id < order.id)),
  );
  return earlier ? { orderId: earlier.order_id } : null;
}

export const QUEUE_MESSAGES = {
  queued: (ahead: string) =>
    `Queued: order ${ahead} for the same account or post is at the SMM panel, which would lose a second one. ` +
    "This order is sent by itself once that one finishes.",
} as const;

/** Holds the order back behind `ahead` (one already queued stays as it is). Returns the order as it now is. */
export async function queueBehind(
  db: DB,
  order: OrderRow,
  ahead: { orderId: string },
  request: Pick<TransitionRequest, "actor" | "client" | "now">,
): Promise<OrderRow> {
  if (order.status === "queued") return order;
  return transitionOrder(db, order.order_id, "queue", {
    ...request,
    reason: `order ${ahead.orderId} for the same account or post is at the SMM panel; this one goes once it finishes`,
    details: { behind: ahead.orderId, targetKey: order.target_key },
  });
}

/** What a queued order waits for, for the operator and the buyer: the order now holding its target, if any. */
export async function waitingFor(db: DB, order: Pick<OrderRow, "id" | "status" | "target_key">) {
  if (order.status !== "queued" || !order.target_key) return null;
  const holding = await orderHoldingTarget(db, order.target_key, order.id);
  const queue = await queuedForTarget(db, order.target_key);
  return { orderId: holding?.order_id ?? null, position: queue.findIndex((q) => q.id === order.id) + 1 };
}

/** The next queued order of each target nothing holds now, first paid first: what the sender sends. */
export async function queuedOrdersDue(db: DB, limit = 50): Promise<string[]> {
  const seen = new Set<string>();
  const due: string[] = [];
  for (const queued of await queuedOrders(db, limit)) {
    const key = queued.target_key;
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const order = await findOrder(db, queued.order_id);
    if (order && !(await orderHoldingTarget(db, key, order.id))) due.push(order.order_id);
  }
  return due;
}

/** The first queued order for one target, when nothing holds it: the one to send after the holder finished. */
export async function nextQueuedFor(db: DB, key: string): Promise<string | null> {
  const [first] = await queuedForTarget(db, key);
  if (!first || (await orderHoldingTarget(db, key, first.id))) return null;
  return first.order_id;
}
