import type { DB } from "~/db/database.server";
import { type PanelConnection, getServices } from "./client.server";
import type { PanelService } from "./parse";
import type { PanelServiceRow } from "./table";
import { MAX_KEPT_SERVICES, type ServiceTerms, isInstagramService } from "./parse";
import { publishServicesRefreshed } from "./events.server";

/**
 * What each panel service supports (refill, cancel, drip-feed), kept from the
 * last `services` list the shop fetched, so a buyer's page can say what it
 * offers without asking the panel on every view.
 */

export interface ServiceCapabilities {
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
}

/** After this long the status sync fetches the list again (a panel may change a service). */
export const CAPABILITIES_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/** Rows inserted per statement; the event loop runs other work between them (issue 47 point 7). */
const INSERT_CHUNK = 200;

/**
 * The services of a list the shop keeps: the first of each id, at most
 * MAX_KEPT_SERVICES, Instagram's first (parse.ts caps a fetched list the same
 * way; this holds for any caller), in the list's order.
 */
function keptServices(services: readonly PanelService[]): PanelService[] {
  const seen = new Set<string>();
  const unique = services.filter((s) => !seen.has(s.service) && seen.add(s.service));
  if (unique.length <= MAX_KEPT_SERVICES) return unique;
  const instagram = unique.filter(isInstagramService).slice(0, MAX_KEPT_SERVICES);
  const keep = new Set([...instagram, ...unique.filter((s) => !isInstagramService(s))].slice(0, MAX_KEPT_SERVICES));
  return unique.filter((s) => keep.has(s));
}

/**
 * Keeps a panel's new services list in place of the last one, in one
 * transaction, inserted in chunks with the event loop free between them, and
 * tells the panel's listeners what changed (events.server.ts).
 */
export async function storePanelServices(
  db: DB,
  panelId: number,
  services: readonly PanelService[],
  now = Date.now(),
): Promise<void> {
  if (services.length === 0) return;
  const rows = keptServices(services).map((s) => ({
    panel_id: panelId,
    service_id: s.service,
    name: s.name.slice(0, 300),
    refill: s.refill ? 1 : 0,
    cancel: s.cancel ? 1 : 0,
    dripfeed: s.dripfeed ? 1 : 0,
    rate: s.rate,
    min_quantity: int4(s.min),
    max_quantity: int4(s.max),
    type: s.type.slice(0, 100),
    category: s.category.slice(0, 300),
    fetched_at: now,
  }));
  await db.transaction().execute(async (trx) => {
    const previous = await trx.selectFrom("panel_services").selectAll().where("panel_id", "=", panelId).execute();
    // The list is the panel's whole offer: a service no longer in it supports nothing.
    await trx.deleteFrom("panel_services").where("panel_id", "=", panelId).execute();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      if (i > 0) await new Promise((resume) => setImmediate(resume));
      await trx
        .insertInto("panel_services")
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    }
    // A change that breaks a plan (refill, drip-feed, its cost or its quantity) is the operator's to hear about.
    await publishServicesRefreshed(trx, { panelId, before: termsById(previous), after: termsById(rows), now });
  });
}

/** A panel may list a max of 10^10 ("no limit"): kept as the largest 4-byte integer, which no plan reaches. */
function int4(n: number | null): number | null {
  return n === null ? null : Math.min(n, 2_147_483_647);
}

function termsById(rows: readonly PanelServiceRow[]): Map<string, ServiceTerms> {
  return new Map(rows.map((row) => [row.service_id, toTerms(row)]));
}

function toCapabilities(row: Pick<PanelServiceRow, "refill" | "cancel" | "dripfeed">): ServiceCapabilities {
  return { refill: row.refill === 1, cancel: row.cancel === 1, dripfeed: row.dripfeed === 1 };
}

/** What the service supports; nothing when the shop has never seen it in the panel's list. */
export async function serviceCapabilities(
  db: DB,
  panelId: number | null,
  serviceId: string,
): Promise<ServiceCapabilities> {
  const row =
    serviceId && panelId !== null
      ? await db
          .selectFrom("panel_services")
          .selectAll()
          .where("panel_id", "=", panelId)
          .where("service_id", "=", serviceId)
          .executeTakeFirst()
      : undefined;
  return row ? toCapabilities(row) : { refill: false, cancel: false, dripfeed: false };
}

function toTerms(row: PanelServiceRow): ServiceTerms {
  return {
    serviceId: row.service_id,
    name: row.name,
    rate: row.rate,
    min: row.min_quantity,
    max: row.max_quantity,
    ...toCapabilities(row),
  };
}

/** The terms of these services, by id; a service the last list did not name is absent. */
export async function findServiceTerms(
  db: DB,
  panelId: number | null,
  serviceIds: readonly string[],
): Promise<Map<string, ServiceTerms>> {
  const ids = [...new Set(serviceIds.filter(Boolean))];
  if (ids.length === 0 || panelId === null) return new Map();
  const rows = await db
    .selectFrom("panel_services")
    .selectAll()
    .where("panel_id", "=", panelId)
    .where("service_id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.service_id, toTerms(row)]));
}

/** Services by id, numerically where ids are digits (as panels number them). */
function byServiceId(a: { service_id: string }, b: { service_id: string }): number {
  return Number(a.service_id) - Number(b.service_id) || a.service_id.localeCompare(b.service_id);
}

/** The rows a plan may pick from: those for Instagram when the panel names any (panels sell every network), else all. */
async function pickableRows(db: DB, panelId: number): Promise<PanelServiceRow[]> {
  const rows = await db
    .selectFrom("panel_services")
    .selectAll()
    .where("panel_id", "=", panelId)
    .limit(MAX_KEPT_SERVICES)
    .execute();
  const instagram = rows.filter(isInstagramService);
  return (instagram.length > 0 ? instagram : rows).sort(byServiceId);
}

/** One page of a panel's services as the plan dialog searches them. */
export interface ServicesPage {
  services: ServiceTerms[];
  /** How many match the search in all. */
  total: number;
  page: number;
  pageSize: number;
}

export const SERVICES_PAGE_SIZE = 20;

/**
 * The plan dialog's search of a panel's services (issue 45 point 12, issue 47
 * point 7): the services a plan may pick whose id, name or category holds
 * every word typed, a page at a time, instead of the whole list in every
 * Plans page's data.
 */
export async function searchServiceTerms(
  db: DB,
  panelId: number,
  { query = "", page = 1 }: { query?: string; page?: number },
): Promise<ServicesPage> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const matching = (await pickableRows(db, panelId)).filter((row) => {
    const text = `${row.service_id} ${row.name} ${row.category}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const pages = Math.max(1, Math.ceil(matching.length / SERVICES_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const start = (current - 1) * SERVICES_PAGE_SIZE;
  return {
    services: matching.slice(start, start + SERVICES_PAGE_SIZE).map(toTerms),
    total: matching.length,
    page: current,
    pageSize: SERVICES_PAGE_SIZE,
  };
}

/** When the list was last fetched; null if never. */
export async function servicesFetchedAt(db: DB, panelId: number): Promise<number | null> {
  const row = await db
    .selectFrom("panel_services")
    .where("panel_id", "=", panelId)
    .select((eb) => eb.fn.max<number>("fetched_at").as("at"))
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/**
 * Fetches the services list again when it is missing or older than
 * CAPABILITIES_MAX_AGE_MS, so what /track offers follows the panel without the
 * operator opening Settings. Returns whether it fetched.
 */
export async function refreshPanelServicesIfStale(
  db: DB,
  panelId: number,
  connection: PanelConnection,
  now = Date.now(),
): Promise<boolean> {
  const fetchedAt = await servicesFetchedAt(db, panelId);
  if (fetchedAt !== null && now - fetchedAt < CAPABILITIES_MAX_AGE_MS) return false;
  const reply = await getServices(connection);
  if (!reply.ok) return false;
  await storePanelServices(db, panelId, reply.value.services, now);
  return true;
}

/** How many services each panel's last list named, by panel id. */
export async function serviceCountsByPanel(db: DB): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("panel_services")
    .select(["panel_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("panel_id")
    .execute();
  return new Map(rows.map((r) => [Number(r.panel_id), Number(r.n)]));
}

/** A deleted panel's list goes with it. */
export async function forgetPanelServices(db: DB, panelId: number): Promise<void> {
  await db.deleteFrom("panel_services").where("panel_id", "=", panelId).execute();
}
