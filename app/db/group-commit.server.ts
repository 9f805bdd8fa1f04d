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
 *
 * On PostgreSQL (`optimistic`, ADR 0052) each savepoint would be a round trip
 * of its own, so a batch first runs its bodies without them: when every body
 * succeeds (a burst's usual case) one `COMMIT` ends them. When one throws, the
 * whole transaction is rolled back and the batch runs again, each body in its
 * savepoint as above, so the others are still committed and the failing one is
 * answered with its own error. A body may therefore run more than once: it
 * must do nothing but its statements (a body's after-commit hooks are those of
 * its last run). A body that loses a deadlock or a serialization conflict
 * (another instance's batch holding what it needs) is tried again in its savepoint.
 * There a few batches may run at once (`concurrency`), each on a connection of
 * its own, so the round trips of one do not wait for another's.
 */
export interface GroupCommit<DB> {
  /** Runs `work` in a transaction shared with the writes around it; resolves once it is committed. */
  run<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T>;
  /** Resolves when nothing is queued or running (for a clean close). */
  drained(): Promise<void>;
  /** Batches committed, bodies they carried, and optimistic batches run again in savepoints (tests, benches). */
  readonly stats: { batches: number; writes: number; largest: number; isolatedRuns: number };
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
/** Tries of a body whose statement lost a deadlock or a serialization conflict. */
const TRANSIENT_TRIES = 3;

/** PostgreSQL's deadlock_detected and serialization_failure: nothing wrong with the body, try it again. */
function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40P01" || code === "40001";
}

/** Thrown inside the optimistic run to roll the whole transaction back. */
class BodyFailed extends Error {
  constructor(readonly failure: unknown) {
    super("a body of the batch failed");
  }
}

export function createGroupCommit<DB>(
  db: Kysely<DB>,
  {
    sliceMs = SLICE_MS,
    maxBatch = MAX_BATCH,
    optimistic = false,
    concurrency = 1,
  }: { sliceMs?: number; maxBatch?: number; optimistic?: boolean; concurrency?: number } = {},
): GroupCommit<DB> {
  const queue: Queued<DB>[] = [];
  let scheduled = false;
  const running = new Set<Promise<void>>();
  const stats = { batches: 0, writes: 0, largest: 0, isolatedRuns: 0 };

  const schedule = () => {
    if (scheduled || running.size >= concurrency || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const batch: Promise<void> = flush(queue.splice(0, maxBatch)).finally(() => {
        running.delete(batch);
        schedule();
      });
      running.add(batch);
      schedule();
    });
  };

  /** Every body without savepoints; null when one threw (the transaction was rolled back). */
  async function runTogether(batch: Queued<DB>[]): Promise<Outcome[] | null> {
    try {
      return await db.transaction().execute(async (trx) => {
        const outcomes: Outcome[] = [];
        for (const item of batch) {
          try {
            outcomes.push({ ok: true, value: await item.work(trx) });
          } catch (error) {
            throw new BodyFailed(error);
          }
        }
        return outcomes;
      });
    } catch (error) {
      // Alone in its batch, a body's error is its answer; otherwise the batch runs again, each body isolated.
      if (error instanceof BodyFailed) {
        return batch.length === 1 && !isTransient(error.failure) ? [{ ok: false, error: error.failure }] : null;
      }
      if (isTransient(error)) return null;
      throw error;
    }
  }

  /** Each body in a savepoint of its own: one that throws is rolled back alone. */
  async function runIsolated(batch: Queued<DB>[]): Promise<Outcome[]> {
    return db.transaction().execute(async (trx) => {
      const outcomes: Outcome[] = [];
      let sliceStart = performance.now();
      for (const item of batch) {
        for (let attempt = 1; ; attempt++) {
          await sql`savepoint group_commit_item`.execute(trx);
          try {
            const value = await item.work(trx);
            await sql`release group_commit_item`.execute(trx);
            outcomes.push({ ok: true, value });
            break;
          } catch (error) {
            await sql`rollback to group_commit_item`.execute(trx);
            await sql`release group_commit_item`.execute(trx);
            if (attempt < TRANSIENT_TRIES && isTransient(error)) continue;
            outcomes.push({ ok: false, error });
            break;
          }
        }
        if (performance.now() - sliceStart >= sliceMs) {
          await new Promise((resume) => setImmediate(resume));
          sliceStart = performance.now();
        }
      }
      return outcomes;
    });
  }

  async function flush(batch: Queued<DB>[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      const together = optimistic ? await runTogether(batch) : null;
      if (optimistic && together === null) stats.isolatedRuns++;
      outcomes = together ?? (await runIsolated(batch));
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
      while (running.size > 0 || scheduled || queue.length > 0) {
        await (running.size > 0 ? Promise.all(running) : new Promise((resume) => setImmediate(resume)));
      }
    },
  };
}
