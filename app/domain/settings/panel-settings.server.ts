import type { DB } from "~/db/database.server";
import { panelNameFromUrl } from "~/domain/panel/panel-name";
import { findDefaultPanel, insertPanel, updatePanel } from "~/domain/panel/panels.repository.server";
import type { PanelRow } from "~/domain/panel/table";
import { PANEL_FIELD_SETTINGS, type SettingNameOf } from "~/domain/panel/field-settings";
import { PANEL_FIELDS, PANEL_FIELD_NAMES, type PanelFieldName } from "~/domain/panel/fields";
import { SETTINGS, type SiteSettings, settingNameForKey } from "./registry";

/**
 * The SMM group's setting names (VITE_SMM_PANEL_URL, its key, the service per
 * type…, the keys of the settings API the shop is modelled on) are kept as
 * names for the default panel's fields (ADR 0024), made from the panel's one
 * declaration of them (panel/fields.ts, ADR 0040): reading them reads the
 * default panel record, saving them saves it (adding it when the shop has
 * none yet). The panel record is the one place they are stored.
 */
export const PANEL_SETTING_COLUMNS = Object.fromEntries(
  PANEL_FIELD_NAMES.map((name) => [PANEL_FIELD_SETTINGS[name].name, PANEL_FIELDS[name].column]),
) as { [F in PanelFieldName as SettingNameOf<F>]: (typeof PANEL_FIELDS)[F]["column"] };

export type PanelSettingName = keyof typeof PANEL_SETTING_COLUMNS;

export function isPanelSetting(name: string): name is PanelSettingName {
  return name in PANEL_SETTING_COLUMNS;
}

/** The default panel's fields under their setting names; none when the shop has no panel. */
export async function readPanelSettings(db: DB): Promise<Partial<SiteSettings>> {
  const panel = await findDefaultPanel(db);
  if (!panel) return {};
  return Object.fromEntries(Object.entries(PANEL_SETTING_COLUMNS).map(([name, column]) => [name, panel[column]]));
}

/** Saves these fields to the default panel, adding it (named by its URL's host) when there is none and a value is set. */
export async function writePanelSettings(
  db: DB,
  values: Partial<Record<PanelSettingName, string>>,
  now = Date.now(),
): Promise<void> {
  const columns: Partial<Record<(typeof PANEL_SETTING_COLUMNS)[PanelSettingName], string>> = {};
  for (const [name, value] of Object.entries(values) as [PanelSettingName, string | undefined][])
    if (value !== undefined) columns[PANEL_SETTING_COLUMNS[name]] = value;
  if (Object.keys(columns).length === 0) return;
  const panel = await findDefaultPanel(db);
  if (panel) {
    await updatePanel(db, panel.id, columns, now);
    return;
  }
  const anySet = (Object.entries(values) as [PanelSettingName, string | undefined][]).some(
    ([name, value]) => value !== undefined && value.trim() !== "" && value !== SETTINGS[name].default,
  );
  if (!anySet) return;
  const fields = Object.fromEntries(
    Object.entries(PANEL_SETTING_COLUMNS).map(([name, column]) => [column, SETTINGS[name as PanelSettingName].default]),
  ) as Record<(typeof PANEL_SETTING_COLUMNS)[PanelSettingName], string>;
  await insertPanel(db, { ...fields, ...columns, name: panelNameFromUrl(columns.api_url ?? "") }, now);
}

/** Whether a settings key (VITE_SMM_PANEL_URL…) names a field of the default panel. */
export function isPanelSettingKey(key: string): boolean {
  const name = settingNameForKey(key);
  return name !== undefined && isPanelSetting(name);
}

/** The default panel's fields among these settings keys, as settings rows for a backup; never a secret. */
export async function panelSettingRows(
  db: DB,
  keys: readonly string[],
): Promise<{ key: string; value: string; updated_at: number }[]> {
  const panel = await findDefaultPanel(db);
  if (!panel) return [];
  return (Object.entries(PANEL_SETTING_COLUMNS) as [PanelSettingName, keyof PanelRow][])
    .filter(([name]) => keys.includes(SETTINGS[name].key) && !("secret" in SETTINGS[name]))
    .map(([name, column]) => ({ key: SETTINGS[name].key, value: String(panel[column]), updated_at: panel.updated_at }));
}

/**
 * A backup's panel settings rows: they make the default panel when the shop
 * has none (rows that still exist are left as they are, as for every table).
 * Returns how many were put back.
 */
export async function restorePanelSettings(db: DB, rows: readonly Record<string, unknown>[]): Promise<number> {
  if (rows.length === 0 || (await findDefaultPanel(db))) return 0;
  const values: Partial<Record<PanelSettingName, string>> = {};
  for (const row of rows) {
    const name = settingNameForKey(String(row.key));
    if (name && isPanelSetting(name)) values[name] = String(row.value);
  }
  await writePanelSettings(db, values);
  return (await findDefaultPanel(db)) ? rows.length : 0;
}
