import { type DB, transaction } from "~/db/database.server";
import { publicTopicChanged, settingsCopyChanged } from "~/domain/public-pages/changes.server";
import type { PublicTopic } from "~/domain/public-pages/topics";
import { type Setting, type SettingsGroup, type SettingsShape, type ValuesOf, decodeSettings } from "./define";
import { SHOP_SETTINGS } from "./registry";
import { insertMissingSettingValues, readSettingValues, upsertSettingValues } from "./settings.repository.server";

/*
 * The one store of settings (ADR 0019): typed values in, typed values out, by
 * a group's declarations (define.ts), over the `settings` table's key/value
 * rows (settings.repository.server.ts). A write declares what it changed by
 * the settings' declarations (ADR 0021): the page-cache topic of those a public
 * page shows (`publicTopic`), and the settings copy when it holds one of them.
 * That is how every instance's settings cache and the public pages learn of
 * it: nobody clears a cache by hand, and saving a secret no page shows (an API
 * key, a webhook secret, a mailbox password) or the note of the last SMS
 * forwarded drops nothing.
 */

/** The keys every instance's settings copy holds (settings.server.ts). */
const COPIED_KEYS: ReadonlySet<string> = new Set(Object.values(SHOP_SETTINGS).map((setting) => setting.key));

/** What saving these settings changes for the caches: the pages' topics, and whether the settings copy. */
export function cachesChangedBy(settings: readonly Setting[]): { topics: PublicTopic[]; settingsCopy: boolean } {
  const topics = new Set<PublicTopic>();
  for (const setting of settings) if (setting.publicTopic) topics.add(setting.publicTopic);
  return { topics: [...topics], settingsCopy: settings.some((setting) => COPIED_KEYS.has(setting.key)) };
}

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
  if (Object.keys(rows).length === 0) return;
  const saved = Object.entries(values)
    .filter(([name, value]) => value !== undefined && group.settings[name])
    .map(([name]) => group.settings[name] as Setting);
  const { topics, settingsCopy } = cachesChangedBy(saved);
  // The values and the generations they move commit together: a stop in between loses no change. A write that
  // moves nothing (a secret, the note of the last SMS forwarded) stays one statement.
  const declares = topics.length > 0 || settingsCopy;
  if (declares && !db.isTransaction) {
    return transaction(db, (trx) => saveSettings(trx, group, values, now, { onlyMissing }));
  }
  await (onlyMissing ? insertMissingSettingValues(db, rows, now) : upsertSettingValues(db, rows, now));
  for (const topic of topics) await publicTopicChanged(db, topic);
  if (settingsCopy) await settingsCopyChanged(db);
}
