import { stat, statfs } from "node:fs/promises";
import { dirname } from "node:path";
import { sql } from "kysely";
import type { AppServices } from "~/context";
import { ALERT_CHANNELS, ALERT_CHANNEL_LABELS } from "~/domain/operator-alerts/events";
import { alertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { type DatabaseBackup, listDatabaseBackups } from "~/domain/backups/database-backup.server";
import { offsiteLabel } from "~/domain/backups/offsite.server";
import { activeMailbox } from "~/domain/payments/mail/mailbox-store.server";
import { listAccounts } from "~/domain/receiving-accounts/accounts.repository.server";
import type { ReceivingAccountRow } from "~/domain/receiving-accounts/table";
import { formatAge, formatBytes } from "./format";
import { listJobRuns } from "~/domain/jobs/job-runs.server";
import { JOBS, type JobSpec, staleAfterMs } from "~/domain/jobs/jobs";
import { type PanelHealth, panelHealth } from "./panel-check.server";
import type { JobRunTable } from "~/domain/jobs/table";
import { restartsCheck } from "./process-starts.server";
import { proxyAddressCheck } from "./proxy-address.server";
import { type FolderState, folderCheck, folderStates } from "./folders.server";

/**
 * What the Health page, the readiness endpoint and the health job see: one
 * list of checks, each ok, amber (worth a look), red (failing: the operator is
 * alerted) or off (not set up). Reading it costs a few indexed queries, a
 * directory listing and a statfs; the panel is asked at most every few
 * minutes (panel-check.server.ts).
 */

export type { CheckStatus, HealthCheck } from "./check";
import type { HealthCheck } from "./check";

export interface HealthReport {
  /** No check is red. */
  ok: boolean;
  checkedAt: number;
  checks: HealthCheck[];
  database: { dialect: "sqlite" | "postgres"; bytes: number | null };
  disk: { path: string; freeBytes: number; totalBytes: number } | null;
  /** Every folder the shop writes, with its free space and whether it can write there. */
  folders: FolderState[];
  backups: {
    intervalHours: number;
    latest: Pick<DatabaseBackup, "name" | "bytes" | "createdAt" | "sha256" | "offsite"> | null;
    count: number;
    folder: string;
    offsite: string | null;
  };
  panel: PanelHealth;
}

type Services = Pick<AppServices, "db" | "dialect" | "settings" | "config" | "logger" | "demoPanelUrl">;

const MINUTE = 60_000;
const PANEL_RED_AFTER_MS = 20_000;
const HOUR = 60 * MINUTE;

/**
 * The receiving accounts (issue 44, points 1-3): red while none takes checkouts; amber while the shop
 * takes money on personal UPI IDs only (payment apps refuse or flag the buyer's app button for them) or
 * while no account has the digits its alerts print (no alert can confirm a payment).
 */
function accountsCheck(accounts: readonly ReceivingAccountRow[]): HealthCheck {
  const base = { key: "receiving-accounts", label: "Receiving accounts" };
  const open = accounts.filter((a) => a.paused === 0);
  if (open.length === 0) {
    return {
      ...base,
      status: "failing",
      summary: "No account takes checkouts (none, or all paused): buyers cannot pay",
    };
  }
  const problems = [
    open.every((a) => a.kind === "personal") &&
      "Taking money on personal UPI IDs only: payment apps may refuse the buyers' “Open UPI app” button; add a free business UPI ID (Admin → Payments)",
    !accounts.some((a) => a.account_digits) &&
      "No account has the last digits its alerts print: bank alerts confirm no payment (Admin → Payments)",
  ].filter((p): p is string => Boolean(p));
  if (problems.length > 0) return { ...base, status: "warn", summary: problems.join(". ") };
  const business = open.filter((a) => a.kind === "business").length;
  return {
    ...base,
    status: "ok",
    summary: `${open.length} taking checkouts (${business} business, ${open.length - business} personal)${accounts.length > open.length ? `, ${accounts.length - open.length} paused` : ""}`,
  };
}

/** The instance's start, for "has never run" (a job may take its first interval to appear). */
const PROCESS_STARTED_AT = Date.now() - process.uptime() * 1000;

function jobCheck(spec: JobSpec, row: JobRunTable | undefined, services: Services, now: number, upSince: number) {
  const interval = row?.interval_ms ?? spec.intervalMs(services.config);
  const stale = staleAfterMs(interval);
  const key = `job:${spec.name}`;
  if (!row) {
    return now - upSince > stale
      ? {
          key,
          label: spec.label,
          status: "failing" as const,
          summary: "Has not run since the shop started",
          since: upSince,
        }
      : { key, label: spec.label, status: "warn" as const, summary: "Not run yet" };
  }
  if (now - row.last_run_at > stale) {
    return {
      key,
      label: spec.label,
      status: "failing" as const,
      summary: `Stopped: last ran ${formatAge(now - row.last_run_at)} ago`,
      since: row.last_run_at,
    };
  }
  if (row.failing_since !== null) {
    const red = now - row.failing_since >= spec.graceMs(services.config);
    return {
      key,
      label: spec.label,
      status: red ? ("failing" as const) : ("warn" as const),
      summary: `Failing for ${formatAge(now - row.failing_since)}: ${row.last_error ?? "unknown error"}`,
      since: row.failing_since,
    };
  }
  const lastError =
    row.last_error && row.last_error_at
      ? ` (last error ${formatAge(now - row.last_error_at)} ago: ${row.last_error})`
      : "";
  return {
    key,
    label: spec.label,
    status: "ok" as const,
    summary: `Ran ${formatAge(now - row.last_run_at)} ago${lastError}`,
  };
}

async function fileBytes(file: string): Promise<number> {
  const info = await stat(file).catch(() => null);
  return info?.size ?? 0;
}

async function databaseBytes(services: Services): Promise<number | null> {
  if (services.config.database.kind === "sqlite") {
    const file = services.config.database.file;
    if (file === ":memory:") return null;
    return (await fileBytes(file)) + (await fileBytes(`${file}-wal`));
  }
  const row = await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(services.db);
  return Number(row.rows[0]?.bytes ?? 0);
}

async function diskOf(path: string) {
  const fs = await statfs(path).catch(() => null);
  if (!fs) return null;
  return { path, freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize };
}

/** The facts and checks as they are now. */
export async function shopHealth(
  services: Services,
  { now = Date.now(), upSince = PROCESS_STARTED_AT, refreshPanel = false } = {},
): Promise<HealthReport> {
  const { db, config } = services;
  const sqliteFile = config.database.kind === "sqlite" ? config.database.file : null;
  const [runs, settings, mailbox, alerts, backups, dbBytes, panel, accounts] = await Promise.all([
    listJobRuns(db),
    services.settings.get(),
    activeMailbox(db),
    alertSettings(db),
    services.dialect === "sqlite" ? listDatabaseBackups(config.BACKUP_DIR) : Promise.resolve([]),
    databaseBytes(services),
    panelHealth(services, { now, refresh: refreshPanel }),
    listAccounts(db),
  ]);
  const diskPath = sqliteFile && sqliteFile !== ":memory:" ? dirname(sqliteFile) : config.BACKUP_DIR;
  const disk = await diskOf(diskPath);
  const row = (spec: JobSpec) => runs.find((r) => r.name === spec.name);
  const checks: HealthCheck[] = [];

  for (const spec of [JOBS.payments, JOBS.panelSync, JOBS.gateway, JOBS.alerts, JOBS.retention, JOBS.health]) {
    checks.push(jobCheck(spec, row(spec), services, now, upSince));
  }

  checks.push(
    mailbox
      ? jobCheck(JOBS.mailbox, row(JOBS.mailbox), services, now, upSince)
      : {
          key: `job:${JOBS.mailbox.name}`,
          label: JOBS.mailbox.label,
          status: "off",
          summary: "Not set up or switched off",
        },
  );
  checks.push(panelCheck(panel));
  checks.push(accountsCheck(accounts));
  checks.push(await restartsCheck(db, now));
  if (config.TRUST_PROXY > 0) checks.push(proxyAddressCheck(now));

  // Backups.
  const intervalHours = Number(settings.backupIntervalHours);
  const target = offsiteLabel(config);
  const latest = backups[0] ?? null;
  if (services.dialect !== "sqlite") {
    checks.push({
      key: "backups",
      label: "Database backups",
      status: "off",
      summary: "PostgreSQL: backed up by pg_dump or your provider's snapshots (docs/deploy.md), not by the shop",
    });
    checks.push({
      key: "stream",
      label: JOBS.stream.label,
      status: "off",
      summary:
        "PostgreSQL: WAL archiving (pgBackRest) or your provider's point-in-time recovery keeps the last minute (docs/deploy.md)",
    });
  } else if (!(intervalHours > 0)) {
    checks.push({ key: "backups", label: "Database backups", status: "warn", summary: "Switched off in Settings" });
  } else {
    const job = jobCheck(JOBS.backups, row(JOBS.backups), services, now, upSince);
    const allowedAge = 2 * intervalHours * HOUR + 10 * MINUTE;
    if (job.status === "failing") checks.push({ ...job, key: "backups" });
    else if (!latest) {
      checks.push(
        now - upSince > allowedAge
          ? { key: "backups", label: "Database backups", status: "failing", summary: "No backup yet", since: upSince }
          : {
              key: "backups",
              label: "Database backups",
              status: "warn",
              summary: "No backup yet (the first is on its way)",
            },
      );
    } else {
      const age = now - latest.createdAt;
      checks.push({
        key: "backups",
        label: "Database backups",
        status: age > allowedAge ? "failing" : job.status === "warn" ? "warn" : "ok",
        summary: `Last backup ${formatAge(age)} ago, ${formatBytes(latest.bytes)}, in ${config.BACKUP_DIR}`,
        since: age > allowedAge ? latest.createdAt + allowedAge : null,
      });
    }
    if (target) {
      const stream = jobCheck(JOBS.stream, row(JOBS.stream), services, now, upSince);
      checks.push({
        ...stream,
        key: "stream",
        summary:
          stream.status === "ok"
            ? `Every ${Math.round(config.BACKUP_STREAM_INTERVAL_MS / 1000)} s to ${target}: ${stream.summary.toLowerCase()}`
            : stream.summary,
      });
      const bucket = jobCheck(JOBS.bucket, row(JOBS.bucket), services, now, upSince);
      checks.push({
        ...bucket,
        key: "bucket",
        summary: bucket.status === "ok" ? `Takes copies: ${bucket.summary.toLowerCase()} (${target})` : bucket.summary,
      });
    }
    if (!target) {
      checks.push({
        key: "offsite",
        label: "Off-machine copy",
        status: "warn",
        summary: "None: backups are on this machine only (set BACKUP_S3_BUCKET, docs/deploy.md)",
      });
    } else {
      const upload = jobCheck(JOBS.offsite, row(JOBS.offsite), services, now, upSince);
      const waiting = backups.filter((b) => !b.offsite).length;
      const copied = backups.find((b) => b.offsite);
      checks.push({
        ...upload,
        key: "offsite",
        summary:
          upload.status === "ok"
            ? `${copied ? `Last copy ${formatAge(now - copied.offsite!.uploadedAt)} ago` : "No copy yet"} in ${target}${waiting > 0 ? `; ${waiting} waiting` : ""}`
            : upload.summary,
      });
    }
  }

  // Every folder the shop writes: room and whether it can still write there.
  const folders = await folderStates(config);
  for (const folder of folders) checks.push(folderCheck(folder, dbBytes));
  checks.push({
    key: "database",
    label: "Database size",
    status: "ok",
    summary: `${dbBytes === null ? "unknown" : formatBytes(dbBytes)} (${services.dialect === "sqlite" ? "SQLite" : "PostgreSQL"})`,
  });

  // Alert channels.
  for (const channel of ALERT_CHANNELS) {
    checks.push(await channelCheck(services, channel, alerts.settings[channel].enabled, now));
  }

  return {
    ok: !checks.some((c) => c.status === "failing"),
    checkedAt: now,
    checks,
    database: { dialect: services.dialect, bytes: dbBytes },
    disk,
    folders,
    backups: {
      intervalHours,
      latest: latest && {
        name: latest.name,
        bytes: latest.bytes,
        createdAt: latest.createdAt,
        sha256: latest.sha256,
        offsite: latest.offsite,
      },
      count: backups.length,
      folder: config.BACKUP_DIR,
      offsite: target,
    },
    panel,
  };
}

function panelCheck(panel: PanelHealth): HealthCheck {
  const base = { key: "panel", label: "SMM panel" };
  switch (panel.state) {
    case "off":
      return { ...base, status: "off", summary: panel.message };
    case "unknown":
      return { ...base, status: "warn", summary: panel.message };
    case "failing":
      return {
        ...base,
        // Red at the second failed check in a row (checks are 30 s apart): a single glitch stays amber.
        status: panel.failingForMs >= PANEL_RED_AFTER_MS ? "failing" : "warn",
        summary: `Unreachable for ${formatAge(panel.failingForMs)}: ${panel.message}`,
        since: panel.failingSince,
      };
    case "ok":
      return {
        ...base,
        status: panel.low ? "warn" : "ok",
        summary: `Reachable; balance ${panel.balance} ${panel.currency}${panel.low ? " (below the alert threshold)" : ""}`,
      };
  }
}

async function channelCheck(
  services: Services,
  channel: (typeof ALERT_CHANNELS)[number],
  enabled: boolean,
  now: number,
): Promise<HealthCheck> {
  const base = { key: `alerts:${channel}`, label: `Alerts by ${ALERT_CHANNEL_LABELS[channel]}` };
  if (!enabled) return { ...base, status: "off", summary: "Switched off" };
  const [sent, latest] = await Promise.all([
    services.db
      .selectFrom("alert_outbox")
      .select("sent_at")
      .where("channel", "=", channel)
      .where("status", "=", "sent")
      .orderBy("sent_at", "desc")
      .limit(1)
      .executeTakeFirst(),
    services.db
      .selectFrom("alert_outbox")
      .select(["status", "attempts", "last_error", "created_at"])
      .where("channel", "=", channel)
      .where("status", "!=", "sent")
      .where("last_error", "is not", null)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const delivered = sent?.sent_at ? `Last delivered ${formatAge(now - sent.sent_at)} ago` : "Nothing delivered yet";
  // Failing: an alert newer than the last delivery was given up, or has failed three times.
  const failing =
    latest &&
    (!sent?.sent_at || latest.created_at > sent.sent_at) &&
    (latest.status === "failed" || latest.attempts >= 3);
  if (failing) {
    return {
      ...base,
      status: "failing",
      summary: `${delivered}; the latest failed: ${latest.last_error}`,
      since: latest.created_at,
    };
  }
  return { ...base, status: "ok", summary: delivered };
}
