import type { AppServices } from "~/context";
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
 * (app/domain/health/).
 */
export function startRepeatingJob(
  services: Pick<AppServices, "config" | "logger"> & Partial<Pick<AppServices, "db">>,
  name: string,
  intervalMs: number,
  tick: (isStopped: () => boolean) => Promise<void>,
): RunningJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const record = (error: unknown) => {
    if (!services.db) return Promise.resolve();
    return recordJobRun(services.db, { name, intervalMs, error }).catch((err: unknown) =>
      services.logger.warn({ err }, `${name}: the run could not be recorded`),
    );
  };
  const tickOnce = async () => {
    try {
      await tick(() => stopped);
      await record(null);
    } catch (error) {
      services.logger.error({ err: error }, `${name} failed`);
      await record(error);
    }
  };
  // One run at a time: each run waits for the one before it (a run never rejects).
  const run = () => {
    const next = (running ?? Promise.resolve()).then(tickOnce);
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
      if (!stopped) await run();
    },
  };
}
