import type { AppServices } from "~/context";
import { raiseHealthAlerts } from "~/domain/health/health-alerts.server";
import { checkBucketIfDue } from "~/domain/health/bucket-check.server";
import { shopHealth } from "~/domain/health/health.server";
import { HEALTH_TICK_MS, JOBS } from "~/domain/jobs/jobs";
import { type RunningJob, startRepeatingJob } from "./repeating-job";

/**
 * Every 30 s: checks what has its own schedule (the panel every 20 s, the
 * bucket every minute), reads the shop's health (app/domain/health/), alerts
 * the operator once about each check that turned red and once when it is
 * resolved. The first run comes 10 s after start, so a process that crashes
 * within a minute of starting still tells (issue 52).
 */
export function startHealthJob(services: AppServices): RunningJob {
  const job = startRepeatingJob(services, JOBS.health.name, HEALTH_TICK_MS, async () => {
    await checkBucketIfDue(services);
    const report = await shopHealth(services, { refreshPanel: true });
    const raised = await raiseHealthAlerts(services.db, report);
    if (raised.length > 0) services.logger.warn({ checks: raised }, "health problems: the operator is alerted");
  });
  const first = services.config.JOBS_ENABLED ? setTimeout(() => void job.runNow?.(), 10_000).unref() : undefined;
  return {
    ...job,
    stop() {
      clearTimeout(first);
      return job.stop();
    },
  };
}
