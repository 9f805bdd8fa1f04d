import type { ServiceType } from "~/domain/plans/table";
import type { SiteSettings } from "~/domain/settings/registry";
import type { PanelConnection } from "./client.server";
import type { CurrencySettings } from "./money";

export interface PanelSetup {
  connection: PanelConnection;
  /** Panel service id per shop service; empty when not set. */
  serviceIds: Record<ServiceType, string>;
  currency: CurrencySettings;
  /** PANEL_SYNC_INTERVAL_MS: placed orders are revisited every few of these. */
  syncIntervalMs: number;
}

/** The panel connection from the site settings, or the reason it cannot be used yet. */
export function panelSetup(
  settings: SiteSettings,
  config: { PANEL_TIMEOUT_MS: number; PANEL_SYNC_INTERVAL_MS: number },
): { ok: true; setup: PanelSetup } | { ok: false; message: string } {
  const url = settings.panelUrl.trim();
  const apiKey = settings.panelApiKey.trim();
  if (!url || !apiKey) {
    return { ok: false, message: "Set the SMM panel URL and API key in Settings first" };
  }
  return {
    ok: true,
    setup: {
      connection: { url, apiKey, timeoutMs: config.PANEL_TIMEOUT_MS },
      serviceIds: {
        followers: settings.panelServiceFollowers.trim(),
        likes: settings.panelServiceLikes.trim(),
        views: settings.panelServiceViews.trim(),
        comments: settings.panelServiceComments.trim(),
      },
      currency: { panelCurrency: settings.panelCurrency, panelInrRate: settings.panelInrRate },
      syncIntervalMs: config.PANEL_SYNC_INTERVAL_MS,
    },
  };
}
