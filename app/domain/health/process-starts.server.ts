import type { DB } from "~/db/database.server";
import { formatAge } from "./format";
import type { HealthCheck } from "./check";

/**
 * Each start of a shop process, and how the one before it ended (issue 52,
 * point 2). A process that crashes is restarted by its supervisor (systemd's
 * Restart=on-failure) within seconds and serves again, so a crash loop looks
 * healthy to anyone who looks between two crashes; the starts say otherwise.
 * A start that follows a crash is "a restart": more than two in ten minutes
 * is red on the Health page and /readyz, and the operator is alerted.
 */

const MINUTE = 60_000;
export const RESTART_WINDOW_MS = 10 * MINUTE;
/** More restarts after crashes than this within the window is a crash loop. */
export const MAX_RESTARTS = 2;

export interface ProcessStart {
  id: number;
  /** How the previous process of this instance ended, in words (null: it stopped cleanly, or none before). */
  previousEnd: string | null;
  previousCrashed: boolean;
}

/**
 * Records this process's start. `crash` is what the previous process wrote as
 * it died (server/crash-note.ts), if anything; a previous start that neither
 * stopped cleanly nor left a note was killed (out of memory, SIGKILL, power).
 */
export async function recordProcessStart(
  db: DB,
  start: { instance: string; pid: number; release: string | null; crash: string | null },
  now = Date.now(),
): Promise<ProcessStart> {
  const previous = await db
    .selectFrom("process_starts")
    .select(["stopped_at", "started_at"])
    .where("instance", "=", start.instance)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const crashed = start.crash !== null || (previous !== undefined && previous.stopped_at === null);
  const previousEnd = start.crash
    ? `crashed: ${start.crash}`
    : crashed
      ? "ended without stopping cleanly (killed, out of memory, or the machine stopped)"
      : null;
  const row = await db
    .insertInto("process_starts")
    .values({
      instance: start.instance,
      pid: start.pid,
      release: start.release,
      started_at: now,
      stopped_at: null,
      previous_end: previousEnd?.slice(0, 500) ?? null,
      previous_crashed: crashed ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Kept for a week: enough to read back a bad night, not a growing table.
  await db
    .deleteFrom("process_starts")
    .where("started_at", "<", now - 7 * 24 * 60 * MINUTE)
    .execute();
  return { id: row.id, previousEnd, previousCrashed: crashed };
}

/** Marks this process's start as ended cleanly (a SIGTERM's shutdown). */
export async function recordProcessStop(db: DB, id: number, now = Date.now()): Promise<void> {
  await db.updateTable("process_starts").set({ stopped_at: now }).where("id", "=", id).execute();
}

/** The Health page's "Restarts" line: red when more than MAX_RESTARTS starts followed a crash in ten minutes. */
export async function restartsCheck(db: DB, now = Date.now()): Promise<HealthCheck> {
  const base = { key: "restarts", label: "Restarts" };
  const recent = await db
    .selectFrom("process_starts")
    .select(["started_at", "previous_end", "previous_crashed"])
    .where("started_at", ">=", now - RESTART_WINDOW_MS)
    .orderBy("started_at", "desc")
    .execute();
  const crashes = recent.filter((r) => r.previous_crashed === 1);
  const last = crashes[0];
  if (!last) {
    const started = await db
      .selectFrom("process_starts")
      .select("started_at")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return {
      ...base,
      status: "ok",
      summary: started ? `Running for ${formatAge(now - started.started_at)}, no crash in 10 min` : "No start recorded",
    };
  }
  const times = crashes.length === 1 ? "once" : `${crashes.length} times`;
  const summary = `Restarted ${times} in 10 min after a crash; the last ${formatAge(now - last.started_at)} ago, the process before it ${last.previous_end ?? "crashed"}`;
  if (crashes.length > MAX_RESTARTS) {
    return { ...base, status: "failing", summary, since: crashes[MAX_RESTARTS]!.started_at };
  }
  return { ...base, status: "warn", summary };
}
