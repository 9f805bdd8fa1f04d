import { createReadStream, existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import type { DB, Dialect } from "~/db/database.server";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { BACKUP_TABLES, type BackupInfo, type BackupTable, backupPath, noRows, restoreBackup } from "./backup.server";

export type BackupCounts = Record<BackupTable, number>;

export const NOT_A_BACKUP = "There is no such backup";

/** Rows per table a backup holds. A backup never changes once written, so each file is read once per process. */
const counted = new Map<string, BackupCounts>();

export async function countBackupRows(file: string): Promise<BackupCounts> {
  const info = await stat(file);
  const key = `${file}\u0000${info.size}\u0000${info.mtimeMs}`;
  const known = counted.get(key);
  if (known) return known;
  const counts: BackupCounts = noRows();
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    // Lines are written as {"table":"…","row":…}: the prefix names the table without parsing the row.
    const table = /^\{"table":"([a-z_]+)"/.exec(line)?.[1];
    if (table && BACKUP_TABLES.includes(table as BackupTable)) counts[table as BackupTable]++;
  }
  counted.set(key, counts);
  return counts;
}

/** Above this (a few hundred thousand orders) the Settings page does not wait for a count. */
const MAX_COUNTED_BYTES = 20 * 1024 * 1024;

/** The backups as the Settings page lists them, each with what a restore would bring back (null: not counted). */
export async function withContents(dir: string, backups: BackupInfo[]) {
  return Promise.all(
    backups.map(async (b) => {
      const file = b.bytes <= MAX_COUNTED_BYTES ? backupPath(dir, b.name) : null;
      const contents = file ? await countBackupRows(file).catch(() => null) : null;
      return { ...b, contents };
    }),
  );
}

/** A damaged file (bad gzip, bad JSON) or one restoreBackup does not recognise; never a database failure. */
function isUnreadable(error: unknown): boolean {
  if (error instanceof SyntaxError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === "string" && code.startsWith("Z_")) ||
    / is not a backup made by this shop|: unexpected line$/.test(error.message)
  );
}

/**
 * The Backups card's Restore: puts back the rows of one backup that are
 * missing now (restoreBackup never overwrites a row that still exists, so a
 * second restore adds nothing). Audited with what came back.
 */
export async function restoreNamedBackup(
  db: DB,
  dialect: Dialect,
  dir: string,
  name: string,
  actor: Actor,
): Promise<{ restored: BackupCounts }> {
  const file = backupPath(dir, name);
  if (!file || !existsSync(file)) throw new AppError("NOT_FOUND", NOT_A_BACKUP, { field: "backup" });
  let restored: BackupCounts;
  try {
    restored = await restoreBackup(db, dialect, file);
  } catch (error) {
    // A damaged or foreign file: say so instead of failing the page.
    if (isUnreadable(error)) {
      throw new AppError("INVALID_INPUT", `${name} could not be read as a backup of this shop`, { field: "backup" });
    }
    throw error;
  }
  await recordAudit(db, {
    ...auditBy(actor),
    action: "backup.restore",
    targetType: "backup",
    targetId: name,
    details: { restored },
  });
  return { restored };
}
