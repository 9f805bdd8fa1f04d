import type { DB } from "~/db/database.server";

/**
 * Signed requests already taken, kept a little longer than the time a
 * signature is accepted: a captured request sent again is refused even
 * within its 5 minutes. Shared by every instance through the database.
 */

/** False when the key was seen before (a replay). */
export async function firstSighting(db: DB, key: string, keepUntil: number, now = Date.now()): Promise<boolean> {
  const row = await db
    .insertInto("payment_replay_guard")
    .values({ key, expires_at: keepUntil })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  // Old entries go as new ones come: the table holds at most a few minutes of traffic.
  if (row) await db.deleteFrom("payment_replay_guard").where("expires_at", "<", now).execute();
  return row !== undefined;
}
