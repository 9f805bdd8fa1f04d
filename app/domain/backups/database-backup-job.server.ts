import type { AppServices } from "~/context";
import { errorText, recordJobRun } from "~/domain/jobs/job-runs.server";
import { BACKUP_TICK_MS, JOBS } from "~/domain/jobs/jobs";
import {
  type DatabaseBackup,
  deleteDatabaseBackup,
  listDatabaseBackups,
  removePartialBackups,
  takeDatabaseBackup,
} from "./database-backup.server";
import { backupsToDelete } from "./database-retention";
import { type OffsiteTarget, describeUploadError, offsiteTarget, uploadBackup } from "./offsite.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A backup due within this is taken now: the job looks once a minute. */
const EARLY_MS = 2 * MINUTE;
const MAX_UPLOAD_WAIT_MS = 6 * HOUR;

type Services = Pick<AppServices, "db" | "dialect" | "settings" | "config" | "logger">;

/** What the backup job remembers between its runs (one per instance). */
export interface BackupJobState {
  backupFailures: number;
  nextBackupAt: number;
  backupError: string | null;
  uploadFailures: number;
  nextUploadAt: number;
  uploadError: string | null;
}

export function newBackupJobState(): BackupJobState {
  return {
    backupFailures: 0,
    nextBackupAt: 0,
    backupError: null,
    uploadFailures: 0,
    nextUploadAt: 0,
    uploadError: null,
  };
}

export interface BackupTickResult {
  taken: DatabaseBackup | null;
  uploaded: string[];
  deleted: string[];
}

/**
 * One run of the backup job (every minute): takes a whole-database backup
 * when the interval set in Settings has passed since the last one, copies
 * backups not yet off the machine to the bucket, and deletes what the
 * retention rule lets go, never a backup still waiting for its copy. A failed
 * backup is tried again after 5, 10, 20 … minutes (at most the interval), a
 * failed upload after BACKUP_RETRY_BASE_MS doubling (at most 6 hours); both
 * are recorded for the Health page, which alerts the operator. PostgreSQL is
 * backed up outside the shop (pg_dump or the provider's snapshots).
 */
export async function runBackupTick(
  services: Services,
  state: BackupJobState,
  now = Date.now(),
  target: OffsiteTarget | null = offsiteTarget(services.config),
): Promise<BackupTickResult> {
  const result: BackupTickResult = { taken: null, uploaded: [], deleted: [] };
  if (services.dialect !== "sqlite") return result;
  const { config, logger, db } = services;
  const dir = config.BACKUP_DIR;

  const hours = Number((await services.settings.get()).backupIntervalHours);
  let backups = await listDatabaseBackups(dir);
  const latest = backups[0];
  const due = hours > 0 && (!latest || now - latest.createdAt >= hours * HOUR - EARLY_MS);
  if (due && now >= state.nextBackupAt) {
    try {
      result.taken = await takeDatabaseBackup(db, dir, now);
      state.backupFailures = 0;
      state.backupError = null;
      if (result.taken) {
        logger.info({ backup: result.taken.name, bytes: result.taken.bytes }, "database backed up");
        backups = [result.taken, ...backups.filter((b) => b.name !== result.taken!.name)];
      }
    } catch (error) {
      await removePartialBackups(dir).catch(() => undefined);
      state.backupFailures++;
      state.backupError = `The backup failed: ${errorText(error)}`;
      state.nextBackupAt = now + Math.min(Math.max(hours, 1) * HOUR, 5 * MINUTE * 2 ** (state.backupFailures - 1));
      logger.error({ err: error, retryAt: new Date(state.nextBackupAt).toISOString() }, "database backup failed");
    }
  }
  await record(services, JOBS.backups.name, state.backupError, now);

  if (target) {
    const waiting = backups.filter((b) => !b.offsite);
    if (waiting.length > 0 && now >= state.nextUploadAt) {
      for (const backup of waiting) {
        try {
          const copy = await uploadBackup(target, backup, now);
          backup.offsite = copy;
          result.uploaded.push(backup.name);
          state.uploadFailures = 0;
          state.uploadError = null;
          logger.info({ backup: backup.name, bucket: copy.bucket, key: copy.key }, "backup copied off the machine");
        } catch (error) {
          state.uploadFailures++;
          state.uploadError = `Copying ${backup.name} to ${target.label} failed: ${describeUploadError(error)}`;
          state.nextUploadAt =
            now + Math.min(MAX_UPLOAD_WAIT_MS, config.BACKUP_RETRY_BASE_MS * 2 ** (state.uploadFailures - 1));
          logger.error(
            { reason: state.uploadError, retryAt: new Date(state.nextUploadAt).toISOString() },
            "off-machine backup copy failed; the local backups are kept",
          );
          break;
        }
      }
    }
    await record(services, JOBS.offsite.name, state.uploadError, now);
  }

  // A backup whose copy has not left the machine yet is kept whatever its age.
  const removable = target ? backups.filter((b) => b.offsite) : backups;
  const rule = { hourly: config.BACKUP_KEEP_HOURLY, daily: config.BACKUP_KEEP_DAILY };
  const newest = backups[0];
  for (const backup of backupsToDelete(removable, rule)) {
    if (backup === newest) continue;
    await deleteDatabaseBackup(backup);
    result.deleted.push(backup.name);
  }
  if (result.deleted.length > 0) logger.info({ backups: result.deleted }, "old database backups deleted");
  return result;
}

function record(services: Services, name: string, error: string | null, now: number) {
  return recordJobRun(services.db, { name, intervalMs: BACKUP_TICK_MS, error }, now).catch((err: unknown) =>
    services.logger.warn({ err }, `${name}: the run could not be recorded`),
  );
}

/** Cleans up after a crash mid-backup, once at start. */
export async function prepareBackups(services: Pick<Services, "config" | "dialect">): Promise<void> {
  if (services.dialect === "sqlite") await removePartialBackups(services.config.BACKUP_DIR);
}
