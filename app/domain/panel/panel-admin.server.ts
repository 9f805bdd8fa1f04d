import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { plural } from "~/lib/plural";
import { secretLeftBehind } from "~/lib/saved-secret";
import { apiEndpoint } from "./client.server";
import { listPanelServices, testPanelConnection } from "./info.server";
import { PANEL_FIELDS, PANEL_FIELD_NAMES, type PanelFieldName, type PanelFieldValues, panelColumns } from "./fields";
import type { PanelForm } from "./panel-form";
import {
  deletePanelRow,
  findPanel,
  findPanelByName,
  insertPanel,
  listPanels,
  setDefaultPanel,
  updatePanel,
} from "./panels.repository.server";
import { forgetPanelServices, serviceCountsByPanel, servicesFetchedAt } from "./services.server";
import type { PanelRow } from "./table";

/**
 * The Panels page's operations on the panel records (issue 32 point 2, ADR
 * 0024): list, add, edit, make default, remove, Test connection and Refresh
 * services, each panel on its own. Whether a plan or an unfinished order still
 * uses a panel is asked above, beside the other order actions
 * (app/domain/order-actions/panel-actions.server.ts, ADR 0040), which runs
 * these. The API key never leaves the server: the page sees its last four
 * characters, as the settings card did.
 */

export const PANEL_MESSAGES = {
  saved: (name: string) => `Panel ${name} saved`,
  added: (name: string) => `Panel ${name} added`,
  duplicateName: "Another panel already has this name",
  keyRequired: "API key is required for a new panel",
  keyLeftBehind:
    "Enter the API key again to change the panel URL: the saved key is only sent to the URL it was saved with",
  madeDefault: (name: string) => `${name} is now the default panel`,
  deleted: (name: string) => `Panel ${name} deleted`,
  notFound: "That panel no longer exists",
  refreshed: (name: string, n: number) => `${name}: ${plural(n, "service")} fetched`,
} as const;

/** The fields the page shows as saved: all but the secret one (the key), which is only hinted. */
type ShownField = Exclude<PanelFieldName, "apiKey">;
const SHOWN_FIELDS = PANEL_FIELD_NAMES.filter((name): name is ShownField => !("secret" in PANEL_FIELDS[name]));

/** A panel as the page shows it: everything but the key, which is only hinted. */
export type AdminPanel = Pick<PanelFieldValues, ShownField> & {
  id: number;
  name: string;
  host: string;
  /** "••••cdef"; "" when no key is saved. */
  keyHint: string;
  isDefault: boolean;
  balance: string | null;
  balanceCurrency: string | null;
  balanceCheckedAt: number | null;
  servicesCount: number;
};

function keyHint(key: string): string {
  const k = key.trim();
  return k ? `••••${k.slice(-4)}` : "";
}

export function hostOf(url: string): string {
  try {
    return new URL(url.trim()).host;
  } catch {
    return url;
  }
}

export function toAdminPanel(row: PanelRow, servicesCount: number): AdminPanel {
  const shown = Object.fromEntries(SHOWN_FIELDS.map((name) => [name, String(row[PANEL_FIELDS[name].column])]));
  return {
    ...(shown as Pick<PanelFieldValues, ShownField>),
    id: row.id,
    name: row.name,
    host: hostOf(row.api_url),
    keyHint: keyHint(row.api_key),
    isDefault: row.is_default === 1,
    balance: row.balance,
    balanceCurrency: row.balance_currency,
    balanceCheckedAt: row.balance_checked_at,
    servicesCount,
  };
}

export async function panelsForAdmin(db: DB): Promise<AdminPanel[]> {
  const [rows, counts] = await Promise.all([listPanels(db), serviceCountsByPanel(db)]);
  return rows.map((row) => toAdminPanel(row, counts.get(row.id) ?? 0));
}

/** Adds or edits a panel. Refused with the field to fix (name taken, key missing or left behind); nothing saved then. */
export async function savePanel(db: DB, actor: Actor, form: PanelForm, now = Date.now()): Promise<{ message: string }> {
  const current = form.id ? await findPanel(db, form.id) : undefined;
  if (form.id && !current) throw new AppError("NOT_FOUND", PANEL_MESSAGES.notFound);
  const named = await findPanelByName(db, form.name);
  if (named && named.id !== current?.id) {
    throw new AppError("INVALID_INPUT", PANEL_MESSAGES.duplicateName, { field: "name" });
  }
  if (!current && !form.apiKey) throw new AppError("INVALID_INPUT", PANEL_MESSAGES.keyRequired, { field: "apiKey" });
  if (
    current &&
    secretLeftBehind({
      saved: current.api_key,
      typed: form.apiKey,
      savedFor: apiEndpoint(current.api_url),
      goingTo: apiEndpoint(form.apiUrl),
    })
  ) {
    throw new AppError("INVALID_INPUT", PANEL_MESSAGES.keyLeftBehind, { field: "apiKey" });
  }
  const { apiKey, ...typed } = form;
  const values = {
    ...panelColumns(typed),
    api_url: form.apiUrl,
    name: form.name,
    ...(apiKey ? { api_key: apiKey } : {}),
  };
  return db.transaction().execute(async (trx) => {
    let id: number;
    if (current) {
      id = current.id;
      await updatePanel(trx, id, values, now);
    } else {
      id = await insertPanel(trx, { ...values, api_key: form.apiKey }, now);
    }
    await recordAudit(
      trx,
      {
        ...auditBy(actor),
        action: current ? "panel.update" : "panel.create",
        targetType: "panel",
        targetId: id,
        details: { name: form.name, host: hostOf(form.apiUrl), key: form.apiKey ? "typed" : "kept" },
      },
      now,
    );
    return { message: current ? PANEL_MESSAGES.saved(form.name) : PANEL_MESSAGES.added(form.name) };
  });
}

/** The panel with this id, or NOT_FOUND. */
export async function existingPanel(db: DB, id: number): Promise<PanelRow> {
  const panel = await findPanel(db, id);
  if (!panel) throw new AppError("NOT_FOUND", PANEL_MESSAGES.notFound);
  return panel;
}

export async function makeDefaultPanel(db: DB, actor: Actor, id: number): Promise<{ message: string }> {
  const panel = await existingPanel(db, id);
  await db.transaction().execute(async (trx) => {
    await setDefaultPanel(trx, id);
    await recordAudit(trx, { ...auditBy(actor), action: "panel.default", targetType: "panel", targetId: id });
  });
  return { message: PANEL_MESSAGES.madeDefault(panel.name) };
}

/**
 * Removes a panel and its services list, audited, in the caller's transaction. The caller has checked
 * that nothing still uses it (app/domain/order-actions/panel-actions.server.ts).
 */
export async function removePanel(trx: DB, actor: Actor, panel: PanelRow): Promise<{ message: string }> {
  await forgetPanelServices(trx, panel.id);
  await deletePanelRow(trx, panel.id);
  await recordAudit(trx, {
    ...auditBy(actor),
    action: "panel.delete",
    targetType: "panel",
    targetId: panel.id,
    details: { name: panel.name, host: hostOf(panel.api_url) },
  });
  return { message: PANEL_MESSAGES.deleted(panel.name) };
}

type Services = Pick<AppServices, "db" | "config" | "demoPanelUrl">;

/** Refresh services: the panel's list fetched again and kept. */
export async function refreshServices(services: Services, id: number) {
  const panel = await existingPanel(services.db, id);
  const list = await listPanelServices(services, { panelId: panel.id });
  if (!list.ok) throw new AppError(list.code, list.message);
  return {
    ok: true as const,
    message: PANEL_MESSAGES.refreshed(panel.name, list.services.length),
    fetchedAt: await servicesFetchedAt(services.db, panel.id),
  };
}

/** Test connection: the typed URL and key (empty: the saved ones) tried, never saved. */
export async function testConnection(
  services: Services,
  actor: Actor,
  action: { id?: number; apiUrl: string; apiKey: string },
) {
  const result = await testPanelConnection(services, actor, {
    panelId: action.id,
    url: action.apiUrl,
    apiKey: action.apiKey,
  });
  if (!result.ok) return { intent: "test" as const, ...result };
  // The page shows how many services answered, not the list (up to 5,000 of them).
  const { services: list, ...rest } = result;
  return { intent: "test" as const, ...rest, servicesCount: list.length, message: "Connected" };
}
