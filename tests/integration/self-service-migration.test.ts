import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { shopsFromBefore } from "../support/migrations";

/**
 * A shop already running the previous release (its last migration the public
 * page cache's) upgrades: its plans and orders keep everything and gain no
 * refill guarantee, no drip-feed.
 */
describe.each(testDatabases())("the self-service migration on $name", (kind: TestDatabase) => {
  const fromBefore = shopsFromBefore(kind);

  it("upgrades a database migrated up to the public page cache release, keeping its plans", async () => {
    const { db, dialect } = await fromBefore((name) => name >= "0022");
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
