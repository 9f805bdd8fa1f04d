import type { AppServices } from "~/context";
import { markStuckSends, syncDueOrders } from "~/domain/orders/delivery-sync.server";
import { withJitter } from "~/domain/panel/sync-schedule";

export interface RunningJob {
  /** Stops scheduling and waits (bounded) for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Background status sync: every PANEL_SYNC_INTERVAL_MS (±20%), asks the panel about placed orders that
 * are due (100 per call), moves them along as the panel reports, and marks orders stuck in
 * 'sending' for checking.
 */
export function startPanelSyncJob(
  services: AppServices,
  { intervalMs = services.config.PANEL_SYNC_INTERVAL_MS } = {},
): RunningJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = async () => {
    try {
      const now = Date.now();
      // A send takes at most the timeout; a minute more covers a slow database.
      const stuck = await markStuckSends(services.db, now - services.config.PANEL_TIMEOUT_MS - 60_000, now);
      if (stuck > 0) services.logger.warn({ orders: stuck }, "orders left in 'sending' marked for checking");
      const result = await syncDueOrders(services, { shouldContinue: () => !stopped });
      if (result.calls > 0) services.logger.info(result, "panel status sync");
    } catch (error) {
      services.logger.error({ err: error }, "panel status sync failed");
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
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
