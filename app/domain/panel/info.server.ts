import type { AppServices } from "~/context";
import { type PanelConnection, getBalance, getServices } from "./client.server";
import { panelSetup } from "./connection.server";
import { chargeInPaise } from "./money";
import type { PanelService } from "./parse";

/** What the settings card and the dashboard show about the panel account. */

type Services = Pick<AppServices, "settings" | "config">;

export type PanelBalanceView =
  | {
      ok: true;
      balance: string;
      currency: string;
      /** In rupees, when the currency can be converted. */ balancePaise: number | null;
    }
  | { ok: false; message: string };

export type PanelServicesView = { ok: true; services: PanelService[] } | { ok: false; message: string };

/** Lets 'Test connection' try a URL and key before they are saved; an empty key keeps the saved one. */
export interface ConnectionOverride {
  url?: string;
  apiKey?: string;
}

async function connectionFor(services: Services, override: ConnectionOverride = {}) {
  const settings = await services.settings.get();
  const merged = {
    ...settings,
    panelUrl: override.url?.trim() || settings.panelUrl,
    panelApiKey: override.apiKey?.trim() || settings.panelApiKey,
  };
  return panelSetup(merged, services.config);
}

export async function getPanelBalance(services: Services, override?: ConnectionOverride): Promise<PanelBalanceView> {
  const configured = await connectionFor(services, override);
  if (!configured.ok) return configured;
  const reply = await getBalance(configured.setup.connection);
  if (!reply.ok) return { ok: false, message: reply.message };
  const currency = reply.value.currency ?? (configured.setup.currency.panelCurrency.trim().toUpperCase() || "INR");
  const negative = reply.value.balance.startsWith("-");
  const paise = chargeInPaise(reply.value.balance.replace(/^-/, ""), currency, configured.setup.currency);
  return {
    ok: true,
    balance: reply.value.balance,
    currency,
    balancePaise: paise === null ? null : negative ? -paise : paise,
  };
}

export async function listPanelServices(services: Services, override?: ConnectionOverride): Promise<PanelServicesView> {
  const configured = await connectionFor(services, override);
  if (!configured.ok) return configured;
  const reply = await getServices(configured.setup.connection as PanelConnection);
  return reply.ok ? { ok: true, services: reply.value } : { ok: false, message: reply.message };
}

export type PanelTestView =
  | { ok: true; balance: Extract<PanelBalanceView, { ok: true }>; services: PanelService[] }
  | { ok: false; message: string };

/**
 * 'Test connection' on the settings page: balance and service list from the
 * URL and key typed in the form (an empty key means the saved one). A panel
 * that rejects the key answers both calls the same way, so one message is shown.
 */
export async function testPanelConnection(services: Services, override: ConnectionOverride): Promise<PanelTestView> {
  const [balance, list] = await Promise.all([
    getPanelBalance(services, override),
    listPanelServices(services, override),
  ]);
  if (!balance.ok) return { ok: false, message: balance.message };
  if (!list.ok) return { ok: false, message: list.message };
  return { ok: true, balance, services: list.services };
}
