import type { AppServices } from "~/context";
import { startAlertsJob } from "./alerts";
import { startBackupJob } from "./backups";
import { startGatewayReconcileJob } from "./gateway-reconcile";
import { startHealthJob } from "./health";
import { startMailboxJob } from "./mailbox";
import { startPanelSyncJob } from "./panel-sync";
import { startPaymentJobs } from "./payments";
import type { RunningJob } from "./repeating-job";
import { startRetentionJob } from "./retention";

/** Every background job of an instance; started when JOBS_ENABLED, stopped on shutdown. */
export function startBackgroundJobs(services: AppServices): RunningJob {
  const jobs: RunningJob[] = [
    startPaymentJobs(services),
    startPanelSyncJob(services),
    startRetentionJob(services),
    startMailboxJob(services),
    startGatewayReconcileJob(services),
    startAlertsJob(services),
    startBackupJob(services),
    startHealthJob(services),
  ];
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
