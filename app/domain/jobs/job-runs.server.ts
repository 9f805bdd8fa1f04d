import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import type { JobRunTable } from "./table";

/**
 * Each background job's last run and last error, for the Health page. A job
 * that keeps succeeding writes its row at most every 15 s (a 1-second job
 * would otherwise write every second; a stopped one is seen within two minutes); a failure, a recovery or a new error
 * is written at once.
 */

const QUIET_WRITE_MS = 15_000;
const MAX_ERROR = 500;

interface Written {
  at: number;
  error: string | null;
}
const lastWritten = new WeakMap<DB, Map<string, Written>>();

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR - 1)}…` : text;
}

/** Records one run of `name` (which means to run every `intervalMs`): `error` null when it succeeded. */
export async function recordJobRun(
  db: DB,
  run: { name: string; intervalMs: number; error: unknown },
  now = Date.now(),
): Promise<void> {
  const error = run.error === null || run.error === undefined ? null : errorText(run.error);
  const written = lastWritten.get(db) ?? new Map<string, Written>();
  lastWritten.set(db, written);
  const previous = written.get(run.name);
  if (previous && previous.error === error && now - previous.at < QUIET_WRITE_MS) return;
  written.set(run.name, { at: now, error });

  const row = {
    name: run.name,
    interval_ms: run.intervalMs,
    last_run_at: now,
    last_ok_at: error === null ? now : null,
    last_error: error,
    last_error_at: error === null ? null : now,
    failing_since: error === null ? null : now,
  };
  await db
    .insertInto("job_runs")
    .values(row)
    .onConflict((oc) =>
      oc.column("name").doUpdateSet(
        error === null
          ? { interval_ms: run.intervalMs, last_run_at: now, last_ok_at: now, failing_since: null }
          : {
              interval_ms: run.intervalMs,
              last_run_at: now,
              last_error: error,
              last_error_at: now,
              // The first failure of a run of failures says since when.
              failing_since: sql<number>`coalesce(job_runs.failing_since, ${now})`,
            },
      ),
    )
    .execute();
}

export async function listJobRuns(db: DB): Promise<JobRunTable[]> {
  return db.selectFrom("job_runs").selectAll().orderBy("name").execute();
}

/** Forgets what this process last wrote (a test that rewinds a job's row). */
export function forgetJobRunWrites(db: DB): void {
  lastWritten.delete(db);
}
