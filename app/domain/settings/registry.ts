import { type SettingsGroup, type SettingsShape, type ValuesOf, defaultsOf, defineSettings, text } from "./define";
import { backupSchedule, feeSettings, paymentSettings, storeSettings } from "./cards";
import { smmSettingsSchema } from "./validation";

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
export { backupSchedule, feeSettings, paymentSettings, storeSettings };

const panelField = (key: string, label: string, name: keyof typeof smmSettingsSchema.shape, fallback = "") =>
  text(key, label, { default: fallback, type: smmSettingsSchema.shape[name] });

/**
 * The SMM panel's names: a view of the default panel record (panel-settings.server.ts, ADR 0024),
 * edited on Admin → Panels; kept for the settings API, backups and the danger zone.
 */
export const panelNames = defineSettings({
  panelApiKey: { ...panelField("VITE_SMM_PANEL_API_KEY", "API Key", "panelApiKey"), secret: true },
  panelUrl: panelField("VITE_SMM_PANEL_URL", "Panel API URL", "panelUrl"),
  panelServiceFollowers: panelField(
    "VITE_SMM_PANEL_FOLLOWERS_SERVICE_ID",
    "Followers Service ID",
    "panelServiceFollowers",
  ),
  panelServiceLikes: panelField("VITE_SMM_PANEL_LIKES_SERVICE_ID", "Likes Service ID", "panelServiceLikes"),
  panelServiceViews: panelField("VITE_SMM_PANEL_VIEWS_SERVICE_ID", "Views Service ID", "panelServiceViews"),
  panelServiceComments: panelField("VITE_SMM_PANEL_COMMENTS_SERVICE_ID", "Comments Service ID", "panelServiceComments"),
  /** The panel's Custom Comments service: custom-comments plans' orders go there with the buyer's texts. */
  panelServiceCustomComments: panelField(
    "PANEL_CUSTOM_COMMENTS_SERVICE_ID",
    "Service ID for Custom Comments",
    "panelServiceCustomComments",
  ),
  /** Currency the panel bills in, used when a panel reply does not name one. */
  panelCurrency: panelField("PANEL_CURRENCY", "Panel Currency", "panelCurrency", "INR"),
  /** Rupees per one unit of PANEL_CURRENCY; ignored for INR. Empty: no profit is computed for a non-INR panel. */
  panelInrRate: panelField("PANEL_INR_RATE", "INR per unit of panel currency", "panelInrRate"),
  /** How links go to the panel, per service type (panel/link-forms.ts): what a link-checking panel accepts. */
  panelLinkFollowers: panelField("PANEL_LINK_FOLLOWERS", "Followers link sent as", "panelLinkFollowers", "profile_url"),
  panelLinkLikes: panelField("PANEL_LINK_LIKES", "Likes link sent as", "panelLinkLikes", "as_given"),
  panelLinkViews: panelField("PANEL_LINK_VIEWS", "Views link sent as", "panelLinkViews", "as_given"),
  panelLinkComments: panelField("PANEL_LINK_COMMENTS", "Comments link sent as", "panelLinkComments", "as_given"),
});

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
