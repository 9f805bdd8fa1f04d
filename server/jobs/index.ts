import type { AppServices } from "~/context";
import { startOperatorAlertsJob } from "./operator-alerts";
import { startBackupJob, startStreamJob } from "./backups";
import { startGatewayReconcileJob } from "./gateway-reconcile";
import { startHealthJob } from "./health";
import { startMailboxJob } from "./mailbox";
import { startPanelSyncJob } from "./panel-sync";
import { startPaymentJobs } from "./payments";
import type { RunningJob } from "./repeating-job";
import { startRetentionJob } from "./retention";

export interface BackgroundJobs extends RunningJob {
  /** Runs one tick of every job that can be asked to, one job after the other (server/job-control.ts). */
  runNow(): Promise<void>;
}

/**
 * Every background job of an instance; started when JOBS_ENABLED, stopped on shutdown.
 * With JOBS_ENABLED=false and a JOB_CONTROL_PORT they exist but run only when a test asks.
 */
export function startBackgroundJobs(services: AppServices): BackgroundJobs {
  const jobs: RunningJob[] = [
    startPaymentJobs(services),
    startPanelSyncJob(services),
    startRetentionJob(services),
    startMailboxJob(services),
    startGatewayReconcileJob(services),
    startOperatorAlertsJob(services),
    startBackupJob(services),
    startStreamJob(services),
    startHealthJob(services),
  ].filter((job) => job !== null);
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
    async runNow() {
      for (const job of jobs) await job.runNow?.();
    },
  };
}
