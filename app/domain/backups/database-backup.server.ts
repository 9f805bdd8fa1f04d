import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { type DB, copySqliteFile } from "~/db/database.server";
import { privateFolder } from "~/lib/server/private-files.server";

/**
 * Whole-database backups of a SQLite shop (docs/deploy.md, Backups). Each is
 * one gzip'd SQLite file in BACKUP_DIR/database, named for the moment it was
 * taken (UTC), with a `.sha256` beside it in `sha256sum` format, so
 * `sha256sum -c` checks it on any machine. It is written under a hidden
 * temporary name and renamed only once complete and on disk: a crash or a full
 * disk leaves no file that looks like a backup.
 */

export const DATABASE_BACKUP_FOLDER = "database";
const NAME = /^shop-(\d{8}T\d{6}Z)\.sqlite\.gz$/;
/** Hidden work files of a backup in progress (or left by a crash). */
const PARTIAL = /^\.shop-.*\.(partial|sqlite)$/;

export interface OffsiteCopy {
  bucket: string;
  key: string;
  uploadedAt: number;
  bytes: number;
}

export interface DatabaseBackup {
  name: string;
  file: string;
  bytes: number;
  createdAt: number;
  /** Hex SHA-256 of the file as its `.sha256` names it; null when that file is missing. */
  sha256: string | null;
  /** Where its encrypted copy went, once uploaded. */
  offsite: OffsiteCopy | null;
}

export function databaseBackupDir(backupDir: string): string {
  return join(backupDir, DATABASE_BACKUP_FOLDER);
}

export function isDatabaseBackupName(name: string): boolean {
  return NAME.test(name);
}

function stampOf(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function timeOfName(name: string): number {
  const s = NAME.exec(name)![1]!;
  return Date.UTC(
    +s.slice(0, 4),
    +s.slice(4, 6) - 1,
    +s.slice(6, 8),
    +s.slice(9, 11),
    +s.slice(11, 13),
    +s.slice(13, 15),
  );
}

export const offsiteMarker = (file: string) => `${file}.offsite.json`;
export const checksumFile = (file: string) => `${file}.sha256`;

/** The `.sha256` file's hash, when it is there and well formed. */
export async function recordedChecksum(file: string): Promise<string | null> {
  const text = await readFile(checksumFile(file), "utf8").catch(() => null);
  return /^([0-9a-f]{64}) /.exec(text ?? "")?.[1] ?? null;
}

/** The whole-database backups in BACKUP_DIR/database, newest first. */
export async function listDatabaseBackups(backupDir: string): Promise<DatabaseBackup[]> {
  const dir = databaseBackupDir(backupDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => NAME.test(n));
  const backups = await Promise.all(
    names.map(async (name): Promise<DatabaseBackup | null> => {
      const file = join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info) return null;
      const marker = await readFile(offsiteMarker(file), "utf8").catch(() => null);
      return {
        name,
        file,
        bytes: info.size,
        createdAt: timeOfName(name),
        sha256: await recordedChecksum(file),
        offsite: marker ? (JSON.parse(marker) as OffsiteCopy) : null,
      };
    }),
  );
  return backups.filter((b) => b !== null).sort((a, b) => b.createdAt - a.createdAt);
}

/** Hashes what streams through. */
function hashing(hash: ReturnType<typeof createHash>) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

/** Writes to disk and waits until the data is there (fsync), so a power cut after the rename finds it whole. */
async function syncFile(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes work files a crashed or failed backup left behind. */
export async function removePartialBackups(backupDir: string): Promise<void> {
  const dir = databaseBackupDir(backupDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => PARTIAL.test(n)).map((n) => rm(join(dir, n), { force: true })));
}

/**
 * Takes one backup of the shop's SQLite database: one consistent moment of it,
 * copied on a worker thread while requests keep being served, gzip'd with its SHA-256 computed
 * on the way. On any failure (a full disk included) the work files are
 * removed and the error thrown; nothing half-written is left to be mistaken
 * for a backup. Null on PostgreSQL, which is backed up with pg_dump or the
 * provider's snapshots instead.
 */
export async function takeDatabaseBackup(db: DB, backupDir: string, now = Date.now()): Promise<DatabaseBackup | null> {
  const dir = databaseBackupDir(backupDir);
  privateFolder(backupDir);
  privateFolder(dir);
  const name = `shop-${stampOf(now)}.sqlite.gz`;
  const file = join(dir, name);
  const tag = randomBytes(4).toString("hex");
  const copy = join(dir, `.shop-${tag}.sqlite`);
  const partial = join(dir, `.shop-${tag}.partial`);
  // Two backups in one second are the same backup.
  const existing = (await listDatabaseBackups(backupDir)).find((b) => b.name === name);
  if (existing) return existing;
  try {
    const copying = copySqliteFile(db, copy);
    if (!copying) return null;
    await copying;
    const hash = createHash("sha256");
    // Backups hold every secret the shop keeps: only the shop's own user may read them.
    await pipeline(createReadStream(copy), createGzip(), hashing(hash), createWriteStream(partial, { mode: 0o600 }));
    await syncFile(partial);
    const sha256 = hash.digest("hex");
    await writeFile(checksumFile(file), `${sha256}  ${name}\n`, { mode: 0o600 });
    await rename(partial, file);
    const info = await stat(file);
    return { name, file, bytes: info.size, createdAt: timeOfName(name), sha256, offsite: null };
  } catch (error) {
    await rm(checksumFile(file), { force: true });
    throw error;
  } finally {
    await Promise.all([rm(copy, { force: true }), rm(partial, { force: true })]);
  }
}

/** Deletes one backup with its checksum and off-site marker. */
export async function deleteDatabaseBackup(backup: Pick<DatabaseBackup, "file">): Promise<void> {
  await rm(backup.file, { force: true });
  await Promise.all([rm(checksumFile(backup.file), { force: true }), rm(offsiteMarker(backup.file), { force: true })]);
}
