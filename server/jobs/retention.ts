import type { AppServices } from "~/context";
import { type HeldLease, jobLease } from "~/domain/jobs/job-leases.server";
import { recordJobRun } from "~/domain/jobs/job-runs.server";
import { JOBS } from "~/domain/jobs/jobs";
import { forgetExpiredBuyerChannels } from "~/domain/buyer-messages/privacy.server";
import { anonymiseExpiredCustomers } from "~/domain/orders/retention.server";
import type { RunningJob } from "./repeating-job";

const HOUR = 3_600_000;
const RETENTION_JOB = JOBS.retention.name;

/**
 * Forgets buyers' names and phones once orders pass the retention period.
 * Runs a minute after start and then every 6 hours, so a period is never
 * overrun by more than that; the update is idempotent, and with several
 * instances one of them runs each round (the job's lease).
 */
export function startRetentionJob(
  services: AppServices,
  { firstRunMs = 60_000, intervalMs = 6 * HOUR } = {},
): RunningJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const lease = jobLease(services.db, RETENTION_JOB, intervalMs, services.config.JOB_LEASE_TTL_MS);
  const run = (asked = false) =>
    (running = (async () => {
      let held: HeldLease | null = null;
      try {
        held = await lease.take(asked, () => stopped);
        if (!held) return; // another instance has this round
        const days = Number((await services.settings.get()).retentionDays);
        const count = await anonymiseExpiredCustomers(services.db, days);
        // The buyers' browsers, chat links and chats go with their names and phones.
        await forgetExpiredBuyerChannels(services.db, days);
        if (count > 0)
          services.logger.info({ orders: count, retentionDays: days }, "anonymised buyer data past retention");
        await held.end();
        await recordJobRun(services.db, { name: RETENTION_JOB, intervalMs, error: null });
      } catch (error) {
        services.logger.error({ err: error }, "retention job failed");
        await held?.end().catch(() => undefined);
        await recordJobRun(services.db, { name: RETENTION_JOB, intervalMs, error }).catch(() => undefined);
      } finally {
        running = undefined;
      }
    })());
  // With JOBS_ENABLED=false the job runs only when asked (server/job-control.ts).
  const scheduled = services.config.JOBS_ENABLED !== false;
  const first = scheduled ? setTimeout(() => void run(), firstRunMs).unref() : undefined;
  const every = scheduled ? setInterval(() => void run(), intervalMs).unref() : undefined;
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
    async runNow() {
      await running;
      await run(true);
    },
  };
}
