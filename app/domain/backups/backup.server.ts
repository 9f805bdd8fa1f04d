import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "kysely";
import { type DB, type Dialect, transaction } from "~/db/database.server";
import { PRIVATE_FILE_MODE, privateFile, privateFolder } from "~/lib/server/private-files.server";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { SETTINGS } from "~/domain/settings/registry";
import { isPanelSettingKey, panelSettingRows, restorePanelSettings } from "~/domain/settings/panel-settings.server";
import {
  accountSettingRows,
  isAccountSettingKey,
  restoreAccountSettings,
} from "~/domain/settings/account-settings.server";
import { upgradeLegacyOrderRow } from "~/domain/orders/legacy-row";
import { markPublicPagesChanged } from "~/domain/public-pages/changes.server";
import { listPanels, restorePanelRows } from "~/domain/panel/panels.repository.server";

/**
 * Backups are gzip'd JSON Lines: a header line, then one line per row
 * `{"table": "...", "row": {...}}`. Streaming both ways keeps memory flat even
 * for a million orders. In a multi-instance setup BACKUP_DIR must be shared storage.
 */
export const BACKUP_TABLES = ["panels", "plans", "orders", "settings", "payment_credits"] as const;
export type BackupTable = (typeof BACKUP_TABLES)[number];

export interface BackupScope {
  plans?: boolean;
  orders?: boolean;
  /** Only these orders (by order id) and the payments received for them: one order deleted from the list. */
  orderIds?: string[];
  /** Payments received from bank alerts and gateways, matched or not. */
  paymentCredits?: boolean;
  /** Setting keys to include; undefined means none. */
  settingKeys?: string[];
  /**
   * Every panel record (ADR 0026), never its API key. Left out: with the SMM
   * panel settings (the default panel's fields under their settings names).
   */
  panels?: boolean;
}

/** No backup counts anything yet. */
export function noRows(): Record<BackupTable, number> {
  return { panels: 0, plans: 0, orders: 0, settings: 0, payment_credits: 0 };
}

export interface BackupInfo {
  name: string;
  bytes: number;
  createdAt: number;
}

/**
 * Secret settings (the SMM panel API key) never go into a backup: a backup is
 * downloaded and kept elsewhere, and the key would travel with it. After a
 * restore the operator types the key again.
 */
export const SECRET_SETTING_KEYS: ReadonlySet<string> = new Set(
  Object.values(SETTINGS)
    .filter((d) => "secret" in d && d.secret)
    .map((d) => d.key),
);

/**
 * The only settings a restore writes: the shop's own registry, never a secret. A hostile backup file once
 * could set any key the shop had not set yet, the SMS or app-alert secret among them, and with it confirm
 * orders by forged alerts (security round 4, finding 9).
 */
const RESTORABLE_SETTING_KEYS: ReadonlySet<string> = new Set(
  Object.values(SETTINGS)
    .map((d) => d.key)
    .filter((key) => !SECRET_SETTING_KEYS.has(key)),
);

const NAME = /^backup-\d{8}T\d{6}Z-[a-z0-9-]+\.jsonl\.gz$/;
const PAGE = 2000;

export function backupPath(dir: string, name: string): string | null {
  if (!NAME.test(name)) return null;
  return join(resolve(dir), basename(name));
}

export async function listBackups(dir: string): Promise<BackupInfo[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => NAME.test(n));
  } catch {
    return [];
  }
  const backups = await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(dir, name));
      return { name, bytes: info.size, createdAt: info.mtimeMs };
    }),
  );
  return backups.sort((a, b) => b.createdAt - a.createdAt);
}

/** Writes everything in `scope` to a new backup file and returns its name and row counts. */
export async function writeBackup(
  db: DB,
  dir: string,
  scope: BackupScope,
  label: string,
  now = new Date(),
): Promise<{ name: string; counts: Record<BackupTable, number> }> {
  privateFolder(dir);
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const name = `backup-${stamp}-${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40)}.jsonl.gz`;
  const gzip = createGzip();
  // Buyers' names and phones: 0600 in a 0700 folder whatever the umask (security round 4, finding 8).
  const path = join(dir, name);
  const file = createWriteStream(path, { mode: PRIVATE_FILE_MODE });
  gzip.pipe(file);
  const write = async (line: unknown) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, "drain");
  };

  const counts = noRows();
  const settingKeys = (scope.settingKeys ?? []).filter((key) => !SECRET_SETTING_KEYS.has(key));
  const omitted = (scope.settingKeys ?? []).filter((key) => SECRET_SETTING_KEYS.has(key));
  await write({
    backup: 1,
    createdAt: now.toISOString(),
    label,
    scope: { ...scope, settingKeys },
    ...(omitted.length > 0 ? { omittedSecrets: omitted } : {}),
  });

  // First, so a restore has the panels before the plans and orders that name them.
  if (scope.panels ?? (scope.settingKeys ?? []).some(isPanelSettingKey)) {
    for (const row of await listPanels(db)) {
      // The key is a secret like any other: after a restore the operator types it again (Admin → Panels).
      await write({ table: "panels", row: { ...row, api_key: "" } });
      counts.panels++;
    }
  }
  if (scope.plans) {
    for (const row of await db.selectFrom("plans").selectAll().orderBy("id").execute()) {
      await write({ table: "plans", row });
      counts.plans++;
    }
  }
  const pagedTables = [
    ...(scope.orders ? (["orders"] as const) : []),
    ...(scope.paymentCredits ? (["payment_credits"] as const) : []),
  ];
  for (const table of pagedTables) {
    let after = 0;
    for (;;) {
      const rows = await db.selectFrom(table).selectAll().where("id", ">", after).orderBy("id").limit(PAGE).execute();
      for (const row of rows) await write({ table, row });
      counts[table] += rows.length;
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]!.id;
    }
  }
  for (let i = 0; i < (scope.orderIds?.length ?? 0); i += 100) {
    const ids = scope.orderIds!.slice(i, i + 100);
    for (const row of await db.selectFrom("orders").selectAll().where("order_id", "in", ids).orderBy("id").execute()) {
      await write({ table: "orders", row });
      counts.orders++;
    }
    const credits = await db
      .selectFrom("payment_credits")
      .selectAll()
      .where("order_id", "in", ids)
      .orderBy("id")
      .execute();
    for (const row of credits) {
      await write({ table: "payment_credits", row });
      counts.payment_credits++;
    }
  }
  if (settingKeys.length > 0) {
    const rows = await db.selectFrom("settings").selectAll().where("key", "in", settingKeys).execute();
    // The default panel's fields, under their settings names (ADR 0024); its key stays out like any secret.
    rows.push(...(await panelSettingRows(db, settingKeys)));
    // The first receiving account's UPI ID, under its setting's name (migration 0040).
    rows.push(...(await accountSettingRows(db, settingKeys)));
    for (const row of rows) await write({ table: "settings", row });
    counts.settings = rows.length;
  }

  gzip.end();
  await once(file, "finish");
  // A file of the same name written before (same second, same label) keeps its mode: tightened too.
  privateFile(path);
  return { name, counts };
}

/** Whether a backup line is a secret setting's row (backups written before secrets were left out hold them). */
function isSecretLine(line: string): boolean {
  if (!line.startsWith('{"table":"settings"')) return false;
  try {
    const parsed = JSON.parse(line) as { row?: { key?: unknown } };
    return SECRET_SETTING_KEYS.has(String(parsed.row?.key));
  } catch {
    return false;
  }
}

async function* withoutSecrets(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line && !isSecretLine(line)) yield `${line}\n`;
}

/**
 * A backup as the admin downloads it, gzip'd, with any secret setting left
 * out (older backups may still hold one on disk). Every download is audited.
 * Null when there is no such backup.
 */
export async function openBackupDownload(db: DB, dir: string, name: string, actor: Actor): Promise<Readable | null> {
  const file = backupPath(dir, name);
  if (!file || !existsSync(file)) return null;
  await recordAudit(db, { ...auditBy(actor), action: "backup.download", targetType: "backup", targetId: name });
  return Readable.from(withoutSecrets(file)).pipe(createGzip());
}

/**
 * A backup's panels: each one the shop no longer has (by id and by name) comes
 * back without its key; the default stays the shop's own when it has one.
 */
async function restorePanels(trx: DB, rows: readonly Record<string, unknown>[]): Promise<number> {
  const existing = await listPanels(trx);
  const ids = new Set(existing.map((p) => p.id));
  const names = new Set(existing.map((p) => p.name));
  let hasDefault = existing.some((p) => p.is_default === 1);
  const missing = rows
    .filter((r) => !ids.has(Number(r.id)) && !names.has(String(r.name)))
    .map((r) => {
      const isDefault = !hasDefault && Number(r.is_default) === 1;
      if (isDefault) hasDefault = true;
      return { ...r, api_key: "", is_default: isDefault ? 1 : 0 };
    });
  return restorePanelRows(trx, missing);
}

/**
 * Puts a backup's rows back. Rows that still exist (same id or key) are left
 * as they are, so restoring twice changes nothing the second time.
 */
export async function restoreBackup(db: DB, dialect: Dialect, file: string): Promise<Record<BackupTable, number>> {
  const restored = noRows();
  const planIds = new Set((await db.selectFrom("plans").select("id").execute()).map((p) => p.id));
  let batch: { table: BackupTable; row: Record<string, unknown> }[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    await transaction(db, async (trx) => {
      for (const table of BACKUP_TABLES) {
        let rows = current.filter((b) => b.table === table).map((b) => b.row);
        if (rows.length === 0) continue;
        if (table === "panels") {
          restored.panels += await restorePanels(trx, rows);
          continue;
        }
        if (table === "plans") for (const r of rows) planIds.add(Number(r.id));
        // An order may outlive its plan (orders keep their own copy of it).
        if (table === "orders") {
          rows = rows.map((r) => (r.plan_id !== null && !planIds.has(Number(r.plan_id)) ? { ...r, plan_id: null } : r));
        }
        if (table === "settings") {
          const panel = rows.filter((r) => isPanelSettingKey(String(r.key)));
          rows = rows.filter((r) => !isPanelSettingKey(String(r.key)));
          restored.settings += await restorePanelSettings(trx, panel);
          restored.settings += await restoreAccountSettings(
            trx,
            rows.filter((r) => isAccountSettingKey(String(r.key))),
          );
          rows = rows.filter((r) => !isAccountSettingKey(String(r.key)));
          if (rows.length === 0) continue;
        }
        // Chunks keep each statement under SQLite's bound-parameter limit.
        for (let i = 0; i < rows.length; i += 100) {
          const result = await trx
            .insertInto(table)
            .values(rows.slice(i, i + 100))
            // Any row that clashes with one the shop has (same id or key, an order id or UTR in use) is left out.
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst();
          restored[table] += Number(result.numInsertedOrUpdatedRows ?? 0);
          // A deleted sale that is back is no longer missing from the revenue screens.
          if (table === "orders") {
            const ids = rows.slice(i, i + 100).map((r) => String(r.order_id));
            await trx.deleteFrom("deleted_orders").where("order_id", "in", ids).execute();
          }
        }
      }
      await markPublicPagesChanged(trx);
    });
  };

  // The whole file is checked before anything is written: a file that is not all this shop's backup changes nothing.
  const columns = await tableColumns(db);
  for await (const entry of backupLines(file, columns)) void entry;
  for await (const entry of backupLines(file, columns)) {
    // Settings outside the shop's registry, and secrets, are never restored.
    if (entry.table === "settings" && !RESTORABLE_SETTING_KEYS.has(String(entry.row.key))) continue;
    batch.push(entry);
    if (batch.length >= 1000) await flush();
  }
  await flush();
  if (dialect === "postgres") {
    // Rows came back with their old ids; move the id sequences past them.
    for (const table of ["panels", "plans", "orders", "payment_credits"] as const) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
        db,
      );
    }
  }
  return restored;
}

/** The columns each restored table has in this database, so a row naming any other is refused. */
async function tableColumns(db: DB): Promise<Map<BackupTable, Set<string>>> {
  const tables = await db.introspection.getTables();
  return new Map(
    BACKUP_TABLES.map((t) => [t, new Set(tables.find((x) => x.name === t)?.columns.map((c) => c.name) ?? [])]),
  );
}

/** A line longer than this is no row this shop wrote (its longest, an order with its notes, is a few KB). */
const MAX_LINE_CHARS = 1_000_000;

/**
 * A backup file's rows, each checked: the header line first, then only known
 * tables, rows of plain values under this table's columns. Throws on the
 * first line that is anything else, naming it.
 */
async function* backupLines(
  file: string,
  columns: Map<BackupTable, Set<string>>,
): AsyncGenerator<{ table: BackupTable; row: Record<string, unknown> }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const refuse = (n: number, why: string) => new Error(`${basename(file)}, line ${n}: ${why}; nothing was restored`);
  let n = 0;
  let first = true;
  for await (const line of lines) {
    n++;
    if (!line.trim()) continue;
    if (line.length > MAX_LINE_CHARS) throw refuse(n, "a line too long for a backup");
    let parsed: { backup?: number; table?: string; row?: unknown };
    try {
      parsed = JSON.parse(line) as typeof parsed;
    } catch {
      throw refuse(n, "not JSON");
    }
    if (first) {
      if (parsed?.backup !== 1) throw new Error(`${basename(file)} is not a backup made by this shop`);
      first = false;
      continue;
    }
    const table = parsed?.table as BackupTable;
    const given = parsed?.row as Record<string, unknown> | null | undefined;
    if (!BACKUP_TABLES.includes(table) || typeof given !== "object" || given === null || Array.isArray(given)) {
      throw refuse(n, "unexpected line");
    }
    // Orders from before the lifecycle come back in today's shape, as the migrations moved the live table.
    const row = table === "orders" ? upgradeLegacyOrderRow(given) : given;
    for (const [column, value] of Object.entries(row)) {
      if (!columns.get(table)!.has(column))
        throw refuse(n, `${table} has no column ${JSON.stringify(column.slice(0, 40))}`);
      if (value !== null && typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
        throw refuse(n, `${table}.${column} is not a plain value`);
      }
    }
    yield { table, row };
  }
  if (first) throw new Error(`${basename(file)} is not a backup made by this shop`);
}
