import type { AppServices } from "~/context";
import { describeUploadError, offsiteTarget, putHeartbeat } from "~/domain/backups/offsite.server";
import { recordJobRun } from "~/domain/jobs/job-runs.server";
import { BUCKET_CHECK_MS, JOBS } from "~/domain/jobs/jobs";

type Services = Pick<AppServices, "db" | "config" | "logger">;

const lastChecked = new WeakMap<object, number>();

/**
 * The bucket's own check, on its own schedule (every BUCKET_CHECK_MS, from the
 * health job): a heartbeat object put with the shop's write-only key. An S3
 * outage is red at the first failed put (the client has tried twice by then),
 * within two minutes, instead of at the next hourly backup (issue 52).
 * Returns whether it ran.
 */
export async function checkBucketIfDue(services: Services, now = Date.now()): Promise<boolean> {
  const target = offsiteTarget(services.config);
  if (!target) return false;
  const last = lastChecked.get(services.config) ?? 0;
  if (now - last < BUCKET_CHECK_MS * 0.9) return false;
  lastChecked.set(services.config, now);
  let error: string | null = null;
  try {
    await putHeartbeat(target, now);
  } catch (e) {
    error = `${target.label}: ${describeUploadError(e)}`;
    services.logger.warn({ reason: error }, "the bucket did not take the heartbeat");
  }
  await recordJobRun(services.db, { name: JOBS.bucket.name, intervalMs: BUCKET_CHECK_MS, error }, now);
  return true;
}
