import type { DB } from "~/db/database.server";
import type { LastRefill } from "./rules";
import type { OrderPanelRequestRow, PanelRequestKind, PanelRequestState } from "./table";

/** The refill and cancel requests of orders, as stored (no rule here: see rules.ts). */

export async function insertRequest(
  db: DB,
  row: { orderId: string; kind: PanelRequestKind; requestedBy: string; now: number },
): Promise<number> {
  const inserted = await db
    .insertInto("order_panel_requests")
    .values({
      order_id: row.orderId,
      kind: row.kind,
      state: "requested",
      requested_by: row.requestedBy,
      requested_at: row.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function finishRequest(
  db: DB,
  id: number,
  fields: {
    state: Exclude<PanelRequestState, "requested">;
    panelRefillId?: string | null;
    refillStatus?: string | null;
    error?: string | null;
    nextSyncAt?: number | null;
    now: number;
  },
): Promise<void> {
  await db
    .updateTable("order_panel_requests")
    .set({
      state: fields.state,
      panel_refill_id: fields.panelRefillId ?? null,
      refill_status: fields.refillStatus ?? null,
      error: fields.error ?? null,
      next_sync_at: fields.nextSyncAt ?? null,
      answered_at: fields.now,
    })
    .where("id", "=", id)
    .execute();
}

/** The newest refill request of an order that the panel did not refuse (or that is still under way). */
export async function lastRefill(db: DB, orderId: string): Promise<LastRefill | null> {
  const row = await db
    .selectFrom("order_panel_requests")
    .select(["state", "requested_at"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "refill")
    .where("state", "!=", "failed")
    .orderBy("requested_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? { state: row.state, requestedAt: row.requested_at } : null;
}

/** How many refill and cancel requests the buyer made for an order since `since`, whatever the panel answered. */
export async function buyerRequestsSince(
  db: DB,
  orderId: string,
  since: number,
): Promise<Record<PanelRequestKind, number>> {
  const rows = await db
    .selectFrom("order_panel_requests")
    .select(["kind", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("order_id", "=", orderId)
    .where("requested_by", "=", "buyer")
    .where("requested_at", ">", since)
    .groupBy("kind")
    .execute();
  const counts: Record<PanelRequestKind, number> = { refill: 0, cancel: 0 };
  for (const row of rows) counts[row.kind] = Number(row.n);
  return counts;
}

/** A claim older than this was left by a process that stopped mid-call; it no longer blocks a new one. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

/** Whether a cancel of this order is being asked of the panel right now. */
export async function cancelUnderWay(db: DB, orderId: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom("order_panel_requests")
    .select("id")
    .where("order_id", "=", orderId)
    .where("kind", "=", "cancel")
    .where("state", "=", "requested")
    .where("requested_at", ">", now - STALE_CLAIM_MS)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every refill of an order, newest first (the buyer's and the operator's view of their progress). */
export function refillsOf(db: DB, orderId: string): Promise<OrderPanelRequestRow[]> {
  return db
    .selectFrom("order_panel_requests")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("kind", "=", "refill")
    .orderBy("requested_at", "desc")
    .orderBy("id", "desc")
    .limit(20)
    .execute();
}

/** Accepted refills the status sync should ask about now. */
export function refillsDueForSync(db: DB, now: number, limit: number): Promise<OrderPanelRequestRow[]> {
  return db
    .selectFrom("order_panel_requests")
    .selectAll()
    .where("kind", "=", "refill")
    .where("state", "=", "accepted")
    .where("next_sync_at", "is not", null)
    .where("next_sync_at", "<=", now)
    .orderBy("next_sync_at", "asc")
    .limit(limit)
    .execute();
}

export async function updateRefillProgress(
  db: DB,
  id: number,
  fields: { refillStatus?: string; nextSyncAt: number | null },
): Promise<void> {
  await db
    .updateTable("order_panel_requests")
    .set({
      ...(fields.refillStatus !== undefined ? { refill_status: fields.refillStatus } : {}),
      next_sync_at: fields.nextSyncAt,
    })
    .where("id", "=", id)
    .execute();
}
