import type { AppServices } from "~/context";
import { type HeldLease, jobLease } from "~/domain/jobs/job-leases.server";
import { recordJobRun } from "~/domain/jobs/job-runs.server";
import { withJitter } from "~/domain/panel/sync-schedule";

export interface RunningJob {
  /** Stops scheduling and waits (bounded) for a run in progress. */
  stop(): Promise<void>;
  /**
   * Runs one tick now, after any run in progress, and resolves when it has
   * finished (the job control's `POST /jobs/run`, server/job-control.ts).
   */
  runNow?(): Promise<void>;
}

/**
 * Runs `tick` every `intervalMs` (±20%, so instances drift apart), one run at
 * a time: the next is scheduled only when the last has finished. A failing
 * run is logged under `name` and the schedule goes on. `stop` waits for a run
 * in progress, at most SHUTDOWN_TIMEOUT_MS. `runNow` takes its turn in the
 * same line, so a tick asked for never overlaps a scheduled one. With
 * JOBS_ENABLED=false nothing is scheduled: the job runs only when asked.
 * With a database, each run's outcome is recorded for the Health page
 * (app/domain/health/), and a run first takes the job's lease
 * (app/domain/jobs/job-leases.server.ts): with several instances on one
 * database each round runs on one of them, and another takes the job over
 * when that one dies (JOB_LEASE_TTL_MS). A tick whose round another instance
 * has is skipped; `runNow` waits for another's live round, then runs here.
 */
export function startRepeatingJob(
  services: Pick<AppServices, "config" | "logger"> & Partial<Pick<AppServices, "db">>,
  name: string,
  intervalMs: number,
  tick: (isStopped: () => boolean) => Promise<void>,
  /** `record: false`: the job records its outcomes itself (the backups); its rounds still take the lease. */
  options: { record?: boolean } = {},
): RunningJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const lease = services.db ? jobLease(services.db, name, intervalMs, services.config.JOB_LEASE_TTL_MS) : null;

  const record = (error: unknown) => {
    if (!services.db || options.record === false) return Promise.resolve();
    return recordJobRun(services.db, { name, intervalMs, error }).catch((err: unknown) =>
      services.logger.warn({ err }, `${name}: the run could not be recorded`),
    );
  };
  const tickOnce = async (asked: boolean) => {
    let held: HeldLease | null = null;
    try {
      if (lease) {
        held = await lease.take(asked, () => stopped);
        if (!held) return; // another instance has this round
      }
      const hold = held;
      await tick(() => stopped || (hold?.lost() ?? false));
      await held?.end();
      await record(null);
    } catch (error) {
      services.logger.error({ err: error }, `${name} failed`);
      await held?.end().catch(() => undefined);
      await record(error);
    }
  };
  // One run at a time: each run waits for the one before it (a run never rejects).
  const run = (asked = false) => {
    const next = (running ?? Promise.resolve()).then(() => tickOnce(asked));
    running = next;
    return next.finally(() => {
      if (running === next) running = undefined;
    });
  };

  const schedule = () => {
    if (stopped || services.config.JOBS_ENABLED === false) return;
    timer = setTimeout(() => void run().finally(schedule), withJitter(intervalMs));
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) {
        await Promise.race([
          running,
          new Promise((done) => setTimeout(done, services.config.SHUTDOWN_TIMEOUT_MS).unref()),
        ]);
      }
    },
    async runNow() {
      if (!stopped) await run(true);
    },
  };
}
