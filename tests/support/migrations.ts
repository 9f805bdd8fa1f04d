import { Migrator } from "kysely/migration";
import { afterEach, expect } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { migrations } from "~/db/migrate.server";
import type { TestDatabase } from "./databases";

/**
 * Call inside a `describe` of a migration's tests: returns the set-up each test calls for a shop from
 * before that migration, a new database of `kind` with every migration applied but those `left` names.
 * The database is closed and dropped after each test.
 */
export function shopsFromBefore(kind: TestDatabase): (left: (name: string) => boolean) => Promise<DatabaseHandle> {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });
  return async (left) => {
    const created = await kind.create();
    const handle = openDatabase(created.target);
    close = async () => {
      await handle.close();
      await created.drop();
    };
    const earlier = Object.fromEntries(Object.entries(migrations(handle.dialect)).filter(([name]) => !left(name)));
    const result = await new Migrator({
      db: handle.db,
      provider: { getMigrations: () => Promise.resolve(earlier) },
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    expect(result.error).toBeUndefined();
    return handle;
  };
}
