import type { DB } from "~/db/database.server";
import type { AfterSend, RetryPolicy } from "./retry";
import type { AlertChannel } from "./events";
import type { AlertOutboxRow } from "./table";

/**
 * The outbox's rows as the alert job works them. A row is claimed with a
 * conditional update on the status and attempt count it was read with: of
 * several instances reading the same row, exactly one update matches, and
 * only that one sends it. The claim counts the attempt, so a worker that dies
 * mid-send still uses one up.
 */

/** Rows due now: pending and past their next attempt, or claimed by a worker that stopped answering. */
export function dueAlerts(
  db: DB,
  now: number,
  policy: RetryPolicy,
  { limit = 20, skipChannels = [] }: { limit?: number; skipChannels?: readonly AlertChannel[] } = {},
): Promise<AlertOutboxRow[]> {
  let query = db.selectFrom("alert_outbox").selectAll();
  if (skipChannels.length > 0) query = query.where("channel", "not in", skipChannels);
  return query
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now)]),
        eb.and([eb("status", "=", "sending"), eb("claimed_at", "<", now - policy.claimTimeoutMs)]),
      ]),
    )
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Takes the row for this worker; false when another took it first. Returns the attempt this is. */
export async function claimAlert(db: DB, row: AlertOutboxRow, now: number): Promise<number | null> {
  const attempt = row.attempts + 1;
  const result = await db
    .updateTable("alert_outbox")
    .set({ status: "sending", claimed_at: now, attempts: attempt })
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .where("attempts", "=", row.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? attempt : null;
}

/** Records the answer, unless the row was taken over meanwhile (then the newer claim decides). */
export async function finishAlert(db: DB, id: number, attempt: number, after: AfterSend): Promise<void> {
  await db
    .updateTable("alert_outbox")
    .set({ ...after, claimed_at: null })
    .where("id", "=", id)
    .where("status", "=", "sending")
    .where("attempts", "=", attempt)
    .execute();
}

/** The last alerts with their state, for the Settings card. */
export function recentAlerts(db: DB, limit = 10): Promise<AlertOutboxRow[]> {
  return db.selectFrom("alert_outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
}

/** Forgets alerts sent or given up before `before`: the outbox is a queue, not an archive. */
export async function pruneAlerts(db: DB, before: number): Promise<number> {
  const result = await db
    .deleteFrom("alert_outbox")
    .where("status", "in", ["sent", "failed"])
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets the alerts of an order the operator deleted: one still queued would link to an order that is gone. */
export async function forgetOrderAlerts(db: DB, orderId: string): Promise<number> {
  const result = await db.deleteFrom("alert_outbox").where("order_id", "=", orderId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The same for every order at once (the danger zone deleted them all). */
export async function forgetAllOrderAlerts(db: DB): Promise<number> {
  const result = await db.deleteFrom("alert_outbox").where("order_id", "is not", null).executeTakeFirst();
  return Number(result.numDeletedRows);
}
