import type { AppServices } from "~/context";
import type { PanelConnection } from "./client.server";
import { type LinkForms, readLinkForms } from "./link-forms";
import type { CurrencySettings } from "./money";
import type { DefaultServices } from "./service-choice";
import { findDefaultPanel, findPanel } from "./panels.repository.server";
import type { PanelRow } from "./table";

export interface PanelSetup extends DefaultServices {
  /** The panel record this is (null: a URL and key only being tried). */
  panelId: number | null;
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

/** What a panel record holds that a connection is made of (a saved row, or one with a typed URL and key over it). */
export type PanelFields = Pick<
  PanelRow,
  | "api_url"
  | "api_key"
  | "currency"
  | "inr_rate"
  | "link_followers"
  | "link_likes"
  | "link_views"
  | "link_comments"
  | "service_followers"
  | "service_likes"
  | "service_views"
  | "service_comments"
  | "service_custom_comments"
>;

/** The service this panel's record names for each type, and its Custom Comments one: a plan's unless it names its own. */
export function defaultServices(panel: PanelFields | undefined): DefaultServices {
  return {
    serviceIds: {
      followers: panel?.service_followers.trim() ?? "",
      likes: panel?.service_likes.trim() ?? "",
      views: panel?.service_views.trim() ?? "",
      comments: panel?.service_comments.trim() ?? "",
    },
    customCommentsServiceId: panel?.service_custom_comments.trim() ?? "",
  };
}

/** The currency the panel's prices are in, and its rate to rupees. */
export function panelCurrency(panel: PanelFields | undefined): CurrencySettings {
  return { panelCurrency: panel?.currency ?? "INR", panelInrRate: panel?.inr_rate ?? "" };
}

export const NO_PANEL_MESSAGE = "Add your SMM panel's API URL and key in Admin → Panels first";

/** The connection to this panel, or the reason it cannot be used yet. */
export function panelSetup(
  panel: (PanelFields & { id?: number }) | undefined,
  env: PanelEnvironment,
): { ok: true; setup: PanelSetup } | { ok: false; message: string } {
  const { config } = env;
  const url = panel?.api_url.trim() ?? "";
  const apiKey = panel?.api_key.trim() ?? "";
  if (!panel || !url || !apiKey) {
    return { ok: false, message: NO_PANEL_MESSAGE };
  }
  return {
    ok: true,
    setup: {
      panelId: "id" in panel && typeof panel.id === "number" ? panel.id : null,
      connection: {
        url,
        apiKey,
        timeoutMs: config.PANEL_TIMEOUT_MS,
        allowPrivateAddresses: mayUsePrivateAddress(url, env),
        currency: panel.currency.trim().toUpperCase() || "INR",
      },
      ...defaultServices(panel),
      linkForms: readLinkForms({
        followers: panel.link_followers,
        likes: panel.link_likes,
        views: panel.link_views,
        comments: panel.link_comments,
      }),
      currency: panelCurrency(panel),
      syncIntervalMs: config.PANEL_SYNC_INTERVAL_MS,
    },
  };
}

export type LoadedPanelSetup = { ok: true; setup: PanelSetup; panel: PanelRow } | { ok: false; message: string };

/** This panel (null: the shop's default panel, ADR 0024) and the connection to it. */
export async function panelSetupFor(
  services: PanelEnvironment & Pick<AppServices, "db">,
  panelId: number | null,
): Promise<LoadedPanelSetup> {
  const panel = panelId === null ? await findDefaultPanel(services.db) : await findPanel(services.db, panelId);
  if (!panel && panelId !== null) return { ok: false, message: `SMM panel ${panelId} no longer exists` };
  const configured = panelSetup(panel, services);
  if (!configured.ok) return configured;
  return { ...configured, panel: panel! };
}

/** The shop's default panel and the connection to it. */
export function defaultPanelSetup(services: PanelEnvironment & Pick<AppServices, "db">): Promise<LoadedPanelSetup> {
  return panelSetupFor(services, null);
}

/**
 * Loads each panel's setup once for a round over many orders (a status sync,
 * a bulk profit update): `(panelId)` answers the order's panel (null: the default).
 */
export function panelSetupCache(
  services: PanelEnvironment & Pick<AppServices, "db">,
): (panelId: number | null) => Promise<LoadedPanelSetup> {
  const loaded = new Map<number | null, Promise<LoadedPanelSetup>>();
  return (panelId) => {
    let setup = loaded.get(panelId);
    if (!setup) {
      setup = panelSetupFor(services, panelId);
      loaded.set(panelId, setup);
    }
    return setup;
  };
}

/** Items grouped by the panel they belong to (their own, or `defaultId` for none), in first-seen order. */
export function byPanel<T extends { panel_id: number | null }>(
  items: readonly T[],
  defaultId: number | null,
): Map<number | null, T[]> {
  const groups = new Map<number | null, T[]>();
  for (const item of items) {
    const key = item.panel_id ?? defaultId;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
