import { type CompiledQuery, SqliteAdapter } from "kysely";
import { type DB, hotReads, snapshotReads } from "~/db/database.server";
import { isUniqueViolation } from "~/db/unique-violation";
import { AppError } from "~/lib/app-error";
import { ON_ITS_WAY_STATUSES, type OrderStatus, TARGET_HELD_STATUSES, holdsTarget } from "./lifecycle";
import { targetKey } from "./target-key";
import type { NewOrderRow, OrderRow, OrderUpdate } from "./table";

/**
 * The one module that owns the SQL of the `orders` table: every write and the
 * lookups other features build on. Functions take `db` first so they run
 * inside a caller's transaction. The status column is written only through
 * `writeStatus`, which only transitions.server.ts calls.
 */

/** Columns a status change may carry with it; the status itself is not one of them. */
export type OrderFields = Omit<OrderUpdate, "status" | "id" | "order_id" | "created_at">;

/**
 * An order id as a buyer types it or a URL carries it ("#bk7q2m9xd4ta", with
 * spaces) → the stored form, or null when it cannot be an order id at all, so
 * a malformed id never reaches the database.
 */
export function parseOrderId(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const id = raw.trim().replace(/^#/, "").toUpperCase();
  return /^[A-Z0-9]{1,40}$/.test(id) ? id : null;
}

/** The order an id names, the id as stored or as people and URLs carry it; undefined when there is none. */
export async function findOrder(db: DB, rawOrderId: string): Promise<OrderRow | undefined> {
  const orderId = parseOrderId(rawOrderId);
  if (!orderId) return undefined;
  return db.selectFrom("orders").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

export function findOrderByIdempotencyKey(db: DB, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

/**
 * The order, locked against other writers until the transaction ends
 * (PostgreSQL row lock; SQLite runs one write transaction at a time anyway).
 * Call inside a transaction.
 */
export function lockOrder(trx: DB, orderId: string): Promise<OrderRow | undefined> {
  const query = trx.selectFrom("orders").selectAll().where("order_id", "=", orderId);
  return isSqlite(trx) ? query.executeTakeFirst() : query.forUpdate().executeTakeFirst();
}

/** Inserts a new order; undefined when another one already holds its idempotency key. */
export function insertOrder(db: DB, order: NewOrderRow): Promise<OrderRow | undefined> {
  return db
    .insertInto("orders")
    .values({ ...order, target_key: order.target_key ?? targetKey(order.service_type, order.target) })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * The status write behind every transition: only if the order is still in
 * `from`, so a change that lost a race changes nothing. For transitions.server.ts only.
 */
export async function writeStatus(
  trx: DB,
  id: number,
  from: OrderStatus,
  to: OrderStatus,
  fields: OrderFields,
): Promise<OrderRow | undefined> {
  try {
    return await trx
      .updateTable("orders")
      .set({ ...fields, status: to })
      .where("id", "=", id)
      .where("status", "=", from)
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    // Migration 0092's index: another order for this target is at the panel (or being sent) already.
    if (isUniqueViolation(error) && holdsTarget(to)) throw targetBusy();
    throw error;
  }
}

/** The refusal of a second order at the panel for one target: the sender queues the order instead. */
export function targetBusy(): AppError {
  return new AppError("CONFLICT", TARGET_BUSY_MESSAGE, { reason: "TARGET_BUSY" });
}

export const TARGET_BUSY_MESSAGE = "Another order for this account or post is at the SMM panel";

/** The order holding this target at the panel (TARGET_HELD_STATUSES), other than `exceptId`; undefined: none. */
export function orderHoldingTarget(
  db: DB,
  key: string,
  exceptId: number,
): Promise<Pick<OrderRow, "id" | "order_id" | "status"> | undefined> {
  return db
    .selectFrom("orders")
    .select(["id", "order_id", "status"])
    .where("target_key", "=", key)
    .where("status", "in", TARGET_HELD_STATUSES)
    .where("id", "!=", exceptId)
    .executeTakeFirst();
}

/** Orders queued for this target, first paid first (the order they go to the panel in). */
export function queuedForTarget(db: DB, key: string): Promise<Pick<OrderRow, "id" | "order_id" | "paid_at">[]> {
  return db
    .selectFrom("orders")
    .select(["id", "order_id", "paid_at"])
    .where("target_key", "=", key)
    .where("status", "=", "queued")
    .orderBy("paid_at")
    .orderBy("id")
    .execute();
}

/** Queued orders, first paid first, with their targets (the queue's sweep). */
export function queuedOrders(db: DB, limit: number): Promise<Pick<OrderRow, "order_id" | "target_key">[]> {
  return db
    .selectFrom("orders")
    .select(["order_id", "target_key"])
    .where("status", "=", "queued")
    .orderBy("paid_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Orders for this target that are paid and not finished (the checkout's refusal, when the operator chose it). */
export function openOrderForTarget(db: DB, key: string): Promise<Pick<OrderRow, "order_id" | "status"> | undefined> {
  return db
    .selectFrom("orders")
    .select(["order_id", "status"])
    .where("target_key", "=", key)
    .where("status", "in", ON_ITS_WAY_STATUSES)
    .executeTakeFirst();
}

/** Panel bookkeeping that is not a change of state (status sync figures, sync schedule, profit). */
export async function updatePanelFields(db: DB, id: number, fields: OrderFields): Promise<void> {
  await db.updateTable("orders").set(fields).where("id", "=", id).execute();
}

/** The order's profit, once the panel's charge is known in rupees. */
export async function setOrderProfit(db: DB, id: number, profitPaise: number): Promise<void> {
  await db.updateTable("orders").set({ profit_paise: profitPaise }).where("id", "=", id).execute();
}

const statusQueries = new WeakMap<DB, CompiledQuery<{ status: OrderStatus }>>();

/**
 * Polled every few seconds by every open checkout, so the query is built once
 * per database and only its parameter changes (building it took a quarter of
 * the time the server spends on a poll), and on SQLite it is read
 * synchronously from a snapshot of committed rows, not in line behind the
 * writes (app/db/snapshot-reads.server.ts).
 */
export async function findOrderStatus(db: DB, rawOrderId: string): Promise<OrderStatus | undefined> {
  const orderId = parseOrderId(rawOrderId);
  if (!orderId) return undefined;
  let query = statusQueries.get(db);
  if (!query) {
    query = db.selectFrom("orders").select("status").where("order_id", "=", "").compile();
    statusQueries.set(db, query);
  }
  const lookup: CompiledQuery<{ status: OrderStatus }> = { ...query, parameters: [orderId] };
  const reads = snapshotReads(db);
  if (reads) return reads.first(lookup)?.status;
  const { rows } = await hotReads(db).executeQuery(lookup);
  return rows[0]?.status;
}

/** Ids of the orders in `status` whose `column` time is at or before `until`, the longest due first. */
function orderIdsDue(
  db: DB,
  status: OrderStatus,
  column: "payment_deadline_at" | "paid_at" | "panel_retry_at",
  until: number,
  limit: number,
): Promise<string[]> {
  return db
    .selectFrom("orders")
    .select("order_id")
    .where("status", "=", status)
    .where(column, "<=", until)
    .orderBy(column)
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => r.order_id));
}

/** Orders whose payment window closed with nothing paid, oldest first. */
export function overdueUnpaidOrderIds(db: DB, now: number, limit: number): Promise<string[]> {
  return orderIdsDue(db, "awaiting_payment", "payment_deadline_at", now, limit);
}

/** Paid orders not yet sent, confirmed before `confirmedBefore` (the automatic sender's backlog). */
export function paidUnsentOrderIds(db: DB, confirmedBefore: number, limit: number): Promise<string[]> {
  return orderIdsDue(db, "paid", "paid_at", confirmedBefore, limit);
}

/** Orders waiting for the panel whose next send is due, most overdue first (the retry job's work). */
export function waitingOrdersDue(db: DB, now: number, limit: number): Promise<string[]> {
  return orderIdsDue(db, "waiting_panel", "panel_retry_at", now, limit);
}

/**
 * A panel that just said no for all its orders (down, out of funds): its
 * other waiting orders due before `until` wait until then too, so the panel is
 * asked once per wait, not once per order.
 */
export async function deferWaitingOrders(db: DB, panelId: number | null, until: number): Promise<void> {
  await db
    .updateTable("orders")
    .set({ panel_retry_at: until })
    .where("status", "=", "waiting_panel")
    .where((eb) => (panelId === null ? eb("panel_id", "is", null) : eb("panel_id", "=", panelId)))
    .where("panel_retry_at", "<", until)
    .execute();
}

/** Orders whose placement outcome is unknown, with what their last send recorded (oldest change first). */
export function unknownPlacements(db: DB, limit: number): Promise<Pick<OrderRow, "order_id" | "panel_request">[]> {
  return db
    .selectFrom("orders")
    .select(["order_id", "panel_request"])
    .where("status", "=", "placement_unknown")
    .orderBy("updated_at")
    .limit(limit)
    .execute();
}

/** Orders left in 'sending' since before `olderThan`: the process stopped while the panel was asked. */
export function stuckSendingOrderIds(db: DB, olderThan: number): Promise<string[]> {
  return db
    .selectFrom("orders")
    .select("order_id")
    .where("status", "=", "sending")
    .where("updated_at", "<", olderThan)
    .execute()
    .then((rows) => rows.map((r) => r.order_id));
}

export type SyncCandidate = Pick<
  OrderRow,
  | "id"
  | "order_id"
  | "status"
  | "panel_order_id"
  | "price_paise"
  | "quantity"
  | "panel_status"
  | "profit_paise"
  | "panel_sync_failures"
  | "panel_id"
>;

/**
 * Orders at the panel whose next status check is due, most overdue first. The
 * due time, not the state, says who is asked: it is null once the panel's word
 * is final, and an order cancelled at the panel (failed or refund due by then)
 * is asked once more for its final charge.
 */
export function ordersDueForSync(db: DB, now: number, limit: number): Promise<SyncCandidate[]> {
  return db
    .selectFrom("orders")
    .select([
      "id",
      "order_id",
      "status",
      "panel_order_id",
      "price_paise",
      "quantity",
      "panel_status",
      "profit_paise",
      "panel_sync_failures",
      "panel_id",
    ])
    .where("panel_next_sync_at", "<=", now)
    .where("panel_order_id", "is not", null)
    .orderBy("panel_next_sync_at")
    .limit(limit)
    .execute();
}

export type ProfitCandidate = Pick<
  OrderRow,
  "id" | "order_id" | "panel_order_id" | "price_paise" | "panel_status" | "profit_paise" | "panel_id"
>;

/** Orders the panel has that still have no profit, by id after `afterId` (a keyset walk). */
export function ordersWithoutProfit(db: DB, afterId: number, limit: number): Promise<ProfitCandidate[]> {
  return db
    .selectFrom("orders")
    .select(["id", "order_id", "panel_order_id", "price_paise", "panel_status", "profit_paise", "panel_id"])
    .where("panel_order_id", "is not", null)
    .where("profit_paise", "is", null)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function countOrdersWithoutProfit(db: DB): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("panel_order_id", "is not", null)
    .where("profit_paise", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countOrdersByStatus(db: DB, statuses: readonly OrderStatus[]): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "in", statuses)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Orders delivered in full, for the storefront's "orders delivered" claim.
 * Answered from the (status, created_at) index alone on both databases.
 */
export function countDeliveredOrders(db: DB): Promise<number> {
  return countOrdersByStatus(db, ["delivered"]);
}

/** Count and sum of refunds owed right now. */
export async function refundsDue(db: DB): Promise<{ count: number; paise: number }> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.coalesce(eb.fn.sum<number>("refund_due_paise"), eb.lit(0)).as("paise"),
    ])
    .where("status", "=", "refund_due")
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), paise: Number(row?.paise ?? 0) };
}

/** The newest change to any order: the admin's live view polls it to know when to reload. */
export async function lastOrderChange(db: DB): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.max("updated_at").as("at"))
    .executeTakeFirst();
  return Number(row?.at ?? 0);
}

export async function deleteOrder(db: DB, orderId: string): Promise<boolean> {
  // Its refill and cancel requests mean nothing without it.
  await db.deleteFrom("order_panel_requests").where("order_id", "=", orderId).execute();
  const result = await db.deleteFrom("orders").where("order_id", "=", orderId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteAllOrders(db: DB): Promise<number> {
  await db.deleteFrom("order_panel_requests").execute();
  const result = await db.deleteFrom("orders").executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * What forgetting a buyer writes on their order: the contact goes, the money figures stay for the books (and the
 * billing State: the invoice's place of supply and tax rest on it, docs/privacy.md). Erasure forgets more on top.
 */
export function anonymised(now: number) {
  return {
    customer_name: null,
    customer_phone: null,
    customer_email: null,
    refund_upi_id: null,
    billing_address: null,
    billing_pin: null,
    anonymised_at: now,
    updated_at: now,
  };
}

/** Forgets buyers' names and phones on orders created before `createdBefore`; the orders stay for the books. */
export async function anonymiseOrdersCreatedBefore(db: DB, createdBefore: number, now: number): Promise<number> {
  const result = await db
    .updateTable("orders")
    .set(anonymised(now))
    .where("created_at", "<", createdBefore)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Erases one buyer's name and phone from an order on request. */
export async function anonymiseOrder(db: DB, orderId: string, now: number): Promise<boolean> {
  const result = await db.updateTable("orders").set(anonymised(now)).where("order_id", "=", orderId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function isSqlite(db: DB): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** Orders at a panel that are not finished there (paid and to send, being sent, waiting, placed, delivering, or stopped for a resend). */
export const UNFINISHED_AT_PANEL: readonly OrderStatus[] = [...ON_ITS_WAY_STATUSES, "failed"];

export async function countUnfinishedOrdersAtPanel(db: DB, panelId: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("panel_id", "=", panelId)
    .where("status", "in", UNFINISHED_AT_PANEL)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
