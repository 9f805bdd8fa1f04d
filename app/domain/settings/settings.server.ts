import { type DB, transaction } from "~/db/database.server";
import { onPublicPagesChanged, readPublicPagesGenerations } from "~/domain/public-pages/changes.server";
import { EVERY_TOPIC_ROW, SETTINGS_COPY_ROW } from "~/domain/public-pages/topics";
import { type SettingsGroup, decodeSettings, defaultsOf } from "./define";
import { isPanelSetting, readPanelSettings, writePanelSettings } from "./panel-settings.server";
import { isAccountSetting, readAccountSettings, writeAccountSettings } from "./account-settings.server";
import { SHOP_SETTINGS, type SettingName, panelNames, type ShopSettings, type SiteSettings } from "./registry";
import { readSettingValues } from "./settings.repository.server";
import { saveSettings } from "./store.server";

/** The settings kept in the `settings` table as one group, for the store. */
const SHOP: SettingsGroup<typeof SHOP_SETTINGS> = { settings: SHOP_SETTINGS };

/** All site settings, typed, with defaults for keys never saved (the panel's names read from its record). */
export async function readSiteSettings(db: DB): Promise<SiteSettings> {
  const panel = { ...defaultsOf(panelNames), ...(await readPanelSettings(db)) };
  return { ...(await readShopSettings(db)), ...panel };
}

/** The settings every page reads, typed, with defaults for keys never saved (the UPI ID: the first receiving account's). */
async function readShopSettings(db: DB): Promise<ShopSettings> {
  const [stored, account] = await Promise.all([readSettingValues(db), readAccountSettings(db)]);
  return { ...decodeSettings(SHOP, stored), ...account };
}

/**
 * Saves the site settings given (undefined: left as they are); the panel's names go to the default panel,
 * the UPI ID to the first receiving account.
 */
export async function writeSettings(db: DB, values: Partial<SiteSettings>, now = Date.now()): Promise<void> {
  if (!db.isTransaction) return transaction(db, (trx) => writeSettings(trx, values, now));
  const given = Object.entries(values).filter(([, value]) => value !== undefined) as [SettingName, unknown][];
  const stored = given.filter(([name]) => !isPanelSetting(name) && !isAccountSetting(name));
  await saveSettings(db, SHOP, Object.fromEntries(stored), now);
  await writePanelSettings(db, Object.fromEntries(given.filter(([name]) => isPanelSetting(name))), now);
  await writeAccountSettings(db, Object.fromEntries(given.filter(([name]) => isAccountSetting(name))), now);
}

export interface SettingsCache {
  get(): Promise<ShopSettings>;
  /** Forgets this instance's copy (a test's shortcut: a write through the store does it by itself). */
  clear(): void;
}

/** Settings the environment fixes for this deployment, whatever the database says. */
export function environmentOverrides(config: { PUBLIC_BASE_URL?: string }): Partial<ShopSettings> {
  return config.PUBLIC_BASE_URL ? { publicBaseUrl: config.PUBLIC_BASE_URL } : {};
}

/**
 * The settings copy's generation with the every-topic one (a restore, the danger zone): one of them moves on
 * every write of a setting the copy holds, shown on a page or not (store.server.ts).
 */
async function settingsGeneration(db: DB): Promise<string> {
  const generations = await readPublicPagesGenerations(db);
  return `${generations.get(EVERY_TOPIC_ROW) ?? 0}:${generations.get(SETTINGS_COPY_ROW) ?? 0}`;
}

/**
 * Settings change rarely and are read on every page, so each instance keeps a
 * copy (ADR 0019) of the shop's settings (the panel's names are the panel
 * record's, read where they are used). It invalidates itself: a write in this process drops it
 * once committed (the store declares the settings copy changed, changes.server.ts tells this
 * process), and a write by another process or server, on SQLite or
 * PostgreSQL, moves the copy's generation in the database, which the copy
 * checks at most every `checkEveryMs` (one primary-key read) before it is
 * trusted. The generation is read before the values, so a copy is never
 * newer than its generation says and a change is never missed. `overrides`
 * (from the environment) win over the stored values, so every reader sees the effective ones.
 */
export function createSettingsCache(
  db: DB,
  checkEveryMs = 1_000,
  clock = Date.now,
  overrides: Partial<ShopSettings> = {},
): SettingsCache {
  type Copy = { value: Promise<ShopSettings>; generation: Promise<string>; checkedAt: number };
  let copy: Copy | null = null;
  const read = (): Copy => {
    const generation = settingsGeneration(db);
    const value = generation.then(() => readShopSettings(db)).then((stored) => ({ ...stored, ...overrides }));
    return { value, generation, checkedAt: clock() };
  };
  const forget = (failed: Copy) => () => {
    if (copy === failed) copy = null;
  };
  onPublicPagesChanged(({ settingsCopy }) => {
    if (settingsCopy) copy = null;
  });
  return {
    get() {
      const now = clock();
      if (copy && now - copy.checkedAt < checkEveryMs) return copy.value;
      if (copy) {
        const known = copy;
        known.checkedAt = now;
        const checked = Promise.all([known.generation, settingsGeneration(db)]).then(([had, has]) => {
          if (had === has && copy === known) return known.value;
          if (copy === known || copy === null) copy = read();
          return copy.value;
        });
        checked.catch(forget(known));
        return checked;
      }
      const fresh = read();
      copy = fresh;
      fresh.value.catch(forget(fresh));
      return fresh.value;
    },
    clear() {
      copy = null;
    },
  };
}
