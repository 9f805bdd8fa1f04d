import type { DB } from "~/db/database.server";
import { SETTINGS, type SettingName, type SiteSettings, defaultSiteSettings, settingNameForKey } from "./registry";
import { isPanelSetting, readPanelSettings, writePanelSettings } from "./panel-settings.server";
import { readSettingValues, upsertSettingValues } from "./settings.repository.server";

/** All site settings, with defaults for keys never saved. */
export async function readSiteSettings(db: DB): Promise<SiteSettings> {
  const settings = defaultSiteSettings();
  for (const [key, value] of await readSettingValues(db)) {
    const name = settingNameForKey(key);
    if (name && !isPanelSetting(name)) settings[name] = value;
  }
  return { ...settings, ...(await readPanelSettings(db)) };
}

export async function writeSettings(
  db: DB,
  values: Partial<Record<SettingName, string>>,
  now = Date.now(),
): Promise<void> {
  const given = Object.entries(values).filter((entry): entry is [SettingName, string] => entry[1] !== undefined);
  const rows = given
    .filter(([name]) => !isPanelSetting(name))
    .map(([name, value]): [string, string] => [SETTINGS[name].key, value]);
  await upsertSettingValues(db, Object.fromEntries(rows), now);
  await writePanelSettings(db, Object.fromEntries(given.filter(([name]) => isPanelSetting(name))), now);
}

export interface SettingsCache {
  get(): Promise<SiteSettings>;
  clear(): void;
}

/** Settings the environment fixes for this deployment, whatever the database says. */
export function environmentOverrides(config: { PUBLIC_BASE_URL?: string }): Partial<SiteSettings> {
  return config.PUBLIC_BASE_URL ? { publicBaseUrl: config.PUBLIC_BASE_URL } : {};
}

/**
 * Settings change rarely and are read on every page, so each instance keeps
 * them for at most `ttlMs`. Saving clears this instance's copy at once; other
 * instances see the change when their copy expires. `overrides` (from the
 * environment) win over the stored values, so every reader sees the effective ones.
 */
export function createSettingsCache(
  db: DB,
  ttlMs = 30_000,
  clock = Date.now,
  overrides: Partial<SiteSettings> = {},
): SettingsCache {
  let cached: { value: Promise<SiteSettings>; at: number } | null = null;
  return {
    get() {
      const now = clock();
      if (!cached || now - cached.at >= ttlMs) {
        const value = readSiteSettings(db).then((stored) => ({ ...stored, ...overrides }));
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
