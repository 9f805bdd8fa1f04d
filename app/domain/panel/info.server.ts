import type { AppServices } from "~/context";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { type PanelConnection, apiEndpoint, getBalance, getServices } from "./client.server";
import type { PanelFailure } from "./failures";
import { panelSetup } from "./connection.server";
import { chargeInPaise } from "./money";
import type { PanelService } from "./parse";
import { storePanelServices } from "./services.server";
import { type UrlSuggestion, suggestPanelUrl } from "./url-suggestion.server";
import type { AppErrorCode } from "~/lib/app-error";
import { plural } from "~/lib/plural";
import { secretLeftBehind } from "~/lib/saved-secret";

/** What the settings card and the dashboard show about the panel account. */

type Services = Pick<AppServices, "settings" | "config" | "demoPanelUrl">;

export type PanelBalanceView =
  | {
      ok: true;
      balance: string;
      currency: string;
      /** In rupees, when the currency can be converted. */ balancePaise: number | null;
    }
  | PanelRefusal;

export type PanelServicesView =
  | {
      ok: true;
      services: PanelService[];
      /** What in the list could not be used as sent (no id, a rate that is not a price…), in words. */
      problems: string[];
    }
  | PanelRefusal;

/**
 * Why the panel could not be asked, as an error code (not set up, the panel
 * refused or failed, a key to type again); `field` names the form field to
 * fix, when there is one.
 */
export interface PanelRefusal {
  ok: false;
  code: Extract<AppErrorCode, "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INVALID_INPUT">;
  message: string;
  field?: "panelApiKey";
  /** Test connection only: an address nearby that does answer as a panel API, offered, never applied. */
  suggestion?: UrlSuggestion;
}

/** Lets 'Test connection' try a URL and key before they are saved. */
export interface ConnectionOverride {
  url?: string;
  apiKey?: string;
}

export const RETYPE_KEY_MESSAGE =
  "Type the API key again to test a different panel URL: the saved key is only ever sent to the saved URL";

function sameEndpoint(a: string, b: string): boolean {
  const endpoint = apiEndpoint(a);
  return endpoint !== null && endpoint === apiEndpoint(b);
}

/**
 * The saved connection with the typed URL and key over it. The saved key goes
 * only to the saved URL: a different URL is tried only with a key typed for it,
 * so a mistyped or someone else's address never receives the operator's key.
 */
async function connectionFor(services: Services, override: ConnectionOverride = {}) {
  const settings = await services.settings.get();
  const typedUrl = override.url?.trim() ?? "";
  const typedKey = override.apiKey?.trim() ?? "";
  const goingTo = apiEndpoint(typedUrl);
  const savedFor = apiEndpoint(settings.panelUrl);
  if (typedUrl && secretLeftBehind({ saved: settings.panelApiKey, typed: typedKey, savedFor, goingTo })) {
    return refusal("INVALID_INPUT", RETYPE_KEY_MESSAGE, "panelApiKey");
  }
  const merged = {
    ...settings,
    panelUrl: typedUrl || settings.panelUrl,
    panelApiKey: typedKey || settings.panelApiKey,
  };
  const configured = panelSetup(merged, services);
  return configured.ok ? configured : refusal("NOT_CONFIGURED", configured.message);
}

function refusal(code: PanelRefusal["code"], message: string, field?: "panelApiKey"): PanelRefusal {
  return field ? { ok: false, code, message, field } : { ok: false, code, message };
}

export async function getPanelBalance(services: Services, override?: ConnectionOverride): Promise<PanelBalanceView> {
  return (await balanceWithCause(services, override)).view;
}

/** The balance view, and the failed call behind a refusal (Test connection looks at its reason). */
async function balanceWithCause(
  services: Services,
  override?: ConnectionOverride,
): Promise<{ view: PanelBalanceView; connection?: PanelConnection; failure?: PanelFailure }> {
  const configured = await connectionFor(services, override);
  if (!configured.ok) return { view: configured };
  const { connection } = configured.setup;
  const reply = await getBalance(connection);
  if (!reply.ok) return { view: refusal("UPSTREAM_FAILED", reply.message), connection, failure: reply };
  const currency = reply.value.currency ?? (configured.setup.currency.panelCurrency.trim().toUpperCase() || "INR");
  const negative = reply.value.balance.startsWith("-");
  const paise = chargeInPaise(reply.value.balance.replace(/^-/, ""), currency, configured.setup.currency);
  return {
    connection,
    view: {
      ok: true,
      balance: reply.value.balance,
      currency,
      balancePaise: paise === null ? null : negative ? -paise : paise,
    },
  };
}

/**
 * The panel's services. A list from the saved panel is also kept, for what
 * each service supports (refill, cancel, drip-feed); one from a URL only
 * being tried is not.
 */
export async function listPanelServices(
  services: Services & Pick<AppServices, "db">,
  override?: ConnectionOverride,
): Promise<PanelServicesView> {
  const configured = await connectionFor(services, override);
  if (!configured.ok) return configured;
  const reply = await getServices(configured.setup.connection);
  if (!reply.ok) return refusal("UPSTREAM_FAILED", reply.message);
  if (reply.value.services.length === 0 && reply.value.problems.length > 0) {
    return refusal("UPSTREAM_FAILED", `The panel's services list has no usable service: ${reply.value.problems[0]}`);
  }
  const saved = await services.settings.get();
  const typedUrl = override?.url?.trim() ?? "";
  const typedKey = override?.apiKey?.trim() ?? "";
  const savedPanel =
    (!typedUrl || sameEndpoint(typedUrl, saved.panelUrl)) && (!typedKey || typedKey === saved.panelApiKey.trim());
  if (savedPanel) await storePanelServices(services.db, reply.value.services);
  return { ok: true, services: reply.value.services, problems: reply.value.problems };
}

export type PanelTestView =
  | {
      ok: true;
      balance: Extract<PanelBalanceView, { ok: true }>;
      services: PanelService[];
      problems: string[];
    }
  | PanelRefusal;

/** The host a test was aimed at, for the audit trail (never the path, query or credentials). */
function hostOf(url: string): string | null {
  const endpoint = apiEndpoint(url);
  return endpoint ? new URL(endpoint).host : null;
}

/**
 * 'Test connection' on the settings page: balance and service list from the
 * URL and key typed in the form (empty ones mean the saved ones). A panel
 * that rejects the key answers both calls the same way, so one message is
 * shown. Every test is audited: where it went, with which key, and how it ended.
 */
export async function testPanelConnection(
  services: Services & Pick<AppServices, "db">,
  actor: Actor,
  override: ConnectionOverride,
): Promise<PanelTestView> {
  const [cause, list] = await Promise.all([
    balanceWithCause(services, override),
    listPanelServices(services, override),
  ]);
  const balance = cause.view;
  let result: PanelTestView = !balance.ok
    ? balance
    : !list.ok
      ? refusal(list.code, list.message)
      : { ok: true, balance, services: list.services, problems: list.problems };
  // A URL that does not answer as a panel API: look nearby on the same host, and offer what answers.
  if (!result.ok && cause.failure?.reason === "address" && cause.connection) {
    const suggestion = await suggestPanelUrl(cause.connection, cause.failure);
    if (suggestion) result = { ...result, suggestion };
  }

  const url = override.url?.trim() || (await services.settings.get()).panelUrl;
  const host = hostOf(url);
  await recordAudit(services.db, {
    ...auditBy(actor),
    action: "panel.test",
    targetType: "panel",
    targetId: host ?? undefined,
    details: {
      host: host ?? "(not an http(s) address)",
      key: override.apiKey?.trim() ? "typed" : "saved",
      outcome: result.ok
        ? `connected, ${plural(result.services.length, "service")}`
        : `failed: ${result.message}${result.suggestion ? ` (suggested ${result.suggestion.url})` : ""}`,
    },
  });
  return result;
}
