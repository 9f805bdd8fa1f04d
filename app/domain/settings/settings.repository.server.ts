import type { DB } from "~/db/database.server";

/**
 * The `settings` table's SQL: key/value rows. Site settings (registry.ts) and
 * the payment sources' own keys (secrets kept out of the site settings) are
 * both read and written here. What a write changes for the caches is said by
 * the store (store.server.ts), which knows the settings' declarations.
 */

/** The values saved under these keys; a key never saved is absent. */
export async function readSettingValues(db: DB, keys?: readonly string[]): Promise<Map<string, string>> {
  if (keys && keys.length === 0) return new Map();
  let query = db.selectFrom("settings").select(["key", "value"]);
  if (keys) query = query.where("key", "in", keys);
  return new Map((await query.execute()).map((row) => [row.key, row.value]));
}

/** Saves each key's value, replacing what was there. */
export async function upsertSettingValues(db: DB, values: Record<string, string>, now = Date.now()): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updated_at: now }));
  if (rows.length === 0) return;
  await db
    .insertInto("settings")
    .values(rows)
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })),
    )
    .execute();
}

/** Saves each key not saved yet; a key already saved keeps its value (first writer wins). */
export async function insertMissingSettingValues(
  db: DB,
  values: Record<string, string>,
  now = Date.now(),
): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updated_at: now }));
  if (rows.length === 0) return;
  await db
    .insertInto("settings")
    .values(rows)
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** Forgets these keys (the danger zone, which marks every page changed); returns how many were saved. */
export async function deleteSettingValues(db: DB, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const result = await db.deleteFrom("settings").where("key", "in", keys).executeTakeFirst();
  return Number(result.numDeletedRows);
}
