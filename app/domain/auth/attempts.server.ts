import type { DB } from "~/db/database.server";

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The first failures of a name cost nothing: they are the operator's own typos. */
const FREE_FAILURES = 5;
export const MAX_DELAY_MS = 4_000;

/**
 * How long an attempt on a name waits, given the failures that name had in the
 * window: nothing for the first five, then 0.5 s, 1 s, 2 s and at most 4 s.
 * Bounded, so a stranger hammering the name slows its owner down but never
 * keeps them out.
 */
export function slowdownMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, 500 * 2 ** (failures - FREE_FAILURES));
}

/** What one attempt is counted under, e.g. `["ip:203.0.113.7"]` and `"user:owner"`. */
export interface AttemptSubjects {
  /** Each refuses further attempts once it holds MAX_FAILURES in the window. */
  locks: string[];
  /** Counted but never locked: its failures slow every later attempt on it down. None: nothing slows it. */
  slows?: string;
}

export type Reservation =
  | {
      ok: true;
      /** Rows standing for this attempt; they stay as its failure unless it is released. */
      ticket: number[];
      delayMs: number;
      /** This attempt took the last one a lock subject allows: if it fails, that subject is locked. */
      lastSlot: boolean;
    }
  | { ok: false; retryAfterSeconds: number };

/**
 * Records an attempt before its password is checked, and decides in the same
 * transaction whether it may go ahead. The attempt counts as a failure from the
 * start, so however many arrive at once only MAX_FAILURES per lock subject get
 * a verdict; an attempt that turns out right, or is never checked, is released.
 *
 * Upserting a row per lock subject serialises concurrent reservations for that
 * subject on PostgreSQL (the row stays locked until commit, and under READ
 * COMMITTED the count that follows sees what the previous holder inserted);
 * SQLite runs one transaction at a time anyway.
 */
export async function reserveAttempt(db: DB, subjects: AttemptSubjects, now: number): Promise<Reservation> {
  const locks = [...new Set(subjects.locks)].sort();
  const since = now - FAILURE_WINDOW_MS;
  // A locked subject is refused with a read alone, so hammering it writes nothing.
  const early = await refusal(db, locks, await countFailures(db, locks, since), now);
  if (early) return early;

  return db.transaction().execute(async (trx) => {
    for (const subject of locks) {
      await trx
        .insertInto("admin_login_gates")
        .values({ subject, touched_at: now })
        .onConflict((oc) => oc.column("subject").doUpdateSet({ touched_at: now }))
        .execute();
    }
    const counted = subjects.slows === undefined ? locks : [...locks, subjects.slows];
    const count = await countFailures(trx, counted, since);
    const refused = await refusal(trx, locks, count, now);
    if (refused) return refused;

    const rows = await trx
      .insertInto("admin_login_failures")
      .values(counted.map((subject) => ({ subject, failed_at: now })))
      .returning("id")
      .execute();
    return {
      ok: true as const,
      ticket: rows.map((r) => Number(r.id)),
      delayMs: subjects.slows === undefined ? 0 : slowdownMs(count(subjects.slows)),
      lastSlot: locks.some((s) => count(s) + 1 >= MAX_FAILURES),
    };
  });
}

async function countFailures(db: DB, subjects: string[], since: number): Promise<(subject: string) => number> {
  const rows = await db
    .selectFrom("admin_login_failures")
    .select(["subject", (eb) => eb.fn.countAll<number>().as("n")])
    .where("subject", "in", subjects)
    .where("failed_at", ">", since)
    .groupBy("subject")
    .execute();
  return (subject) => Number(rows.find((r) => r.subject === subject)?.n ?? 0);
}

/** The refusal for a locked subject among `locks`, saying when the last of them unlocks; null when none is locked. */
async function refusal(db: DB, locks: string[], count: (subject: string) => number, now: number) {
  const locked = locks.filter((s) => count(s) >= MAX_FAILURES);
  if (locked.length === 0) return null;
  // A subject unlocks when its MAX_FAILURES-th newest failure leaves the window.
  let unlocksAt = now;
  for (const subject of locked) {
    const row = await db
      .selectFrom("admin_login_failures")
      .select("failed_at")
      .where("subject", "=", subject)
      .where("failed_at", ">", now - FAILURE_WINDOW_MS)
      .orderBy("failed_at", "desc")
      .limit(1)
      .offset(MAX_FAILURES - 1)
      .executeTakeFirst();
    unlocksAt = Math.max(unlocksAt, (row?.failed_at ?? now) + FAILURE_WINDOW_MS);
  }
  return { ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil((unlocksAt - now) / 1000)) };
}

/** The attempt was not a failure (right password, or never checked): it no longer counts. */
export async function releaseAttempt(db: DB, ticket: number[]): Promise<void> {
  if (ticket.length === 0) return;
  await db.deleteFrom("admin_login_failures").where("id", "in", ticket).execute();
}

let nextPruneAt = 0;

/** Forgets failures and gates past the window; at most once a minute per instance, so floods do not pay for it. */
export async function pruneAttempts(db: DB, now: number): Promise<void> {
  if (now < nextPruneAt) return;
  nextPruneAt = now + 60_000;
  await db
    .deleteFrom("admin_login_failures")
    .where("failed_at", "<=", now - FAILURE_WINDOW_MS)
    .execute();
  await db
    .deleteFrom("admin_login_gates")
    .where("touched_at", "<=", now - FAILURE_WINDOW_MS)
    .execute();
}
