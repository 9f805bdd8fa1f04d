import { createHash, randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";

export interface CreatedDatabase {
  target: DatabaseTarget;
  drop: () => Promise<void>;
}

export interface TestDatabase {
  name: "sqlite" | "postgres";
  /** A new, empty database of this kind (not migrated): for tests of the migrations themselves. */
  create: () => Promise<CreatedDatabase>;
  /**
   * A new database of this kind with every migration applied (no data): a copy of a
   * template migrated once per version of the migrations, not migrated again each time.
   */
  createMigrated: () => Promise<CreatedDatabase>;
}

/**
 * What the migrated templates depend on: the migrations, the list of them and
 * the connection settings. A change to any of these makes new templates.
 */
function migrationsVersion(): string {
  const dbDir = fileURLToPath(new URL("../../app/db/", import.meta.url));
  const files = [
    join(dbDir, "migrate.server.ts"),
    join(dbDir, "database.server.ts"),
    ...readdirSync(join(dbDir, "migrations"))
      .sort()
      .map((name) => join(dbDir, "migrations", name)),
  ];
  const hash = createHash("sha256");
  for (const file of files) hash.update(file.slice(dbDir.length)).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

let version: string | undefined;
const templateVersion = () => (version ??= migrationsVersion());

/**
 * A migrated SQLite file shared by every test of this machine with the same
 * migrations (in the temporary folder; built under a name of its own and
 * renamed, so a reader never sees half of one).
 */
let sqliteTemplate: Promise<string> | undefined;
function sqliteTemplateFile(): Promise<string> {
  return (sqliteTemplate ??= (async () => {
    const dir = join(tmpdir(), "shop-test-templates");
    const file = join(dir, `sqlite-${templateVersion()}.db`);
    if (existsSync(file)) return file;
    mkdirSync(dir, { recursive: true });
    const building = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    const handle = openDatabase({ kind: "sqlite", file: building });
    try {
      await migrateToLatest(handle.db, handle.dialect);
    } finally {
      // Closing the last connection moves the write-ahead log into the file.
      await handle.close();
    }
    renameSync(building, file);
    for (const extra of ["-wal", "-shm"]) rmSync(`${building}${extra}`, { force: true });
    return file;
  })());
}

const sqlite: TestDatabase = {
  name: "sqlite",
  create() {
    const dir = mkdtempSync(join(tmpdir(), "shop-test-"));
    return Promise.resolve({
      target: { kind: "sqlite", file: join(dir, "shop.db") },
      drop: () => rm(dir, { recursive: true, force: true }),
    });
  },
  async createMigrated() {
    const template = await sqliteTemplateFile();
    const created = await sqlite.create();
    if (created.target.kind === "sqlite") copyFileSync(template, created.target.file);
    return created;
  },
};

/** SQLite, for end-to-end shops (tests/support/test-shop.ts). */
export const sqliteDatabase = sqlite;

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * One connection per test process for creating and dropping the tests' databases: each new connection is
 * a PostgreSQL process forked and warmed up, two per database otherwise. A connection that fails is
 * forgotten, and the next statement opens another. Closed after each file (tests/support/order-listeners.ts).
 */
const adminClients = new Map<string, Promise<pg.Client>>();

function adminQuery(adminUrl: string, sql: string): Promise<unknown> {
  let client = adminClients.get(adminUrl);
  if (!client) {
    const forget = () => {
      if (adminClients.get(adminUrl) === client) adminClients.delete(adminUrl);
    };
    client = (async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      c.on("error", forget);
      await c.connect();
      return c;
    })();
    client.catch(forget);
    adminClients.set(adminUrl, client);
  }
  return client.then((c) => c.query(sql));
}

/** Closes the connections `adminQuery` keeps, so a test process can end. */
export async function closeAdminConnections(): Promise<void> {
  const clients = [...adminClients.values()];
  adminClients.clear();
  await Promise.all(clients.map((client) => client.then((c) => c.end()).catch(() => {})));
}

/** Any constant of this test support's own: serialises building the PostgreSQL template across test processes. */
const PG_TEMPLATE_LOCK = 4_180_992_317;

/**
 * TEST_POSTGRES_URL points at a server where we may create databases
 * (scripts/pg-test-cluster.sh starts a throwaway one). Each test gets its own database;
 * a migrated one is cloned (CREATE DATABASE … TEMPLATE) from a template migrated once.
 */
function postgres(adminUrl: string): TestDatabase {
  const databaseUrl = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const created = (name: string): CreatedDatabase => ({
    target: { kind: "postgres", url: databaseUrl(name), poolSize: 10 },
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`).then(() => {}),
  });
  const newName = () => `shop_test_${randomBytes(6).toString("hex")}`;

  let template: Promise<string> | undefined;
  const templateName = () =>
    (template ??= withAdmin(adminUrl, async (admin) => {
      const name = `shop_template_${templateVersion()}`;
      await admin.query("select pg_advisory_lock($1)", [PG_TEMPLATE_LOCK]);
      try {
        const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
        if (found.rowCount === 0) {
          // Built under another name and renamed once migrated: no one clones half a template.
          const building = `${name}_building`;
          await admin.query(`drop database if exists ${building} with (force)`);
          await admin.query(`create database ${building}`);
          const handle = openDatabase({ kind: "postgres", url: databaseUrl(building), poolSize: 1 });
          try {
            await migrateToLatest(handle.db, handle.dialect);
          } finally {
            await handle.close();
          }
          await admin.query(`alter database ${building} rename to ${name}`);
        }
      } finally {
        await admin.query("select pg_advisory_unlock($1)", [PG_TEMPLATE_LOCK]);
      }
      return name;
    }));

  return {
    name: "postgres",
    async create() {
      const name = newName();
      await adminQuery(adminUrl, `create database ${name}`);
      return created(name);
    },
    async createMigrated() {
      const source = await templateName();
      const name = newName();
      await adminQuery(adminUrl, `create database ${name} template ${source}`);
      return created(name);
    },
  };
}

export function testDatabases(): TestDatabase[] {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url && process.env.REQUIRE_POSTGRES === "1") {
    throw new Error("REQUIRE_POSTGRES=1 but TEST_POSTGRES_URL is not set");
  }
  return url ? [sqlite, postgres(url)] : [sqlite];
}

/** Opens a fresh, migrated database; call the returned cleanup in afterEach/afterAll. */
export async function freshDatabase(
  kind: TestDatabase,
): Promise<DatabaseHandle & { target: DatabaseTarget; cleanup: () => Promise<void> }> {
  const { target, drop } = await kind.createMigrated();
  const handle = openDatabase(target);
  return {
    ...handle,
    target,
    async cleanup() {
      await handle.close();
      await drop();
    },
  };
}
