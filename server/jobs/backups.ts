import type { AppServices } from "~/context";
import { newBackupJobState, prepareBackups, runBackupTick } from "~/domain/backups/database-backup-job.server";
import { newStreamState, runStreamTick, stopStream } from "~/domain/backups/database-stream.server";
import { offsiteTarget } from "~/domain/backups/offsite.server";
import { BACKUP_TICK_MS, JOBS } from "~/domain/jobs/jobs";
import { type RunningJob, startRepeatingJob } from "./repeating-job";

/**
 * Every minute: a whole-database backup when the interval set in Settings has
 * passed, its encrypted copy to the bucket, and the retention rule
 * (app/domain/backups/database-backup-job.server.ts). The job records its
 * outcomes itself (a minute with nothing due says nothing about the last
 * backup), so the schedule runs without the generic run record; with several
 * instances, one of them backs up (the job's lease).
 */
export function startBackupJob(services: AppServices): RunningJob {
  const state = newBackupJobState();
  const ready = prepareBackups(services).catch((error: unknown) =>
    services.logger.warn({ err: error }, "left-over backup work files could not be removed"),
  );
  return startRepeatingJob(
    services,
    "database backups",
    BACKUP_TICK_MS,
    async () => {
      await ready;
      await runBackupTick(services, state);
    },
    { record: false },
  );
}

/**
 * Every BACKUP_STREAM_INTERVAL_MS, with a bucket set, on SQLite: the WAL's new
 * frames to the bucket (app/domain/backups/database-stream.server.ts); at
 * shutdown one last copy. Null when there is nothing to copy to.
 */
export function startStreamJob(services: AppServices): RunningJob | null {
  if (services.dialect !== "sqlite" || !offsiteTarget(services.config)) return null;
  const state = newStreamState();
  const { config, logger } = services;
  const job = startRepeatingJob({ config, logger }, JOBS.stream.name, config.BACKUP_STREAM_INTERVAL_MS, async () => {
    await runStreamTick(services, state);
  });
  // The first generation at once: a shop that just started is copied from its first minute.
  if (config.JOBS_ENABLED) void job.runNow?.();
  return {
    ...job,
    async stop() {
      await job.stop();
      await stopStream(services, state).catch((error: unknown) =>
        logger.error({ err: error }, "continuous copy: the last copy at shutdown failed"),
      );
    },
  };
}
