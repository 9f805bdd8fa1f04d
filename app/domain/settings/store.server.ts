import type { DB } from "~/db/database.server";
import { type SettingsGroup, type SettingsShape, type ValuesOf, decodeSettings } from "./define";
import { insertMissingSettingValues, readSettingValues, upsertSettingValues } from "./settings.repository.server";

/*
 * The one store of settings (ADR 0019): typed values in, typed values out, by
 * a group's declarations (define.ts), over the `settings` table's key/value
 * rows (settings.repository.server.ts). A write bumps the `settings` topic in
 * the writer's transaction, which is how every instance's settings cache and
 * the public pages learn of it: nobody clears a cache by hand.
 */

const keysOf = (group: SettingsGroup) => Object.values(group.settings).map((s) => s.key);

/** A group's values, read now (inside the caller's transaction when `db` is one); defaults for keys never saved. */
export async function readSettings<S extends SettingsShape>(db: DB, group: SettingsGroup<S>): Promise<ValuesOf<S>> {
  return decodeSettings(group, await readSettingValues(db, keysOf(group)));
}

function encoded<S extends SettingsShape>(group: SettingsGroup<S>, values: Partial<ValuesOf<S>>) {
  const rows: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const setting = group.settings[name];
    if (value !== undefined && setting) rows[setting.key] = setting.encode(value);
  }
  return rows;
}

/**
 * Saves the values given (undefined: left as they are), replacing what was
 * there; with `onlyMissing`, a value already saved keeps it (the first writer wins).
 */
export async function saveSettings<S extends SettingsShape>(
  db: DB,
  group: SettingsGroup<S>,
  values: Partial<ValuesOf<S>>,
  now = Date.now(),
  { onlyMissing = false } = {},
): Promise<void> {
  const rows = encoded(group, values);
  await (onlyMissing ? insertMissingSettingValues(db, rows, now) : upsertSettingValues(db, rows, now));
}
