import type { AppServices } from "~/context";
import { checkUnknownPlacements, markStuckSends, syncDueOrders } from "~/domain/fulfilment/delivery-sync.server";
import { panelSetupFor } from "~/domain/panel/connection.server";
import { listPanels } from "~/domain/panel/panels.repository.server";
import { refreshPanelServicesIfStale } from "~/domain/panel/services.server";
import { syncDueRefills } from "~/domain/self-service/refill-sync.server";
import { JOBS } from "~/domain/jobs/jobs";
import { type RunningJob, startRepeatingJob } from "./repeating-job";

/**
 * Background status sync: every PANEL_SYNC_INTERVAL_MS (±20%), asks the panel about placed orders that
 * are due (100 per call), moves them along as the panel reports, and marks orders stuck in
 * 'sending' for checking; then follows requested refills, and keeps the panel's service list
 * (what each service supports) fresh.
 */
export function startPanelSyncJob(
  services: AppServices,
  { intervalMs = services.config.PANEL_SYNC_INTERVAL_MS } = {},
): RunningJob {
  return startRepeatingJob(services, JOBS.panelSync.name, intervalMs, async (isStopped) => {
    const now = Date.now();
    // A send takes at most the timeout; a minute more covers a slow database.
    const stuck = await markStuckSends(services.db, now - services.config.PANEL_TIMEOUT_MS - 60_000, now);
    if (stuck > 0) services.logger.warn({ orders: stuck }, "orders left in 'sending' marked for checking");
    const found = await checkUnknownPlacements(services, now);
    if (found > 0) services.logger.info({ orders: found }, "orders of unknown outcome found at the SMM panel");
    const result = await syncDueOrders(services, { shouldContinue: () => !isStopped() });
    if (result.calls > 0) services.logger.info(result, "panel status sync");
    if (isStopped()) return;
    const refills = await syncDueRefills(services);
    if (refills > 0) services.logger.info({ refills }, "panel refill status sync");
    // What each service supports (refill, cancel, drip-feed) decides what buyers are offered.
    // Every panel's list, each on its own schedule.
    for (const panel of await listPanels(services.db)) {
      const configured = await panelSetupFor(services, panel.id);
      if (configured.ok) await refreshPanelServicesIfStale(services.db, panel.id, configured.setup.connection);
    }
  });
}
