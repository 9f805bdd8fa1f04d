import type { z } from "zod";
import { PANEL_FIELD_SETTINGS, type SettingNameOf } from "~/domain/panel/field-settings";
import { PANEL_FIELDS, PANEL_FIELD_NAMES, type PanelFieldName } from "~/domain/panel/fields";
import {
  type Setting,
  type SettingsGroup,
  type SettingsShape,
  type ValuesOf,
  defaultsOf,
  defineSettings,
  text,
} from "./define";
import { backupSchedule, feeSettings, paymentSettings, storeSettings, taxSettings } from "./cards";

/**
 * The site settings (ADR 0019): what the settings cache holds for every page,
 * what the settings API reads and writes one key at a time, what the danger
 * zone deletes and what a backup may carry. Each is declared once, with its
 * card; the first ten keys keep the names of the storefront we are modelled
 * on, so its settings API keeps working. The features' own settings (alert
 * channels, the gateway, the mailbox, the SMS secret) are declared in their
 * folders with the same kit and written by their own cards.
 */

export const PLACEHOLDER_UPI_ID = "placeholder-change-me@upi";

export { LEGACY_GRIEVANCE_OFFICER_DEFAULTS, PLACEHOLDER_GRIEVANCE_OFFICER } from "./cards";
export { backupSchedule, feeSettings, paymentSettings, storeSettings, taxSettings };

/** The settings API's name for each of a panel's fields (panel/fields.ts), as a declaration of its own. */
type PanelSettingsShape = { [F in PanelFieldName as SettingNameOf<F>]: Setting<string> };

/**
 * The SMM panel's names: the settings API's legacy view of the default panel
 * record (panel-settings.server.ts, ADR 0024), made from the panel's one
 * declaration of its fields (panel/fields.ts, ADR 0040): the same rules, keys
 * and defaults. A field left out is left as it is. Edited on Admin → Panels;
 * kept for the settings API, backups and the danger zone.
 */
export const panelNames = defineSettings(
  Object.fromEntries(
    PANEL_FIELD_NAMES.map((name) => {
      const spec: { label: string; default: string; rule: z.ZodType<string> } = PANEL_FIELDS[name];
      const setting = PANEL_FIELD_SETTINGS[name];
      const secret = "secret" in PANEL_FIELDS[name];
      const declared = text(setting.key, spec.label, {
        default: spec.default,
        type: spec.rule.optional(),
        secret,
      });
      return [setting.name, declared];
    }),
  ) as PanelSettingsShape,
);

/** The Payment Settings card with a fresh shop's UPI ID: the placeholder its banner asks to replace. */
const withUpiPlaceholder = {
  ...paymentSettings,
  settings: { ...paymentSettings.settings, upiId: { ...paymentSettings.settings.upiId, default: PLACEHOLDER_UPI_ID } },
};

/** The site settings' groups by the name the danger zone and the settings API know them by. */
export const SITE_GROUPS = {
  smm: panelNames,
  payment: withUpiPlaceholder,
  store: storeSettings,
  schedule: backupSchedule,
  fees: feeSettings,
  tax: taxSettings,
} as const;
export const SETTING_GROUPS = Object.keys(SITE_GROUPS) as (keyof typeof SITE_GROUPS)[];
export type SettingGroup = keyof typeof SITE_GROUPS;

type Grouped<G extends string, S extends SettingsShape> = { [K in keyof S]: S[K] & { group: G } };

function grouped<G extends SettingGroup, S extends SettingsShape>(group: G, { settings }: SettingsGroup<S>) {
  return Object.fromEntries(
    Object.entries(settings).map(([name, setting]) => [name, { ...setting, group }]),
  ) as Grouped<G, S>;
}

/** The settings every page reads, kept in the `settings` table, by name. */
export const SHOP_SETTINGS = {
  ...grouped("payment", withUpiPlaceholder),
  ...grouped("store", storeSettings),
  ...grouped("schedule", backupSchedule),
  ...grouped("fees", feeSettings),
  ...grouped("tax", taxSettings),
};

/** Every site setting by name, with the group it belongs to. */
export const SETTINGS = { ...grouped("smm", panelNames), ...SHOP_SETTINGS };

export type SettingName = keyof typeof SETTINGS;
export type SiteSettings = ValuesOf<typeof SETTINGS>;
/** The settings every page reads (the settings cache): the site settings but the panel's names, which are its record's. */
export type ShopSettings = ValuesOf<typeof SHOP_SETTINGS>;
/** The settings of the cards the Settings page edits itself. */
export type CardGroup = Exclude<SettingGroup, "smm">;

const byKey = new Map<string, SettingName>(
  Object.entries(SETTINGS).map(([name, def]) => [def.key, name as SettingName]),
);

export function settingNameForKey(key: string): SettingName | undefined {
  return byKey.get(key);
}

export function defaultSiteSettings(): SiteSettings {
  const groups: SettingsGroup[] = Object.values(SITE_GROUPS);
  return Object.assign({}, ...groups.map((group) => defaultsOf(group))) as SiteSettings;
}
