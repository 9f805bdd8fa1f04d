import type { AppServices } from "~/context";
import type { SiteSettings } from "~/domain/settings/registry";
import type { PanelConnection } from "./client.server";
import { type LinkForms, readLinkForms } from "./link-forms";
import type { CurrencySettings } from "./money";
import type { DefaultServices } from "./service-choice";

export interface PanelSetup extends DefaultServices {
  connection: PanelConnection;
  /** The link form this panel takes per service type (link-forms.ts). */
  linkForms: LinkForms;
  currency: CurrencySettings;
  /** PANEL_SYNC_INTERVAL_MS: placed orders are revisited every few of these. */
  syncIntervalMs: number;
}

/** What a panel connection needs besides the settings. */
export type PanelEnvironment = Pick<AppServices, "demoPanelUrl"> & {
  config: Pick<AppServices["config"], "PANEL_TIMEOUT_MS" | "PANEL_SYNC_INTERVAL_MS" | "PANEL_ALLOW_PRIVATE_ADDRESSES">;
};

function sameOrigin(a: string, b: string | undefined): boolean {
  if (!b) return false;
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * Whether calls to this panel URL may go to a private or loopback address:
 * when the operator says so, or when it is the demo simulator this process runs.
 */
export function mayUsePrivateAddress(url: string, env: PanelEnvironment): boolean {
  return env.config.PANEL_ALLOW_PRIVATE_ADDRESSES || sameOrigin(url, env.demoPanelUrl);
}

/** The service set in Settings for each type, and the Custom Comments one: a plan's unless it names its own. */
export function defaultServices(settings: SiteSettings): DefaultServices {
  return {
    serviceIds: {
      followers: settings.panelServiceFollowers.trim(),
      likes: settings.panelServiceLikes.trim(),
      views: settings.panelServiceViews.trim(),
      comments: settings.panelServiceComments.trim(),
    },
    customCommentsServiceId: settings.panelServiceCustomComments.trim(),
  };
}

/** The currency the panel's prices are in, and its rate to rupees. */
export function panelCurrency(settings: SiteSettings): CurrencySettings {
  return { panelCurrency: settings.panelCurrency, panelInrRate: settings.panelInrRate };
}

/** The panel connection from the site settings, or the reason it cannot be used yet. */
export function panelSetup(
  settings: SiteSettings,
  env: PanelEnvironment,
): { ok: true; setup: PanelSetup } | { ok: false; message: string } {
  const { config } = env;
  const url = settings.panelUrl.trim();
  const apiKey = settings.panelApiKey.trim();
  if (!url || !apiKey) {
    return { ok: false, message: "Set the SMM panel URL and API key in Settings first" };
  }
  return {
    ok: true,
    setup: {
      connection: {
        url,
        apiKey,
        timeoutMs: config.PANEL_TIMEOUT_MS,
        allowPrivateAddresses: mayUsePrivateAddress(url, env),
        currency: settings.panelCurrency.trim().toUpperCase() || "INR",
      },
      ...defaultServices(settings),
      linkForms: readLinkForms({
        followers: settings.panelLinkFollowers,
        likes: settings.panelLinkLikes,
        views: settings.panelLinkViews,
        comments: settings.panelLinkComments,
      }),
      currency: panelCurrency(settings),
      syncIntervalMs: config.PANEL_SYNC_INTERVAL_MS,
    },
  };
}
