import type { PanelFieldName } from "./fields";

/**
 * The settings API's key for each of the default panel's fields (never renamed: existing clients
 * use them) and its name in the settings' view: server-side only, apart from the fields the panel
 * dialog ships to the browser (panel/fields.ts), so no setting key reaches the client bundle.
 */
export const PANEL_FIELD_SETTINGS = {
  apiUrl: { key: "VITE_SMM_PANEL_URL", name: "panelUrl" },
  apiKey: { key: "VITE_SMM_PANEL_API_KEY", name: "panelApiKey" },
  currency: { key: "PANEL_CURRENCY", name: "panelCurrency" },
  inrRate: { key: "PANEL_INR_RATE", name: "panelInrRate" },
  linkFollowers: { key: "PANEL_LINK_FOLLOWERS", name: "panelLinkFollowers" },
  linkLikes: { key: "PANEL_LINK_LIKES", name: "panelLinkLikes" },
  linkViews: { key: "PANEL_LINK_VIEWS", name: "panelLinkViews" },
  linkComments: { key: "PANEL_LINK_COMMENTS", name: "panelLinkComments" },
  serviceFollowers: { key: "VITE_SMM_PANEL_FOLLOWERS_SERVICE_ID", name: "panelServiceFollowers" },
  serviceLikes: { key: "VITE_SMM_PANEL_LIKES_SERVICE_ID", name: "panelServiceLikes" },
  serviceViews: { key: "VITE_SMM_PANEL_VIEWS_SERVICE_ID", name: "panelServiceViews" },
  serviceComments: { key: "VITE_SMM_PANEL_COMMENTS_SERVICE_ID", name: "panelServiceComments" },
  serviceCustomComments: { key: "PANEL_CUSTOM_COMMENTS_SERVICE_ID", name: "panelServiceCustomComments" },
} as const satisfies Record<PanelFieldName, { key: string; name: string }>;

/** A field's name in the settings API's view, by field. */
export type SettingNameOf<F extends PanelFieldName> = (typeof PANEL_FIELD_SETTINGS)[F]["name"];
