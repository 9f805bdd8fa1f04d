import { chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { backupPath, listBackups, restoreBackup } from "~/domain/backups/backup.server";
import { checksumFile, databaseBackupDir, listDatabaseBackups } from "~/domain/backups/database-backup.server";
import {
  RestoreRefused,
  identitiesIn,
  restorePostgresDump,
  restoreSqliteBackup,
} from "~/domain/backups/database-restore.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { listGenerations, rebuildFromBucket } from "~/domain/backups/database-stream-restore.server";
import { offsiteTarget } from "~/domain/backups/offsite.server";
import { restoreAdvice } from "~/domain/backups/restore-advice.server";
import { plural } from "~/lib/plural";
import { actAsOwnerOf, describeTarget, loadConfigOrExit, openConfiguredDatabase } from "./cli";

/**
 * npm run restore -- <backup>            puts back what the danger zone deleted (rows still there are kept)
 * npm run restore -- --full <backup>     rebuilds the whole database from a full backup (docs/deploy.md)
 *   [--force]                            replace a database that already holds a shop (stop the shop first)
 *   [--identity <key file>]              the age secret key, for an encrypted (off-machine) copy
 * npm run restore -- --full --from-bucket  the newest continuous copy in the bucket (SQLite; docs/deploy.md)
 *   [--generation <name>]                an older one (npm run restore -- --list-bucket lists them)
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    full: { type: "boolean", default: false },
    force: { type: "boolean", default: false },
    identity: { type: "string" },
    "from-bucket": { type: "boolean", default: false },
    "list-bucket": { type: "boolean", default: false },
    generation: { type: "string" },
  },
});
const arg = positionals[0];

if (values["list-bucket"]) await listBucket();
else if (values.full && values["from-bucket"]) await restoreFromBucket();
else if (values.full) await restoreFull();
else await restoreDeleted();

/** The bucket's continuous copies, newest first (needs a key that may list it). */
async function listBucket() {
  const config = loadConfigOrExit();
  console.error(describeTarget(config));
  const target = offsiteTarget(config);
  if (!target) {
    console.error("No bucket is set (BACKUP_S3_BUCKET, BACKUP_ENCRYPTION_RECIPIENT): nothing to list.");
    process.exitCode = 2;
    return;
  }
  const generations = await listGenerations(target);
  if (generations.length === 0) console.log(`No continuous copy in ${target.label}.`);
  for (const g of generations) console.log(`${g.name}  began ${new Date(g.startedAt).toISOString()}`);
}

/**
 * Rebuilds the shop from the bucket's newest continuous copy (or --generation):
 * downloaded, decrypted and replayed into a work file beside the database, then
 * restored as any backup is (checked whole, refused over a shop without --force).
 */
async function restoreFromBucket() {
  const config = loadConfigOrExit();
  console.error(describeTarget(config));
  const target = offsiteTarget(config);
  if (config.database.kind !== "sqlite" || !target) {
    console.error(
      config.database.kind !== "sqlite"
        ? "The shop runs on PostgreSQL: restore it with your provider's point-in-time recovery or pgBackRest (docs/deploy.md)."
        : "No bucket is set: put BACKUP_S3_BUCKET and the rest in the shop's environment (docs/deploy.md).",
    );
    process.exitCode = 2;
    return;
  }
  const started = Date.now();
  const identityFile = values.identity ?? process.env.BACKUP_ENCRYPTION_IDENTITY_FILE;
  try {
    const identities = identityFile ? identitiesIn(readFileSync(identityFile, "utf8")) : [];
    if (identities.length === 0) {
      throw new RestoreRefused(
        identityFile
          ? `${identityFile} holds no age secret key (AGE-SECRET-KEY-1…)`
          : "the copies are encrypted: give the secret key with --identity <key file>",
      );
    }
    actAsRestoreOwner(config);
    const dir = dirname(config.database.file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const work = join(dir, `.bucket-restore-${process.pid}.db`);
    try {
      const rebuilt = await rebuildFromBucket({ target, identities, out: work, generation: values.generation });
      const result = await restoreSqliteBackup({ file: work, target: config.database.file, force: values.force });
      if (result.keptAs) console.log(`The database that was there is kept as ${result.keptAs}.`);
      const database = openDatabase(config.database);
      try {
        await migrateToLatest(database.db, database.dialect);
        await recordAudit(database.db, {
          actor: "cli",
          action: "data.restore_full",
          details: { bucket: target.label, generation: rebuilt.generation, orders: result.orders },
        });
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(
          `Restored the whole database from ${target.label} (copy ${rebuilt.generation}: its snapshot and ${plural(rebuilt.segments, "segment")}) in ${seconds} s: ${plural(result.orders, "order")}; the copy ends at ${new Date(rebuilt.copiedUpTo).toISOString()}.`,
        );
        if (rebuilt.gap) console.log(`Warning: ${rebuilt.gap}; the shop is restored up to just before it.`);
        for (const line of await restoreAdvice(database.db, rebuilt.copiedUpTo)) console.log(line);
      } finally {
        await database.close();
      }
    } finally {
      for (const suffix of ["", "-wal", "-shm"]) rmSync(work + suffix, { force: true });
    }
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(`Refused: ${error.message}`);
    console.error("Nothing was changed.");
    process.exitCode = 1;
  }
}

async function restoreFull() {
  const config = loadConfigOrExit();
  if (!arg) {
    const backups = config.database.kind === "sqlite" ? await listDatabaseBackups(config.BACKUP_DIR) : [];
    console.error("Usage: npm run restore -- --full <backup file> [--force] [--identity <age key file>]");
    const dir = databaseBackupDir(config.BACKUP_DIR);
    console.error(backups.length ? `Backups in ${dir}:` : `No backups in ${dir}.`);
    for (const b of backups) console.error(`  ${b.file}  (${Math.ceil(b.bytes / 1024)} KB)`);
    process.exitCode = 2;
    return;
  }
  const file = existsSync(arg) || arg.includes("/") ? arg : `${databaseBackupDir(config.BACKUP_DIR)}/${arg}`;
  const identityFile = values.identity ?? process.env.BACKUP_ENCRYPTION_IDENTITY_FILE;
  console.error(describeTarget(config));
  try {
    // Read as whoever runs the command (root, for a key kept readable by root only)…
    const identities = identityFile ? identitiesIn(readFileSync(identityFile, "utf8")) : [];
    if (identityFile && identities.length === 0)
      throw new RestoreRefused(`${identityFile} holds no age secret key (AGE-SECRET-KEY-1…)`);
    // …and so is the backup (brought to /root, as docs/deploy.md says), copied for the shop's user…
    const staged = stageForOwner(file, config);
    // …then everything written belongs to the shop's user: the owner of the database, or of its folder.
    actAsRestoreOwner(config);
    let restored: { orders: number; lastOrderAt: number | null };
    try {
      if (config.database.kind === "sqlite") {
        const result = await restoreSqliteBackup({
          file: staged.file,
          target: config.database.file,
          force: values.force,
          identities,
        });
        if (result.keptAs) console.log(`The database that was there is kept as ${result.keptAs}.`);
        restored = result;
      } else {
        restored = await restorePostgresDump({ file: staged.file, url: config.database.url, force: values.force });
      }
    } finally {
      staged.remove();
    }
    // A backup from an older version of the shop is brought up to this one's schema.
    const database = openDatabase(
      config.database.kind === "postgres" ? { ...config.database, poolSize: 1 } : config.database,
    );
    try {
      await migrateToLatest(database.db, database.dialect);
      await recordAudit(database.db, {
        actor: "cli",
        action: "data.restore_full",
        details: { file: arg, orders: restored.orders },
      });
    } finally {
      await database.close();
    }
    const last = restored.lastOrderAt ? `, the last placed ${new Date(restored.lastOrderAt).toISOString()}` : "";
    console.log(`Restored the whole database from ${arg}: ${plural(restored.orders, "order")}${last}.`);
    const after = openDatabase(
      config.database.kind === "postgres" ? { ...config.database, poolSize: 1 } : config.database,
    );
    try {
      for (const line of await restoreAdvice(after.db, restored.lastOrderAt)) console.log(line);
    } finally {
      await after.close();
    }
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(`Refused: ${error.message}`);
    console.error("Nothing was changed.");
    process.exitCode = 1;
  }
}

/**
 * Run as root, the command acts as the shop's user, who cannot read a backup in root's own folder: the
 * backup (and its .sha256) is copied, still as root, into a private folder of the shop's user beside the
 * database, restored from there, and removed.
 */
function stageForOwner(file: string, config: ReturnType<typeof loadConfigOrExit>) {
  const kept = { file, remove: () => undefined };
  const folder =
    config.database.kind === "sqlite" ? dirname(resolve(config.database.file)) : resolve(config.BACKUP_DIR);
  if (process.getuid?.() !== 0 || !existsSync(file) || !existsSync(folder)) return kept;
  const owner = statSync(folder);
  if (owner.uid === 0) return kept;
  const stage = mkdtempSync(join(folder, ".restore-"));
  const copy = join(stage, basename(file));
  copyFileSync(file, copy);
  if (existsSync(checksumFile(file))) copyFileSync(checksumFile(file), checksumFile(copy));
  for (const path of [stage, copy, checksumFile(copy)]) {
    if (existsSync(path)) chownSync(path, owner.uid, owner.gid);
  }
  return { file: copy, remove: () => rmSync(stage, { recursive: true, force: true }) };
}

/** The restored files are the service's: act as the owner of the database, else of the folder it goes in. */
function actAsRestoreOwner(config: ReturnType<typeof loadConfigOrExit>) {
  if (config.database.kind === "sqlite") {
    const file = config.database.file;
    if (existsSync(file)) actAsOwnerOf(file, "The database");
    else if (existsSync(dirname(file))) actAsOwnerOf(dirname(file), "The database folder");
  } else if (existsSync(config.BACKUP_DIR)) {
    actAsOwnerOf(config.BACKUP_DIR, "The backups folder");
  }
}

async function restoreDeleted() {
  const { config, database } = await openConfiguredDatabase();
  try {
    if (!arg) {
      const backups = await listBackups(config.BACKUP_DIR);
      console.error("Usage: npm run restore -- <backup file name or path>");
      console.error("       npm run restore -- --full <whole-database backup> [--force] [--identity <age key file>]");
      console.error(backups.length ? `Backups in ${config.BACKUP_DIR}:` : `No backups in ${config.BACKUP_DIR}.`);
      for (const b of backups) console.error(`  ${b.name}  (${Math.ceil(b.bytes / 1024)} KB)`);
      process.exitCode = 2;
      return;
    }
    const file = existsSync(arg) ? arg : backupPath(config.BACKUP_DIR, arg);
    if (!file || !existsSync(file)) {
      console.error(`No backup named ${arg} (looked in ${config.BACKUP_DIR})`);
      process.exitCode = 2;
      return;
    }
    await migrateToLatest(database.db, database.dialect);
    const restored = await restoreBackup(database.db, database.dialect, file);
    await recordAudit(database.db, { actor: "cli", action: "data.restore", details: { file: arg, restored } });
    console.log(
      `Restored ${plural(restored.orders, "order")}, ${plural(restored.plans, "plan")} and ${plural(restored.settings, "setting")} from ${arg}.`,
    );
    if (restored.settings > 0) {
      console.log("Backups never hold the SMM panel API key: enter it again in Settings if it was deleted.");
    }
  } finally {
    await database.close();
  }
}
