import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, readdirSync } from "node:fs";
import { open, readFile, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { promisify } from "node:util";
import { createGunzip } from "node:zlib";
import SQLite from "better-sqlite3";
import pg from "pg";
import { checksumFile } from "./database-backup.server";

/**
 * Rebuilds a shop from a whole-database backup (`npm run restore -- --full`):
 * a SQLite backup (gzip'd, possibly age-encrypted, as the backup job writes
 * them) into the SQLite file DATABASE_URL names, or a pg_dump file into the
 * PostgreSQL database it names. The backup is checked whole before anything
 * is touched (its checksum, its decryption, its gzip, SQLite's integrity check,
 * that it is this shop's database); a refused backup changes nothing. A
 * database that already holds a shop is replaced only with `force`, and a
 * replaced SQLite file is kept beside the new one.
 */

export class RestoreRefused extends Error {
  override readonly name = "RestoreRefused";
}

type Format = "age" | "gzip" | "sqlite" | "pg-custom" | "pg-plain" | "unknown";

async function formatOf(file: string): Promise<Format> {
  const handle = await open(file, "r");
  const head = Buffer.alloc(64);
  try {
    await handle.read(head, 0, 64, 0);
  } finally {
    await handle.close();
  }
  if (head.subarray(0, 21).toString("latin1") === "age-encryption.org/v1") return "age";
  if (head[0] === 0x1f && head[1] === 0x8b) return "gzip";
  if (head.subarray(0, 16).toString("latin1") === "SQLite format 3\u0000") return "sqlite";
  if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "pg-custom";
  if (/^--\s*\n--\s*PostgreSQL database dump/.test(head.toString("utf8"))) return "pg-plain";
  return "unknown";
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** A `.sha256` beside the backup (the backup job writes one) must match. */
async function checkChecksum(file: string): Promise<void> {
  const recorded = await readFile(checksumFile(file), "utf8").catch(() => null);
  if (recorded === null) return;
  const expected = /^([0-9a-f]{64})\b/.exec(recorded)?.[1];
  if (!expected) throw new RestoreRefused(`${basename(checksumFile(file))} is not a SHA-256 checksum file`);
  if ((await sha256Of(file)) !== expected) {
    throw new RestoreRefused(
      `${basename(file)} does not match its checksum (${basename(checksumFile(file))}): the file is damaged or incomplete`,
    );
  }
}

/** The secret keys (AGE-SECRET-KEY-1…) in an identity file as age-keygen and `npm run backup -- keygen` write it. */
export function identitiesIn(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith("AGE-SECRET-KEY-"));
}

async function decrypt(file: string, identities: string[], out: string): Promise<void> {
  if (identities.length === 0) {
    throw new RestoreRefused(
      `${basename(file)} is encrypted: give the secret key with --identity <key file> (or BACKUP_ENCRYPTION_IDENTITY_FILE)`,
    );
  }
  const { Decrypter } = await import("age-encryption");
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  try {
    const plain = await decrypter.decrypt(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
    await pipeline(
      Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>),
      createWriteStream(out, { mode: 0o600 }),
    );
  } catch (error) {
    throw new RestoreRefused(
      `${basename(file)} could not be decrypted: ${error instanceof Error ? error.message : String(error)} (a different key, or a damaged file)`,
    );
  }
}

async function gunzip(file: string, label: string, out: string): Promise<void> {
  try {
    await pipeline(createReadStream(file), createGunzip(), createWriteStream(out, { mode: 0o600 }));
  } catch (error) {
    throw new RestoreRefused(
      `${label} is not a complete gzip file (${error instanceof Error ? error.message : String(error)}): it is damaged or was cut short`,
    );
  }
}

interface ShopFacts {
  orders: number;
  lastOrderAt: number | null;
}

/** SQLite's own integrity check, and this shop's tables. */
function checkShopDatabase(file: string, label: string): ShopFacts {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RestoreRefused(`${label} is not a SQLite database (${(error as Error).message})`);
  }
  try {
    const problems = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (problems.join() !== "ok") {
      throw new RestoreRefused(`${label} fails SQLite's integrity check: ${problems.slice(0, 3).join("; ")}`);
    }
    const tables = new Set(
      (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
    if (!tables.has("orders") || !tables.has("kysely_migration")) {
      throw new RestoreRefused(`${label} is a SQLite database, but not one of this shop (it has no orders table)`);
    }
    const row = db.prepare("select count(*) as orders, max(created_at) as last from orders").get() as {
      orders: number;
      last: number | null;
    };
    return { orders: row.orders, lastOrderAt: row.last };
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${label} is not a readable SQLite database (${(error as Error).message})`);
  } finally {
    db.close();
  }
}

/** How many tables a SQLite file holds (0: empty or absent); null when it cannot be read at all. */
function tablesIn(file: string): number | null {
  if (!existsSync(file)) return 0;
  try {
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

const SIDE_FILES = ["", "-wal", "-shm", "-journal"];

export interface SqliteRestoreResult extends ShopFacts {
  /** Where the database that was there before now is, when one was replaced. */
  keptAs: string | null;
}

/**
 * Restores a SQLite backup into `target`. Refuses, changing nothing, when the
 * backup is damaged, encrypted to another key, not this shop's, or when
 * `target` already holds a database and `force` was not given.
 */
export async function restoreSqliteBackup(options: {
  file: string;
  target: string;
  force?: boolean;
  identities?: string[];
  now?: number;
}): Promise<SqliteRestoreResult> {
  const { file, target, force = false, identities = [], now = Date.now() } = options;
  if (!existsSync(file)) throw new RestoreRefused(`There is no file ${file}`);
  const label = basename(file);

  const existing = tablesIn(target);
  if (existing !== 0 && !force) {
    throw new RestoreRefused(
      `${target} already holds a database${existing === null ? " (unreadable)" : ""}. Stop the shop, then run again with --force to replace it (the current file is kept beside it)`,
    );
  }

  await checkChecksum(file);
  const work = join(dirname(target), `.restore-${randomBytes(4).toString("hex")}`);
  const cleanup = () =>
    Promise.all([".age", ".gz", ".db", ".db-wal", ".db-shm"].map((s) => rm(work + s, { force: true })));
  try {
    let current = file;
    let format = await formatOf(current);
    if (format === "age") {
      await decrypt(current, identities, `${work}.age`);
      current = `${work}.age`;
      format = await formatOf(current);
    }
    if (format === "gzip") {
      await gunzip(current, label, `${work}.gz`);
      current = `${work}.gz`;
      format = await formatOf(current);
    }
    if (format === "pg-custom" || format === "pg-plain") {
      throw new RestoreRefused(
        `${label} is a PostgreSQL dump: set DATABASE_URL to the PostgreSQL database to restore it into`,
      );
    }
    if (format !== "sqlite") throw new RestoreRefused(`${label} is not a backup of this shop (not a SQLite database)`);
    await rename(current, `${work}.db`);
    const facts = checkShopDatabase(`${work}.db`, label);

    let keptAs: string | null = null;
    const present = SIDE_FILES.filter((s) => existsSync(target + s));
    if (present.length > 0) {
      // The replaced database, whole: its WAL goes with it (a leftover WAL must never meet the restored file).
      keptAs = `${target}.replaced-${new Date(now)
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`;
      for (const suffix of present) await rename(target + suffix, keptAs + suffix);
    }
    await rename(`${work}.db`, target);
    return { ...facts, keptAs };
  } finally {
    await cleanup();
  }
}

// PostgreSQL: pg_dump files, restored with the server's own tools.

const run = promisify(execFile);

/** pg_restore or psql: on PATH, else Debian's newest /usr/lib/postgresql/<version>/bin. */
export function postgresTool(name: "pg_restore" | "psql" | "pg_dump"): string {
  const dirs = (process.env.PATH ?? "").split(":").filter(Boolean);
  for (const dir of dirs) if (existsSync(join(dir, name))) return join(dir, name);
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) if (existsSync(join(root, v, "bin", name))) return join(root, v, "bin", name);
  throw new RestoreRefused(`${name} was not found: install the PostgreSQL client (apt-get install postgresql-client)`);
}

/** The URL without its password, and the password for PGPASSWORD: a password on a command line is visible to every user. */
function connection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
}

/**
 * Restores a pg_dump file (custom format, `pg_dump -Fc`, or plain SQL) into
 * the database at `url`, in one transaction: a dump that fails halfway leaves
 * the database as it was. A database with tables is replaced only with
 * `force`, and only from a custom-format dump (pg_restore --clean).
 */
export async function restorePostgresDump(options: { file: string; url: string; force?: boolean }): Promise<ShopFacts> {
  const { file, url, force = false } = options;
  if (!existsSync(file)) throw new RestoreRefused(`There is no file ${file}`);
  const label = basename(file);
  await checkChecksum(file);
  const format = await formatOf(file);
  if (format === "age" || format === "gzip" || format === "sqlite") {
    throw new RestoreRefused(`${label} is a SQLite backup: set DATABASE_URL to a SQLite file to restore it into`);
  }
  if (format !== "pg-custom" && format !== "pg-plain") {
    throw new RestoreRefused(`${label} is not a pg_dump file (custom format from pg_dump -Fc, or plain SQL)`);
  }
  const { url: safeUrl, env } = connection(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = Number(
      (
        await client.query<{ n: string }>(
          "select count(*) as n from information_schema.tables where table_schema = 'public'",
        )
      ).rows[0]!.n,
    );
    if (tables > 0 && !force) {
      throw new RestoreRefused(
        "The database DATABASE_URL names already has tables. Restore into a new, empty database (createdb), or stop the shop and run again with --force",
      );
    }
    if (tables > 0 && format === "pg-plain") {
      throw new RestoreRefused(
        `${label} is a plain SQL dump, which cannot replace a database's tables: restore it into a new, empty database, or use a custom-format dump (pg_dump -Fc)`,
      );
    }
    try {
      if (format === "pg-custom") {
        const { stdout } = await run(postgresTool("pg_restore"), ["--list", file], {
          env,
          maxBuffer: 64 * 1024 * 1024,
        });
        if (!/ TABLE public orders /.test(stdout)) {
          throw new RestoreRefused(
            `${label} is a pg_dump file, but not of this shop's database (it has no orders table)`,
          );
        }
        const args = ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", "--dbname", safeUrl];
        if (tables > 0) args.push("--clean", "--if-exists");
        await run(postgresTool("pg_restore"), [...args, file], { env, maxBuffer: 64 * 1024 * 1024 });
      } else {
        await run(
          postgresTool("psql"),
          [
            "--no-psqlrc",
            "--quiet",
            "--single-transaction",
            "--set",
            "ON_ERROR_STOP=1",
            "--dbname",
            safeUrl,
            "--file",
            file,
          ],
          { env, maxBuffer: 64 * 1024 * 1024 },
        );
      }
    } catch (error) {
      if (error instanceof RestoreRefused) throw error;
      const output = (error as { stderr?: unknown }).stderr;
      const stderr = (typeof output === "string" && output ? output : (error as Error).message).trim();
      throw new RestoreRefused(
        `${label} could not be restored, nothing was changed: ${stderr.split("\n").slice(0, 3).join(" ")}`,
      );
    }
    const facts = await client.query<{ orders: string; last: string | null }>(
      "select count(*) as orders, max(created_at) as last from orders",
    );
    return {
      orders: Number(facts.rows[0]!.orders),
      lastOrderAt: facts.rows[0]!.last === null ? null : Number(facts.rows[0]!.last),
    };
  } finally {
    await client.end();
  }
}
