/**
 * Every site setting the shop knows. The first ten keys keep the names of the
 * storefront we are modelled on, so its settings API keeps working.
 */
export const SETTING_GROUPS = ["smm", "payment", "store", "schedule"] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export interface SettingDefinition {
  key: string;
  group: SettingGroup;
  /** Secrets are never sent back whole to any client. */
  secret?: boolean;
  default: string;
}

import { DEFAULT_BRAND_NAME } from "~/lib/brand";

export const PLACEHOLDER_UPI_ID = "placeholder-change-me@upi";

/**
 * The grievance officer a fresh shop names: plainly not a person, so no buyer
 * takes it for one and the admin's banner asks for the real name.
 */
export const PLACEHOLDER_GRIEVANCE_OFFICER = "Grievance officer not yet named (placeholder)";

/** Names earlier versions seeded as the grievance officer: fictional, so still a placeholder. */
export const LEGACY_GRIEVANCE_OFFICER_DEFAULTS: readonly string[] = ["Priya Sharma"];

export const SETTINGS = {
  panelApiKey: { key: "VITE_SMM_PANEL_API_KEY", group: "smm", secret: true, default: "" },
  panelUrl: { key: "VITE_SMM_PANEL_URL", group: "smm", default: "" },
  panelServiceFollowers: { key: "VITE_SMM_PANEL_FOLLOWERS_SERVICE_ID", group: "smm", default: "" },
  panelServiceLikes: { key: "VITE_SMM_PANEL_LIKES_SERVICE_ID", group: "smm", default: "" },
  panelServiceViews: { key: "VITE_SMM_PANEL_VIEWS_SERVICE_ID", group: "smm", default: "" },
  panelServiceComments: { key: "VITE_SMM_PANEL_COMMENTS_SERVICE_ID", group: "smm", default: "" },
  /** The panel's Custom Comments service: custom-comments plans' orders go there with the buyer's texts. */
  panelServiceCustomComments: { key: "PANEL_CUSTOM_COMMENTS_SERVICE_ID", group: "smm", default: "" },
  /** Currency the panel bills in, used when a panel reply does not name one. */
  panelCurrency: { key: "PANEL_CURRENCY", group: "smm", default: "INR" },
  /** Rupees per one unit of PANEL_CURRENCY; ignored for INR. Empty: no profit is computed for a non-INR panel. */
  panelInrRate: { key: "PANEL_INR_RATE", group: "smm", default: "" },
  /** How links go to the panel, per service type (panel/link-forms.ts): what a link-checking panel accepts. */
  panelLinkFollowers: { key: "PANEL_LINK_FOLLOWERS", group: "smm", default: "profile_url" },
  panelLinkLikes: { key: "PANEL_LINK_LIKES", group: "smm", default: "as_given" },
  panelLinkViews: { key: "PANEL_LINK_VIEWS", group: "smm", default: "as_given" },
  panelLinkComments: { key: "PANEL_LINK_COMMENTS", group: "smm", default: "as_given" },
  upiId: { key: "VITE_UPI_ID", group: "payment", default: PLACEHOLDER_UPI_ID },
  merchantName: { key: "VITE_MERCHANT_NAME", group: "payment", default: DEFAULT_BRAND_NAME },
  /** "true": an order goes to the SMM panel as soon as its payment is confirmed. */
  autoSendPaidOrders: { key: "AUTO_SEND_PAID_ORDERS", group: "payment", default: "true" },
  brandName: { key: "BRAND_NAME", group: "store", default: DEFAULT_BRAND_NAME },
  publicBaseUrl: { key: "PUBLIC_BASE_URL", group: "store", default: "http://localhost:3000" },
  supportEmail: { key: "SUPPORT_EMAIL", group: "store", default: "support@boostkaro.in" },
  supportPhone: { key: "SUPPORT_PHONE", group: "store", default: "+91 98765 43210" },
  whatsappNumber: { key: "WHATSAPP_NUMBER", group: "store", default: "919876543210" },
  location: { key: "LOCATION", group: "store", default: "New Delhi, India" },
  grievanceOfficerName: { key: "GRIEVANCE_OFFICER_NAME", group: "store", default: PLACEHOLDER_GRIEVANCE_OFFICER },
  grievanceOfficerDesignation: {
    key: "GRIEVANCE_OFFICER_DESIGNATION",
    group: "store",
    default: "Grievance Officer",
  },
  grievanceOfficerContact: {
    key: "GRIEVANCE_OFFICER_CONTACT",
    group: "store",
    default: "grievance@boostkaro.in",
  },
  deliveryStartMinutes: { key: "DELIVERY_START_MINUTES", group: "store", default: "30" },
  retentionDays: { key: "RETENTION_DAYS", group: "store", default: "180" },
  /** Hours between whole-database backups (SQLite); "0": none are taken. */
  backupIntervalHours: { key: "BACKUP_INTERVAL_HOURS", group: "schedule", default: "1" },
} as const satisfies Record<string, SettingDefinition>;

export type SettingName = keyof typeof SETTINGS;
export type SiteSettings = Record<SettingName, string>;

const byKey = new Map<string, SettingName>(
  Object.entries(SETTINGS).map(([name, def]) => [def.key, name as SettingName]),
);

export function settingNameForKey(key: string): SettingName | undefined {
  return byKey.get(key);
}

export function defaultSiteSettings(): SiteSettings {
  return Object.fromEntries(Object.entries(SETTINGS).map(([name, def]) => [name, def.default])) as SiteSettings;
}
