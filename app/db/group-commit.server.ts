import { type Kysely, sql } from "kysely";

/**
 * Group commit for the shop's SQLite connection (ADR 0013): write transactions
 * that arrive close together share one `COMMIT`, so a burst of checkouts pays
 * for one sync of the WAL per batch instead of one per order.
 *
 * A caller hands over its transaction body; the bodies queued by the time the
 * event loop reaches its check phase (`setImmediate`: every request read in
 * the same turn) run one after another inside one transaction, each in a
 * savepoint of its own. A body that throws is rolled back to its savepoint
 * alone, and the others go on. Every caller is answered only after the
 * `COMMIT` returned: with `synchronous = FULL` that is when the batch is on
 * disk, so an acknowledged write survives a kill -9 or a power cut. When the
 * `COMMIT` itself fails, nothing of the batch is stored and every caller gets
 * that error.
 *
 * The batch gives the event loop back every few milliseconds (`SLICE_MS`),
 * so pages and polls are answered while a long batch runs; other queries on
 * the same connection wait for the batch, as they waited for a transaction
 * before. Bodies that arrive while a batch runs form the next one.
 *
 * A body must only run its statements: one that waits for anything else (a
 * network call, a timer) holds the whole batch, and one that calls `run` on
 * the top-level database would wait for its own batch.
 */
export interface GroupCommit<DB> {
  /** Runs `work` in a transaction shared with the writes around it; resolves once it is committed. */
  run<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T>;
  /** Resolves when nothing is queued or running (for a clean close). */
  drained(): Promise<void>;
  /** Batches committed and bodies they carried since the start (for tests and benches). */
  readonly stats: { batches: number; writes: number; largest: number };
}

interface Queued<DB> {
  work: (trx: Kysely<DB>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A batch never runs longer than this without letting other callbacks run. */
const SLICE_MS = 4;
/** Bodies per batch at most; the rest wait for the next batch. */
const MAX_BATCH = 200;
/** Callers answered per turn of the event loop once their batch committed. */
const ANSWER_GROUP = 16;

export function createGroupCommit<DB>(
  db: Kysely<DB>,
  { sliceMs = SLICE_MS, maxBatch = MAX_BATCH }: { sliceMs?: number; maxBatch?: number } = {},
): GroupCommit<DB> {
  const queue: Queued<DB>[] = [];
  let scheduled = false;
  let running: Promise<void> | null = null;
  const stats = { batches: 0, writes: 0, largest: 0 };

  const schedule = () => {
    if (scheduled || running || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      running = flush(queue.splice(0, maxBatch)).finally(() => {
        running = null;
        schedule();
      });
    });
  };

  async function flush(batch: Queued<DB>[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        let sliceStart = performance.now();
        for (const item of batch) {
          await sql`savepoint group_commit_item`.execute(trx);
          try {
            outcomes.push({ ok: true, value: await item.work(trx) });
            await sql`release group_commit_item`.execute(trx);
          } catch (error) {
            outcomes.push({ ok: false, error });
            await sql`rollback to group_commit_item`.execute(trx);
            await sql`release group_commit_item`.execute(trx);
          }
          if (performance.now() - sliceStart >= sliceMs) {
            await new Promise((resume) => setImmediate(resume));
            sliceStart = performance.now();
          }
        }
      });
    } catch (error) {
      // The batch did not commit (or could not begin): none of it is stored, and nobody is told otherwise.
      for (const item of batch) item.reject(error);
      return;
    }
    stats.batches++;
    stats.writes += batch.length;
    stats.largest = Math.max(stats.largest, batch.length);
    // Callers are answered a few at a time, each group in a turn of its own:
    // a caller's continuation writes its answer, and two hundred of them in one
    // go would hold the event loop (and every poll waiting on it) for tens of ms.
    for (let i = 0; i < batch.length; i++) {
      if (i > 0 && i % ANSWER_GROUP === 0) await new Promise((resume) => setImmediate(resume));
      const outcome = outcomes[i]!;
      if (outcome.ok) batch[i]!.resolve(outcome.value);
      else batch[i]!.reject(outcome.error);
    }
  }

  return {
    stats,
    run<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    async drained() {
      while (running || scheduled || queue.length > 0) {
        await (running ?? new Promise((resume) => setImmediate(resume)));
      }
    },
  };
}
