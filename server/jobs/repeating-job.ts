import type { AppServices } from "~/context";
import { withJitter } from "~/domain/panel/sync-schedule";

export interface RunningJob {
  /** Stops scheduling and waits (bounded) for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `tick` every `intervalMs` (±20%, so instances drift apart), one run at
 * a time: the next is scheduled only when the last has finished. A failing
 * run is logged under `name` and the schedule goes on. `stop` waits for a run
 * in progress, at most SHUTDOWN_TIMEOUT_MS.
 */
export function startRepeatingJob(
  services: Pick<AppServices, "config" | "logger">,
  name: string,
  intervalMs: number,
  tick: (isStopped: () => boolean) => Promise<void>,
): RunningJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const run = async () => {
    try {
      await tick(() => stopped);
    } catch (error) {
      services.logger.error({ err: error }, `${name} failed`);
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        schedule();
      });
    }, withJitter(intervalMs));
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
  };
}
