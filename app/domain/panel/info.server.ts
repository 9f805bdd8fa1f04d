import type { AppServices } from "~/context";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { type PanelConnection, apiEndpoint, getBalance, getServices } from "./client.server";
import type { PanelFailure } from "./failures";
import { panelSetup } from "./connection.server";
import { PANEL_FIELDS, PANEL_FIELD_NAMES, type PanelColumns } from "./fields";
import { findDefaultPanel, findPanel, recordPanelBalance } from "./panels.repository.server";
import type { PanelRow } from "./table";
import { chargeInPaise } from "./money";
import type { PanelService } from "./parse";
import { storePanelServices } from "./services.server";
import { type UrlSuggestion, suggestPanelUrl } from "./url-suggestion.server";
import type { AppErrorCode } from "~/lib/app-error";
import { plural } from "~/lib/plural";
import { secretLeftBehind } from "~/lib/saved-secret";

/** What the settings card and the dashboard show about the panel account. */

type Services = Pick<AppServices, "db" | "config" | "demoPanelUrl">;

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
  /** The saved panel the typed values are over; absent: the default panel. */
  panelId?: number;
  url?: string;
  apiKey?: string;
}

/** The saved panel a call is about: the one named, else the default. */
function savedPanel(services: Services, override: ConnectionOverride): Promise<PanelRow | undefined> {
  return override.panelId ? findPanel(services.db, override.panelId) : findDefaultPanel(services.db);
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
  const saved = await savedPanel(services, override);
  const typedUrl = override.url?.trim() ?? "";
  const typedKey = override.apiKey?.trim() ?? "";
  const goingTo = apiEndpoint(typedUrl);
  const savedFor = apiEndpoint(saved?.api_url ?? "");
  if (typedUrl && secretLeftBehind({ saved: saved?.api_key ?? "", typed: typedKey, savedFor, goingTo })) {
    return refusal("INVALID_INPUT", RETYPE_KEY_MESSAGE, "panelApiKey");
  }
  const merged: PanelRow | undefined =
    saved || typedUrl || typedKey
      ? {
          ...(saved ?? UNSAVED_PANEL),
          api_url: typedUrl || (saved?.api_url ?? ""),
          api_key: typedKey || (saved?.api_key ?? ""),
        }
      : undefined;
  const configured = panelSetup(merged, services);
  const untouched =
    saved !== undefined &&
    (!typedUrl || typedUrl === saved.api_url.trim()) &&
    (!typedKey || typedKey === saved.api_key.trim());
  if (configured.ok) return { ...configured, saved: untouched ? saved.id : null };
  return refusal("NOT_CONFIGURED", configured.message);
}

/** A panel not saved yet: the defaults of a new record (fields.ts), for a URL and key only being tried. */
const UNSAVED_PANEL: PanelRow = {
  ...(Object.fromEntries(
    PANEL_FIELD_NAMES.map((name) => [PANEL_FIELDS[name].column, PANEL_FIELDS[name].default]),
  ) as PanelColumns),
  id: 0,
  name: "",
  is_default: 0,
  balance: null,
  balance_currency: null,
  balance_checked_at: null,
  created_at: 0,
  updated_at: 0,
};

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
  // The saved panel's balance, as the Panels page lists it (a URL only being tried is not recorded).
  if (configured.saved)
    await recordPanelBalance(services.db, configured.saved, { amount: reply.value.balance, currency });
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
  const saved = await savedPanel(services, override ?? {});
  const typedUrl = override?.url?.trim() ?? "";
  const typedKey = override?.apiKey?.trim() ?? "";
  const isSaved =
    saved !== undefined &&
    (!typedUrl || sameEndpoint(typedUrl, saved.api_url)) &&
    (!typedKey || typedKey === saved.api_key.trim());
  if (isSaved) await storePanelServices(services.db, saved.id, reply.value.services);
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

  const url = override.url?.trim() || ((await savedPanel(services, override))?.api_url ?? "");
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
