import type { AppServices } from "~/context";
import { markStuckSends, syncDueOrders } from "~/domain/orders/delivery-sync.server";
import { type RunningJob, startRepeatingJob } from "./repeating-job";

/**
 * Background status sync: every PANEL_SYNC_INTERVAL_MS (±20%), asks the panel about placed orders that
 * are due (100 per call), moves them along as the panel reports, and marks orders stuck in
 * 'sending' for checking.
 */
export function startPanelSyncJob(
  services: AppServices,
  { intervalMs = services.config.PANEL_SYNC_INTERVAL_MS } = {},
): RunningJob {
  return startRepeatingJob(services, "panel status sync", intervalMs, async (isStopped) => {
    const now = Date.now();
    // A send takes at most the timeout; a minute more covers a slow database.
    const stuck = await markStuckSends(services.db, now - services.config.PANEL_TIMEOUT_MS - 60_000, now);
    if (stuck > 0) services.logger.warn({ orders: stuck }, "orders left in 'sending' marked for checking");
    const result = await syncDueOrders(services, { shouldContinue: () => !isStopped() });
    if (result.calls > 0) services.logger.info(result, "panel status sync");
  });
}
