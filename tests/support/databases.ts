import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";

export interface TestDatabase {
  name: "sqlite" | "postgres";
  /** A new, empty database of this kind (not migrated). */
  create: () => Promise<{ target: DatabaseTarget; drop: () => Promise<void> }>;
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
};

/**
 * TEST_POSTGRES_URL points at a server where we may create databases
 * (scripts/pg-test-cluster.sh starts a throwaway one). Each test gets its own database.
 */
function postgres(adminUrl: string): TestDatabase {
  return {
    name: "postgres",
    async create() {
      const name = `shop_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        target: { kind: "postgres", url: url.toString(), poolSize: 10 },
        async drop() {
          const c = new pg.Client({ connectionString: adminUrl });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        },
      };
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
  const { target, drop } = await kind.create();
  const handle = openDatabase(target);
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    target,
    async cleanup() {
      await handle.close();
      await drop();
    },
  };
}
