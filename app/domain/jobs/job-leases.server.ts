import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "kysely";
import type { DB } from "~/db/database.server";

/**
 * Which instance runs a background job's round (issue 50, point 2;
 * docs/decisions/0041-job-leases-table.md). One row per job in `job_leases`,
 * taken in one statement, so two instances that tick at the same moment
 * cannot both win: the database's row lock on the primary key decides.
 *
 * A lease is free when no round runs (`expires_at` passed: the holder ended
 * its round, or died and stopped renewing) and the last round is over
 * (`round_until` passed). Its own holder may always take it again: one
 * instance keeps a job while it lives, as a single instance did, and the
 * others take it over once it stops renewing and the round it ran is over.
 * A round asked for (a test's `runNow`) ignores the last round but still
 * never runs beside another holder's live round.
 *
 * Times are each caller's `Date.now()` (one code path on both databases);
 * the lease's time to live (JOB_LEASE_TTL_MS, 30 s) dwarfs clock skew.
 */

export interface LeaseTake {
  name: string;
  holder: string;
  now: number;
  ttlMs: number;
  /** A round asked for now: the last round's `round_until` does not hold it back. */
  asked?: boolean;
}

/** Takes `name` for a round, in one atomic statement; false when another holder has it or ran this round. */
export async function takeJobLease(db: DB, take: LeaseTake): Promise<boolean> {
  const { name, holder, now, ttlMs, asked = false } = take;
  const lapsed = sql<boolean>`job_leases.expires_at <= ${now}`;
  const free = asked ? lapsed : sql<boolean>`(${lapsed} and job_leases.round_until <= ${now})`;
  const row = await db
    .insertInto("job_leases")
    .values({ name, holder, round_until: now, expires_at: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder, round_until: now, expires_at: now + ttlMs })
        .where(sql<boolean>`(job_leases.holder = ${holder} or ${free})`),
    )
    .returning("name")
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps a running round's lease alive; false when it is no longer this holder's (it lapsed and was taken). */
export async function renewJobLease(
  db: DB,
  lease: { name: string; holder: string; now: number; ttlMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable("job_leases")
    .set({ expires_at: lease.now + lease.ttlMs })
    .where("name", "=", lease.name)
    .where("holder", "=", lease.holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends this holder's round: the lease is free again once `roundMs` (about the job's interval) has passed. */
export async function endJobRound(
  db: DB,
  lease: { name: string; holder: string; now: number; roundMs: number },
): Promise<void> {
  await db
    .updateTable("job_leases")
    .set({ expires_at: lease.now, round_until: lease.now + lease.roundMs })
    .where("name", "=", lease.name)
    .where("holder", "=", lease.holder)
    .execute();
}

export interface HeldLease {
  /** True once the lease lapsed and another holder took it: the tick should stop at its next check. */
  lost: () => boolean;
  /** Ends the round (stops renewing; the lease keeps the round for about the job's interval). */
  end: () => Promise<void>;
}

const DEFAULT_LEASE_TTL_MS = 30_000;
const ASKED_RETRY_MS = 100;

/**
 * A job runner's hold on `name`'s lease, one holder id per runner (host, process, a random part): `take`
 * before a round (null: another instance has it), renewing while it runs, `end` after it.
 */
export function jobLease(db: DB, name: string, intervalMs: number, ttl: number | undefined) {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const ttlMs = ttl ?? DEFAULT_LEASE_TTL_MS;
  return {
    holder,
    async take(asked: boolean, isStopped: () => boolean): Promise<HeldLease | null> {
      // Asked for (a test), the round runs here: wait out another holder's live round, never run beside it.
      while (!(await takeJobLease(db, { name, holder, now: Date.now(), ttlMs, asked }))) {
        if (!asked || isStopped()) return null;
        await new Promise((done) => setTimeout(done, ASKED_RETRY_MS));
      }
      let lost = false;
      let renewing = Promise.resolve();
      const renew = setInterval(() => {
        renewing = renewJobLease(db, { name, holder, now: Date.now(), ttlMs }).then(
          (still) => void (lost ||= !still),
          () => undefined, // a failed renewal is retried; the lease lapses only after its whole time to live
        );
      }, ttlMs / 3);
      renew.unref();
      return {
        lost: () => lost,
        async end() {
          clearInterval(renew);
          await renewing;
          if (!lost) await endJobRound(db, { name, holder, now: Date.now(), roundMs: intervalMs });
        },
      };
    },
  };
}
