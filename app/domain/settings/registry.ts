import type { z } from "zod";
import { DEFAULT_BRAND_NAME } from "~/lib/brand";
import {
  type Look,
  type SettingsGroup,
  type SettingsShape,
  type ValuesOf,
  defaultsOf,
  defineSettings,
  flag,
  httpUrl,
  required,
  text,
  whole,
} from "./define";
import { UPI_ID, smmSettingsSchema } from "./validation";

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

/**
 * The grievance officer a fresh shop names: plainly not a person, so no buyer
 * takes it for one and the admin's banner asks for the real name.
 */
export const PLACEHOLDER_GRIEVANCE_OFFICER = "Grievance officer not yet named (placeholder)";

/** Names earlier versions seeded as the grievance officer: fictional, so still a placeholder. */
export const LEGACY_GRIEVANCE_OFFICER_DEFAULTS: readonly string[] = ["Priya Sharma"];

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

/** Where buyers pay, and what happens once they did: the Payment Settings card. */
export const paymentSettings = defineSettings(
  {
    upiId: text("VITE_UPI_ID", "UPI ID", {
      default: PLACEHOLDER_UPI_ID,
      type: required("UPI ID").regex(UPI_ID, "UPI ID must look like name@bank"),
      placeholder: "your-upi-id@bank",
    }),
    merchantName: text("VITE_MERCHANT_NAME", "Merchant Name", {
      default: DEFAULT_BRAND_NAME,
      type: required("Merchant Name").max(50, "Merchant Name can be at most 50 characters"),
    }),
    /** On: an order goes to the SMM panel as soon as its payment is confirmed. */
    autoSendPaidOrders: flag("AUTO_SEND_PAID_ORDERS", "Send paid orders to the panel automatically", {
      default: true,
      hint: "When a payment is confirmed, the order goes to the SMM panel at once. Off: you send each paid order yourself.",
    }),
  },
  {
    id: "payment",
    title: "Payment Settings",
    description: "Buyers pay this UPI ID; the name shows in their UPI app.",
    saved: "Payment settings saved successfully",
  },
);

const phone = (label: string) =>
  required(label).regex(/^\+?[0-9 ()-]{8,20}$/, `${label} must be a phone number, e.g. +91 98765 43210`);
const email = (label: string) => required(label).email(`${label} must be an e-mail address`);
const whatsapp = required("WhatsApp number").regex(
  /^\d{10,15}$/,
  "WhatsApp number must be digits with the country code, e.g. 919876543210",
);
const tooLong = (label: string, max: number) => `${label} can be at most ${max} characters`;

/** A text shown on the storefront: its key, label, default and check, one line each. */
const shown = (key: string, label: string, fallback: string, type: z.ZodType<string>, look: Look = {}) =>
  text(key, label, { default: fallback, type, ...look });

/** The shop itself, as the storefront, the policies and Contact Us show it: the Store Details card. */
export const storeSettings = defineSettings(
  {
    brandName: shown(
      "BRAND_NAME",
      "Brand Name",
      DEFAULT_BRAND_NAME,
      required("Brand name").max(40, tooLong("Brand name", 40)),
    ),
    /** PUBLIC_BASE_URL in the environment wins over it (environmentOverrides). */
    publicBaseUrl: shown("PUBLIC_BASE_URL", "Public Base URL", "http://localhost:3000", httpUrl("Public base URL"), {
      placeholder: "https://yourshop.in",
    }),
    supportEmail: shown("SUPPORT_EMAIL", "Support E-mail", "support@boostkaro.in", email("Support e-mail"), {
      control: "email",
    }),
    supportPhone: shown("SUPPORT_PHONE", "Support Phone", "+91 98765 43210", phone("Support phone"), {
      control: "tel",
    }),
    whatsappNumber: shown("WHATSAPP_NUMBER", "WhatsApp Number (with country code)", "919876543210", whatsapp, {
      control: "numeric",
    }),
    location: shown(
      "LOCATION",
      "Location",
      "New Delhi, India",
      required("Location").max(100, tooLong("Location", 100)),
    ),
    grievanceOfficerName: shown(
      "GRIEVANCE_OFFICER_NAME",
      "Grievance Officer Name",
      PLACEHOLDER_GRIEVANCE_OFFICER,
      required("Grievance officer name").max(80),
    ),
    grievanceOfficerDesignation: shown(
      "GRIEVANCE_OFFICER_DESIGNATION",
      "Grievance Officer Designation",
      "Grievance Officer",
      required("Grievance officer designation").max(80),
    ),
    grievanceOfficerContact: shown(
      "GRIEVANCE_OFFICER_CONTACT",
      "Grievance Officer Contact",
      "grievance@boostkaro.in",
      required("Grievance officer contact").max(120),
    ),
    deliveryStartMinutes: whole("DELIVERY_START_MINUTES", "Delivery starts within (minutes)", {
      default: 30,
      min: 1,
      max: 1440,
      named: "Delivery start time",
    }),
    /** Days before a buyer's name and phone are erased from their orders. */
    retentionDays: whole("RETENTION_DAYS", "Keep buyer name and phone for (days)", {
      default: 180,
      min: 1,
      max: 3650,
      named: "Retention period",
    }),
  },
  {
    id: "store",
    title: "Store Details",
    description: "Shown on the storefront, the policies and Contact Us.",
    saved: "Store details saved successfully",
  },
);

/** How often the whole database is backed up: the Database backups card. */
export const backupSchedule = defineSettings(
  {
    /** Hours between whole-database backups (SQLite); 0: none are taken. */
    backupIntervalHours: whole("BACKUP_INTERVAL_HOURS", "Back up every (hours, 0 for never)", {
      default: 1,
      min: 0,
      max: 24,
      named: "Backup interval",
      outOfRange: "Backup interval must be between 0 (off) and 24 hours",
      hint: "1 is right for most shops: at most an hour of orders could be lost with the server. Off-machine copies are set up on the server (docs/deploy.md).",
    }),
  },
  {
    id: "schedule",
    title: "Database backups",
    description:
      "A copy of the whole database on a schedule, kept 48 hours hourly and 30 days daily. Admin → Health shows the last one, where it went, and downloads it.",
    saved: "Backup settings saved successfully",
  },
);

/** The site settings' groups by the name the danger zone and the settings API know them by. */
export const SITE_GROUPS = {
  smm: panelNames,
  payment: paymentSettings,
  store: storeSettings,
  schedule: backupSchedule,
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
  ...grouped("payment", paymentSettings),
  ...grouped("store", storeSettings),
  ...grouped("schedule", backupSchedule),
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
