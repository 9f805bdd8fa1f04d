import type { DB } from "~/db/database.server";
import { SETTINGS, type SettingName, type SiteSettings, defaultSiteSettings, settingNameForKey } from "./registry";

/** All site settings, with defaults for keys never saved. */
export async function readSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const settings = defaultSiteSettings();
  for (const row of rows) {
    const name = settingNameForKey(row.key);
    if (name) settings[name] = row.value;
  }
  return settings;
}

export async function writeSettings(
  db: DB,
  values: Partial<Record<SettingName, string>>,
  now = Date.now(),
): Promise<void> {
  const rows = Object.entries(values).map(([name, value]) => ({
    key: SETTINGS[name as SettingName].key,
    value: value,
    updated_at: now,
  }));
  if (rows.length === 0) return;
  await db
    .insertInto("settings")
    .values(rows)
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        value: eb.ref("excluded.value"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

export interface SettingsCache {
  get(): Promise<SiteSettings>;
  clear(): void;
}

/**
 * Settings change rarely and are read on every page, so each instance keeps
 * them for at most `ttlMs`. Saving clears this instance's copy at once; other
 * instances see the change when their copy expires.
 */
export function createSettingsCache(db: DB, ttlMs = 30_000, clock = Date.now): SettingsCache {
  let cached: { value: Promise<SiteSettings>; at: number } | null = null;
  return {
    get() {
      const now = clock();
      if (!cached || now - cached.at >= ttlMs) {
        const value = readSiteSettings(db);
        cached = { value, at: now };
        value.catch(() => {
          cached = null;
        });
      }
      return cached.value;
    },
    clear() {
      cached = null;
    },
  };
}
