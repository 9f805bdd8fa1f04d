import type { CompiledQuery } from "kysely";
import type { DB } from "~/db/database.server";
import { validateBuyer } from "./buyer";
import { isUniqueViolation } from "./create.server";
import type { OrderRow, OrderStatus } from "./table";

/** Buyer-side order actions: status polling, expiry cancel, UTR, tracking. */

export type BuyerActionResult = { ok: true; message: string } | { ok: false; status: number; message: string };

export const UTR_MESSAGES = {
  invalid: "Please enter the 12-digit UPI reference number (UTR) from your payment app",
  used: "This UPI reference number has already been used for another order",
  already: "A payment reference was already submitted for this order",
  closed: "This order is no longer waiting for payment",
  received: "Payment reference received",
} as const;

const NOT_FOUND: BuyerActionResult = { ok: false, status: 404, message: "Order not found" };

/** The client's countdown runs on the server's deadline; this absorbs network delay. */
const CANCEL_GRACE_MS = 3_000;

const statusQueries = new WeakMap<DB, CompiledQuery<{ status: OrderStatus }>>();

/**
 * Polled every 5 s by every open checkout, so the query is built once per
 * database and only its parameter changes: building it took a quarter of the
 * time the server spends on a poll.
 */
export async function orderStatus(db: DB, orderId: string): Promise<OrderStatus | undefined> {
  let query = statusQueries.get(db);
  if (!query) {
    query = db.selectFrom("orders").select("status").where("order_id", "=", "").compile();
    statusQueries.set(db, query);
  }
  const { rows } = await db.executeQuery<{ status: OrderStatus }>({ ...query, parameters: [orderId] });
  return rows[0]?.status;
}

/**
 * The checkout's timer ran out: cancels the order only while it is still
 * pending, unpaid and without a submitted UTR, and only once its payment
 * window has closed (so a leaked order id cannot cancel a live payment).
 */
export async function cancelUnpaidOrder(db: DB, orderId: string, now = Date.now()): Promise<BuyerActionResult> {
  const result = await db
    .updateTable("orders")
    .set({ status: "cancelled", updated_at: now })
    .where("order_id", "=", orderId)
    .where("status", "=", "pending")
    .where("utr", "is", null)
    .where("panel_state", "is", null)
    .where("payment_deadline_at", "<=", now + CANCEL_GRACE_MS)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return { ok: true, message: "Order cancelled" };
  const row = await db
    .selectFrom("orders")
    .select(["status", "utr", "payment_deadline_at"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!row) return NOT_FOUND;
  if (row.status === "cancelled") return { ok: true, message: "Order cancelled" };
  if (row.utr) return { ok: false, status: 409, message: "A payment reference was submitted; the order stays open" };
  if (row.status !== "pending") return { ok: false, status: 409, message: `The order is ${row.status}` };
  return { ok: false, status: 409, message: "The payment window is still open" };
}

/** Records the buyer's 12-digit UPI reference once per order; the reference is unique across orders. */
export async function submitUtr(db: DB, orderId: string, utrRaw: string, now = Date.now()): Promise<BuyerActionResult> {
  const utr = utrRaw.replace(/\s/g, "");
  if (!/^\d{12}$/.test(utr)) return { ok: false, status: 400, message: UTR_MESSAGES.invalid };
  let updated: bigint;
  try {
    const result = await db
      .updateTable("orders")
      .set({ utr, utr_submitted_at: now, updated_at: now })
      .where("order_id", "=", orderId)
      .where("status", "=", "pending")
      .where("utr", "is", null)
      .executeTakeFirst();
    updated = result.numUpdatedRows;
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: UTR_MESSAGES.used };
    throw error;
  }
  if (Number(updated) === 1) return { ok: true, message: UTR_MESSAGES.received };
  const row = await db
    .selectFrom("orders")
    .select(["status", "utr"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!row) return NOT_FOUND;
  if (row.utr === utr) return { ok: true, message: UTR_MESSAGES.received };
  if (row.utr) return { ok: false, status: 409, message: UTR_MESSAGES.already };
  return { ok: false, status: 409, message: UTR_MESSAGES.closed };
}

export interface TrackedOrder {
  orderId: string;
  status: OrderStatus;
  serviceType: OrderRow["service_type"];
  planName: string;
  quantity: number;
  target: string;
  createdAt: number;
  utrSubmitted: boolean;
  startCount: number | null;
  delivered: number | null;
}

/** Order id and the phone it was placed with; null when they do not match (no hint which is wrong). */
export async function trackOrder(db: DB, orderIdRaw: string, phoneRaw: string): Promise<TrackedOrder | null> {
  const orderId = orderIdRaw.trim().replace(/^#/, "").toUpperCase();
  const buyer = validateBuyer("x", phoneRaw);
  if (!buyer.ok || orderId === "" || orderId.length > 40) return null;
  const row = await db
    .selectFrom("orders")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("customer_phone", "=", buyer.phone)
    .executeTakeFirst();
  if (!row) return null;
  return {
    orderId: row.order_id,
    status: row.status,
    serviceType: row.service_type,
    planName: row.plan_name,
    quantity: row.quantity,
    target: row.target,
    createdAt: row.created_at,
    utrSubmitted: row.utr !== null,
    startCount: row.panel_start_count,
    delivered:
      row.panel_remains === null ? null : Math.max(0, Math.min(row.quantity, row.quantity - row.panel_remains)),
  };
}
