import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { sql } from "kysely";
import { ConfigError, type Config, loadConfig } from "../app/lib/server/config.server";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { offsiteLabel } from "~/domain/backups/offsite.server";
import { EnvFileMissing, shopEnvironment } from "./shop-env";

/**
 * What every CLI command (backup, restore, alerts, db:migrate) starts with
 * (issue 52, point 1): the shop's own configuration (scripts/shop-env.ts: the
 * file the systemd unit loads), a database that exists (never a new empty one),
 * the user who owns it (run as root, the command becomes that user before it
 * touches anything, so every file it writes is the service's; as anyone else it
 * refuses), and a first line saying which database, backups folder and bucket
 * it is about to use.
 */

let envFile: string | null = null;

/** The validated configuration; exits with a clear message on a bad one. */
export function loadConfigOrExit(): Config {
  try {
    const shop = shopEnvironment();
    envFile = shop.file;
    return loadConfig(shop.env);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof EnvFileMissing) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

function refuse(message: string): never {
  console.error(`Refused: ${message}`);
  console.error("Nothing was changed.");
  process.exit(1);
}

/** Where the configuration came from, the database, the backups and the bucket, in one line. */
export function describeTarget(config: Config): string {
  const where = envFile ? `configuration ${envFile}` : "configuration from this command's environment";
  const database =
    config.database.kind === "sqlite"
      ? `SQLite ${resolve(config.database.file)}`
      : `PostgreSQL ${safeUrl(config.database.url)}`;
  const bucket = offsiteLabel(config) ?? "no bucket (off-machine copies are off)";
  return `Using ${where}: database ${database}; backups ${resolve(config.BACKUP_DIR)}; ${bucket}.`;
}

function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname}`;
  } catch {
    return "(unparsable URL)";
  }
}

/**
 * Becomes the owner of `path` when run as root (group first, then user, with
 * no supplementary groups), so what the command writes belongs to the shop's
 * user; refuses when run as another user who does not own it.
 */
export function actAsOwnerOf(path: string, what: string): void {
  if (typeof process.getuid !== "function") return;
  const info = statSync(path);
  const me = process.getuid();
  if (me === info.uid) return;
  if (me !== 0) {
    refuse(
      `${what} ${path} belongs to user id ${info.uid}, and this command runs as user id ${me}: run it as root (it then acts as the owner) or as the owner, e.g. runuser -u <owner> -- npm run …`,
    );
  }
  process.setgroups?.([]);
  process.setgid!(info.gid);
  process.setuid!(info.uid);
}

/** Refuses unless the SQLite file exists; becomes its owner. */
function guardSqlite(config: Config & { database: { kind: "sqlite" } }): void {
  const file = config.database.file;
  if (file === ":memory:") return;
  let missing = false;
  try {
    statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES") {
      refuse(
        `this command runs as user id ${process.getuid?.()}, who cannot reach ${resolve(file)}: run it as root (it then acts as the database's owner) or as the owner.`,
      );
    }
    missing = true;
  }
  if (missing) {
    refuse(
      `there is no database at ${resolve(file)}. This command never creates one: check DATABASE_URL in ${envFile ?? "the environment"} (${envFile ? "" : "no /etc/boostkaro/shop.env here; "}SHOP_ENV_FILE names another file), or restore one with npm run restore -- --full.`,
    );
  }
  actAsOwnerOf(file, "The database");
}

/** Refuses a PostgreSQL database that holds no shop (never migrates an empty one into being). */
async function guardPostgres(database: DatabaseHandle, config: Config): Promise<void> {
  const found = await sql<{ name: string | null }>`select to_regclass('kysely_migration')::text as name`
    .execute(database.db)
    .catch((error: unknown) => {
      refuse(`the database ${safeUrl((config.database as { url: string }).url)} cannot be opened: ${String(error)}`);
    });
  if (!found.rows[0]?.name) {
    await database.close();
    refuse(
      `the database ${safeUrl((config.database as { url: string }).url)} holds no shop. This command never creates one: check DATABASE_URL.`,
    );
  }
  if (existsSync(config.BACKUP_DIR)) actAsOwnerOf(config.BACKUP_DIR, "The backups folder");
}

/**
 * Opens the shop's database for a one-off command, after the checks above;
 * exits with a clear message on bad configuration, a missing database or the
 * wrong user. `{ create: true }` only for the development commands that make
 * a shop (db:seed).
 */
export async function openConfiguredDatabase({ create = false } = {}): Promise<{
  config: Config;
  database: DatabaseHandle;
}> {
  const config = loadConfigOrExit();
  if (config.database.kind === "sqlite" && !create) guardSqlite(config as Config & { database: { kind: "sqlite" } });
  else if (config.database.kind === "sqlite" && existsSync(dirname(config.database.file))) {
    actAsOwnerOf(dirname(config.database.file), "The database folder");
  }
  console.error(describeTarget(config));
  const database = openDatabase(
    config.database.kind === "postgres" ? { ...config.database, poolSize: 2 } : config.database,
  );
  if (config.database.kind === "postgres" && !create) await guardPostgres(database, config);
  return { config, database };
}
