import type { AppServices } from "~/context";
import { raiseHealthAlerts } from "~/domain/health/health-alerts.server";
import { shopHealth } from "~/domain/health/health.server";
import { HEALTH_TICK_MS, JOBS } from "~/domain/jobs/jobs";
import { type RunningJob, startRepeatingJob } from "./repeating-job";

/**
 * Every minute: reads the shop's health (app/domain/health/) and alerts the
 * operator once about each check that turned red.
 */
export function startHealthJob(services: AppServices): RunningJob {
  return startRepeatingJob(services, JOBS.health.name, HEALTH_TICK_MS, async () => {
    const report = await shopHealth(services, { refreshPanel: true });
    const raised = await raiseHealthAlerts(services.db, report);
    if (raised.length > 0) services.logger.warn({ checks: raised }, "health problems: the operator is alerted");
  });
}
