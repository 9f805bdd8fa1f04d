import type { Config } from "~/lib/config.server";

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

const graceOf = (interval: (c: Config) => number) => (c: Config) => Math.max(2 * interval(c), 5 * MINUTE);

function job(name: string, label: string, intervalMs: (c: Config) => number, graceMs = graceOf(intervalMs)): JobSpec {
  return { name, label, intervalMs, graceMs };
}

export const BACKUP_TICK_MS = MINUTE;
export const HEALTH_TICK_MS = MINUTE;

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
} as const satisfies Record<string, JobSpec>;

export type JobKey = keyof typeof JOBS;

/** A job whose last run is older than this has stopped (its row is written at least once a minute while it runs). */
export function staleAfterMs(intervalMs: number): number {
  return Math.max(3 * intervalMs, intervalMs + 3 * MINUTE);
}
