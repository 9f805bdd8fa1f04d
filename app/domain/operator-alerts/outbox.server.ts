import type { DB } from "~/db/database.server";
import type { AfterSend, RetryPolicy } from "./retry";
import { ALERT_CHANNELS, type OutboxChannel } from "./events";
import type { AlertOutboxRow, AlertOutboxTable } from "./table";

/**
 * The outbox's rows as the alert job works them. A row is claimed with a
 * conditional update on the status and attempt count it was read with: of
 * several instances reading the same row, exactly one update matches, and
 * only that one sends it. The claim counts the attempt, so a worker that dies
 * mid-send still uses one up.
 */

/** What a new row says: the rest (pending, no attempt, no error) is the outbox's. */
export interface OutboxEntry {
  eventKey: string;
  channel: OutboxChannel;
  event: string;
  orderId: string | null;
  /** JSON: what the message says (or what the row's sender needs), fixed when it is queued. */
  facts: string;
  /** Not before this (default: now). */
  notBefore?: number;
}

/**
 * Queues rows inside the caller's transaction; the same event key and channel
 * again queues nothing (several instances, a retried request). Returns how
 * many rows were new.
 */
export async function insertOutboxRows(db: DB, entries: readonly OutboxEntry[], now: number): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = entries.map(
    (entry): Omit<AlertOutboxTable, "id" | "attempts" | "provider_id" | "delivery" | "delivery_at"> => ({
      event_key: entry.eventKey.slice(0, 300),
      channel: entry.channel,
      event: entry.event,
      order_id: entry.orderId,
      facts: entry.facts,
      status: "pending",
      next_attempt_at: entry.notBefore ?? now,
      claimed_at: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    }),
  );
  const result = await db
    .insertInto("alert_outbox")
    .values(rows)
    .onConflict((oc) => oc.columns(["event_key", "channel"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Rows due now: pending and past their next attempt, or claimed by a worker that stopped answering.
 * `channels`: only these (each feature works its own); `skipChannels`: not these (failing this tick).
 */
export function dueAlerts(
  db: DB,
  now: number,
  policy: RetryPolicy,
  {
    limit = 20,
    skipChannels = [],
    channels = ALERT_CHANNELS,
  }: { limit?: number; skipChannels?: readonly OutboxChannel[]; channels?: readonly OutboxChannel[] } = {},
): Promise<AlertOutboxRow[]> {
  let query = db.selectFrom("alert_outbox").selectAll().where("channel", "in", channels);
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
  return db
    .selectFrom("alert_outbox")
    .selectAll()
    .where("channel", "in", ALERT_CHANNELS)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/**
 * Forgets rows of `channels` (the operator's alerts by default) sent or given up before `before`: the
 * outbox is a queue, not an archive.
 */
export async function pruneAlerts(
  db: DB,
  before: number,
  channels: readonly OutboxChannel[] = ALERT_CHANNELS,
): Promise<number> {
  const result = await db
    .deleteFrom("alert_outbox")
    .where("channel", "in", channels)
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
