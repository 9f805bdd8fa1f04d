import type { Config } from "~/lib/server/config.server";

/**
 * The background jobs the Health page expects to see running, by the name
 * each records its runs under (app/domain/jobs/job-runs.server.ts), with
 * how often it means to run and how long a failure may last before it is
 * red (a passing glitch, such as one unanswered panel call, is not).
 */

const MINUTE = 60_000;

export interface JobSpec {
  name: string;
  label: string;
  intervalMs: (config: Config) => number;
  /** A run of failures younger than this is amber, not red. */
  graceMs: (config: Config) => number;
}

/**
 * Red at the second failed run in a row (three quarters of an interval after the first, jitter included),
 * and never before 20 s: a single glitch stays amber, a real failure is red within two minutes (issue 52).
 */
const graceOf = (interval: (c: Config) => number) => (c: Config) => Math.max(0.75 * interval(c), 20_000);

function job(name: string, label: string, intervalMs: (c: Config) => number, graceMs = graceOf(intervalMs)): JobSpec {
  return { name, label, intervalMs, graceMs };
}

export const BACKUP_TICK_MS = MINUTE;
export const BUCKET_CHECK_MS = MINUTE;
/** The health job: each of its checks on its own schedule within it (panel, bucket), alerts at most this late. */
export const HEALTH_TICK_MS = 30_000;

export const JOBS = {
  payments: job("payment jobs", "Payment windows and automatic sending", (c) => c.PAYMENT_JOB_INTERVAL_MS),
  panelSync: job("panel status sync", "Panel status sync", (c) => c.PANEL_SYNC_INTERVAL_MS),
  retention: job("data retention", "Buyer data retention", () => 6 * 60 * MINUTE),
  gateway: job("gateway reconciliation", "Razorpay reconciliation", (c) => c.GATEWAY_RECONCILE_INTERVAL_MS),
  alerts: job("sending alerts", "Operator alerts", (c) => c.ALERT_JOB_INTERVAL_MS),
  mailbox: job("bank e-mail reader", "Bank e-mail alert reader", (c) => c.MAIL_POLL_INTERVAL_MS),
  // A failed backup is worth telling at once: the next try is an hour away.
  backups: job(
    "database backups",
    "Database backups",
    () => BACKUP_TICK_MS,
    () => 0,
  ),
  offsite: job(
    "off-machine backup copy",
    "Off-machine backup copy",
    () => BACKUP_TICK_MS,
    () => 0,
  ),
  health: job("health check", "Health check", () => HEALTH_TICK_MS),
  stream: job("continuous copy", "Continuous copy to the bucket", (c) => c.BACKUP_STREAM_INTERVAL_MS),
  // A tiny object put in the bucket every minute: an outage shows while nothing else is being copied.
  bucket: job(
    "bucket check",
    "Bucket reachable",
    () => BUCKET_CHECK_MS,
    () => 0,
  ),
} as const satisfies Record<string, JobSpec>;

export type JobKey = keyof typeof JOBS;

/**
 * A job whose last run is older than this has stopped: its longest gap (the interval +20% jitter) and 45 s
 * for a slow run and the 15 s between two writes of a quiet job's row (job-runs.server.ts); under two
 * minutes for a job that runs every minute.
 */
export function staleAfterMs(intervalMs: number): number {
  return Math.round(1.2 * intervalMs + 45_000);
}
