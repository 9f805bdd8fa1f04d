import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { migrateToLatest, migrations } from "~/db/migrate.server";
import { type TestDatabase, testDatabases } from "../support/databases";

/**
 * A shop already running the previous release (its last migration the public
 * page cache's) upgrades: its plans and orders keep everything and gain no
 * refill guarantee, no drip-feed.
 */
describe.each(testDatabases())("the self-service migration on $name", (kind: TestDatabase) => {
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await handle?.close();
    await drop?.();
  });

  it("upgrades a database migrated up to the public page cache release, keeping its plans", async () => {
    const created = await kind.create();
    drop = created.drop;
    handle = openDatabase(created.target);
    const { db, dialect } = handle;
    const all = migrations(dialect);
    const previous = Object.fromEntries(Object.entries(all).filter(([name]) => name < "0022"));
    const before = await new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(previous) },
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    expect(before.error).toBeUndefined();
    const now = Date.now();
    await db
      .insertInto("plans")
      .values({
        service_type: "followers",
        name: "Old plan",
        quantity: 500,
        price_paise: 19_900,
        tag: null,
        is_enabled: 1,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();

    const result = await migrateToLatest(db, dialect);
    // 0022 runs (and any migration numbered after it), each once and successfully.
    const ran = result.results?.map((r) => [r.migrationName, r.status]) ?? [];
    expect(ran[0]).toEqual(["0022_self_service", "Success"]);
    expect(ran.filter(([, status]) => status !== "Success")).toEqual([]);
    const plan = await db.selectFrom("plans").selectAll().executeTakeFirstOrThrow();
    expect(plan).toMatchObject({
      name: "Old plan",
      quantity: 500,
      refill_days: 0,
      drip_runs: 0,
      drip_interval_minutes: 0,
    });
    // And once more: nothing left to do.
    expect((await migrateToLatest(db, dialect)).results).toEqual([]);
  });
});
