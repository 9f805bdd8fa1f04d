import type { AppServices } from "~/context";
import { newBackupJobState, prepareBackups, runBackupTick } from "~/domain/backups/database-backup-job.server";
import { BACKUP_TICK_MS } from "~/domain/jobs/jobs";
import { type RunningJob, startRepeatingJob } from "./repeating-job";

/**
 * Every minute: a whole-database backup when the interval set in Settings has
 * passed, its encrypted copy to the bucket, and the retention rule
 * (app/domain/backups/database-backup-job.server.ts). The job records its
 * outcomes itself (a minute with nothing due says nothing about the last
 * backup), so the schedule runs without the generic run record.
 */
export function startBackupJob(services: AppServices): RunningJob {
  const state = newBackupJobState();
  const ready = prepareBackups(services).catch((error: unknown) =>
    services.logger.warn({ err: error }, "left-over backup work files could not be removed"),
  );
  const { config, logger } = services;
  return startRepeatingJob({ config, logger }, "database backups", BACKUP_TICK_MS, async () => {
    await ready;
    await runBackupTick(services, state);
  });
}
