import { z } from "zod";
import { decimalText, numberText } from "./money";

/**
 * Defensive readers for the loosely typed JSON that SMM panels send, in the
 * two dialects Indian resellers meet (docs/panels.md):
 *
 * - PerfectPanel and the panels that copy its "API v2" (JustAnotherPanel, most
 *   resellers): `{"order": 23501}`, errors as `{"error": "…"}`, numbers as
 *   strings ("0.27819") or, on some resellers, JSON numbers
 *   (https://justanotherpanel.com/api);
 * - SmartPanel, sold as smm-panel-script (`/api/v1`): the same actions with
 *   `"status": "success"` beside the answer, most errors as `{"error": "…"}`
 *   but some as `{"status": "error", "message": "…"}`, a per-order error in a
 *   multi-status reply as a bare string, services without `refill` or `cancel`
 *   fields, and "Empty Data" for an empty list (aliabbasbeing/smm-panel-script,
 *   app/modules/api/controllers/api.php).
 *
 * Numbers come as strings or numbers, with commas, or as floats with binary
 * noise; status names in any case and spelling; `remains` negative or a word.
 * Each reader returns null when the shape is unusable.
 */

export interface PanelService {
  /** Panel service id, as digits. */
  service: string;
  name: string;
  type: string;
  category: string;
  /** Price per 1000 in the panel's currency, decimal text. */
  rate: string | null;
  min: number | null;
  max: number | null;
  refill: boolean;
  cancel: boolean;
  /** Whether an order may be sent in runs (`runs` and `interval`). */
  dripfeed: boolean;
}

/** A panel service's terms, as its `services` list last said (rate per 1000, in the panel's currency). */
export type ServiceTerms = Pick<PanelService, "name" | "rate" | "min" | "max" | "refill" | "cancel" | "dripfeed"> & {
  serviceId: string;
};

/** An order's status as SMM panels report it, in one spelling. */
export const PANEL_STATUSES = [
  "pending",
  "in_progress",
  "processing",
  "completed",
  "partial",
  "cancelled",
  "failed",
] as const;
export type PanelStatus = (typeof PANEL_STATUSES)[number];

export interface PanelOrderStatus {
  /** The panel's status in our vocabulary; null when the panel used a word we do not know. */
  status: PanelStatus | null;
  /** The panel's own word, for the admin. */
  rawStatus: string | null;
  /** Decimal text in `currency`. */
  charge: string | null;
  startCount: number | null;
  /** Never negative (an over-delivery reads as 0 left). */
  remains: number | null;
  currency: string | null;
}

export interface PanelBalance {
  balance: string;
  currency: string | null;
}

const STATUS_WORDS: Record<string, PanelStatus> = {
  pending: "pending",
  // smm-panel-script's order states (its `orders.status` enum) as its API words them.
  awaiting: "pending",
  queued: "pending",
  "in queue": "pending",
  "in progress": "in_progress",
  inprogress: "in_progress",
  "in process": "in_progress",
  active: "in_progress",
  processing: "processing",
  completed: "completed",
  complete: "completed",
  success: "completed",
  partial: "partial",
  "partially completed": "partial",
  "partial completed": "partial",
  canceled: "cancelled",
  cancelled: "cancelled",
  cancel: "cancelled",
  refunded: "cancelled",
  fail: "failed",
  failed: "failed",
  error: "failed",
};

/** "In progress", "in_progress", "CANCELED", "Cancelled", "Refunded" → one spelling. */
export function mapPanelStatus(word: unknown): PanelStatus | null {
  if (typeof word !== "string") return null;
  const key = word.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  return STATUS_WORDS[key] ?? null;
}

/** Statuses after which the panel changes nothing more. */
export const FINAL_PANEL_STATUSES: readonly PanelStatus[] = ["completed", "partial", "cancelled", "failed"];

export function isFinalPanelStatus(status: string | null | undefined): boolean {
  return FINAL_PANEL_STATUSES.includes(status as PanelStatus);
}

/** A whole number from 12, "12", "12.0", " -3 ", "1,250"; null for words, empty values and the absurd. */
export function looseInt(value: unknown): number | null {
  if (typeof value === "number") {
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? Math.trunc(value) : null;
  }
  if (typeof value !== "string") return null;
  const text = numberText(value);
  if (text === null || !/^-?\d{1,15}(\.\d+)?$/.test(text)) return null;
  return Math.trunc(Number(text));
}

/** true, 1, "1", "true", "yes" → true. */
export function looseBool(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value === 1;
  if (typeof value === "string") return ["1", "true", "yes"].includes(value.trim().toLowerCase());
  return false;
}

function looseText(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/** An id the panel gave us (order or service): digits or a short token, as text. */
function looseId(value: unknown): string | null {
  const text = looseText(value);
  return text && /^[A-Za-z0-9_-]{1,40}$/.test(text) ? text : null;
}

function textOf(value: unknown): string | null {
  if (typeof value === "string" && value.trim()) return value.trim();
  if (value != null && value !== false && value !== "" && typeof value !== "string") return shortJson(value);
  return null;
}

/**
 * A value written out as JSON for a message, a few levels and items deep at
 * most: what a panel sends may nest without end, and JSON.stringify recurses.
 */
export function shortJson(value: unknown, depth = 0): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? String(value);
  if (depth >= 3) return Array.isArray(value) ? "[…]" : "{…}";
  const items = Array.isArray(value) ? value : Object.entries(value);
  const shown = items
    .slice(0, 10)
    .map((item: unknown) =>
      Array.isArray(value)
        ? shortJson(item, depth + 1)
        : `${JSON.stringify((item as [string, unknown])[0])}:${shortJson((item as [string, unknown])[1], depth + 1)}`,
    );
  if (items.length > 10) shown.push("…");
  return Array.isArray(value) ? `[${shown.join(",")}]` : `{${shown.join(",")}}`;
}

/**
 * The error of a reply, in either dialect: `{"error": "…"}` (PerfectPanel, and
 * most of smm-panel-script) or `{"status": "error", "message": "…"}` (the rest of
 * smm-panel-script, e.g. "Invalid Interval in minutes"); null for anything else.
 */
export function panelErrorOf(json: unknown): string | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const row = json as Record<string, unknown>;
  if ("error" in row) {
    const error = textOf(row.error);
    if (error) return error;
  }
  const status = typeof row.status === "string" ? row.status.trim().toLowerCase() : "";
  if (status === "error" || status === "fail" || status === "failed" || row.success === false) {
    return (
      textOf(row.message) ?? textOf(row.msg) ?? textOf(row.data) ?? "The panel answered with an error and no reason"
    );
  }
  return null;
}

const record = z.record(z.string(), z.unknown());

/** Above this a rate per 1000 is not believable in any currency panels bill in. */
export const MAX_BELIEVABLE_RATE = 1_000_000;

/** A services list, and what in it could not be used as the panel sent it. */
export interface ServicesReport {
  services: PanelService[];
  /** In words, for the operator (at most a few lines; the first ones of each kind). */
  problems: string[];
  /** Usable services the list named beyond what the shop keeps (MAX_KEPT_SERVICES); absent when none. */
  leftOut?: number;
}

/**
 * At most this many services of a list are kept, Instagram's first: the
 * largest real panels list a few thousand across every network, and a list
 * of hundreds of thousands would otherwise be stored, searched and sent
 * whole (issue 47 point 7).
 */
export const MAX_KEPT_SERVICES = 5_000;

const INSTAGRAM = /instagram|\big\b|insta\b/i;

/** Whether a service is for Instagram by its name or category (panels sell every network). */
export function isInstagramService(service: { name: string; category: string }): boolean {
  return INSTAGRAM.test(service.name) || INSTAGRAM.test(service.category);
}

/** The list itself: an array, the same wrapped in `data` or `services`, or smm-panel-script's "Empty Data". */
function serviceList(json: unknown): unknown[] | null {
  if (Array.isArray(json)) return json as unknown[];
  if (!json || typeof json !== "object") return null;
  const row = json as Record<string, unknown>;
  for (const key of ["data", "services"]) if (Array.isArray(row[key])) return row[key] as unknown[];
  // smm-panel-script answers `{"status": "success", "data": "Empty Data"}` when it sells nothing.
  if (typeof row.data === "string" && /^empty data$/i.test(row.data.trim())) return [];
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Picks the entries worth reading, in slices of the list: each with a usable
 * id, the first of each id, at most MAX_KEPT_SERVICES of them, Instagram's
 * first. A cheap pass (the id, the name and the category only), so a list of
 * hundreds of thousands costs a scan, and a caller can let other work run
 * between slices (readServicesInTurns).
 */
function serviceScan(list: readonly unknown[]) {
  const seen = new Set<string>();
  const instagram: number[] = [];
  const others: number[] = [];
  const duplicates: [number, string][] = [];
  let noId = 0;
  let duplicateCount = 0;
  let usable = 0;
  return {
    scan(from: number, to: number) {
      for (let i = from; i < Math.min(to, list.length); i++) {
        const item = list[i];
        const id = isRecord(item) ? looseId(item.service ?? item.id) : null;
        if (!id) {
          noId++;
          continue;
        }
        if (seen.has(id)) {
          duplicateCount++;
          if (duplicates.length < 2) duplicates.push([i, id]);
          continue;
        }
        seen.add(id);
        usable++;
        const row = item as Record<string, unknown>;
        const named = { name: looseText(row.name) ?? "", category: looseText(row.category) ?? "" };
        const bucket = isInstagramService(named) ? instagram : others;
        if (bucket.length < MAX_KEPT_SERVICES) bucket.push(i);
      }
    },
    result() {
      const kept = [...instagram, ...others.slice(0, Math.max(0, MAX_KEPT_SERVICES - instagram.length))];
      kept.sort((a, b) => a - b);
      return { kept, noId, duplicates, duplicateCount, leftOut: usable - kept.length };
    },
  };
}

/**
 * The panel's services. An entry without a usable id is left out; a rate that
 * is negative, a word or above MAX_BELIEVABLE_RATE is dropped (the service has
 * no price then); min above max drops both. Missing `refill`, `cancel` or
 * `dripfeed` (smm-panel-script has no refill or cancel at all) mean "not supported".
 * Beyond MAX_KEPT_SERVICES, the rest is counted, not kept (Instagram's first).
 */
export function parseServices(json: unknown): ServicesReport | null {
  const list = serviceList(json);
  if (list === null) return null;
  const scan = serviceScan(list);
  scan.scan(0, list.length);
  return servicesReport(list, scan.result());
}

/** How many entries a slice of readServicesInTurns reads before letting other work run. */
const SCAN_SLICE = 10_000;

/** parseServices, letting the event loop run other work (a checkout) between slices of a long list. */
export async function readServicesInTurns(json: unknown): Promise<ServicesReport | null> {
  const list = serviceList(json);
  if (list === null) return null;
  const scan = serviceScan(list);
  for (let from = 0; from < list.length; from += SCAN_SLICE) {
    if (from > 0) await new Promise((resume) => setImmediate(resume));
    scan.scan(from, from + SCAN_SLICE);
  }
  return servicesReport(list, scan.result());
}

function servicesReport(
  list: readonly unknown[],
  { kept, noId, duplicates, duplicateCount, leftOut }: ReturnType<ReturnType<typeof serviceScan>["result"]>,
): ServicesReport {
  const services: PanelService[] = [];
  const counts = { rate: 0, range: 0 };
  // The first few of each kind, in the list's order.
  const examples = duplicates.map(([at, id]): [number, string] => [
    at,
    `Service ${id} is listed twice; the first entry is used`,
  ]);
  let index = 0;
  const note = (kind: keyof typeof counts, text: string) => {
    counts[kind]++;
    if (counts[kind] <= 2) examples.push([index, text]);
  };
  for (index of kept) {
    const row = list[index] as Record<string, unknown>;
    const id = looseId(row.service ?? row.id)!;
    let rate = decimalText(row.rate);
    if (rate === null && row.rate != null && row.rate !== "") {
      note("rate", `Service ${id}: the rate ${shortJson(row.rate).slice(0, 40)} is not a price`);
    } else if (rate !== null && Number(rate) > MAX_BELIEVABLE_RATE) {
      note("rate", `Service ${id}: the rate ${rate} per 1000 is not believable`);
      rate = null;
    }
    let min = looseInt(row.min);
    let max = looseInt(row.max);
    if ((min !== null && min < 0) || (max !== null && max < 0) || (min !== null && max !== null && min > max)) {
      note("range", `Service ${id}: min ${min} and max ${max} do not make a range`);
      min = null;
      max = null;
    }
    services.push({
      service: id,
      name: (looseText(row.name) ?? `Service ${id}`).slice(0, 300),
      type: looseText(row.type) ?? "Default",
      category: (looseText(row.category) ?? "").slice(0, 200),
      rate,
      min,
      max,
      refill: looseBool(row.refill),
      cancel: looseBool(row.cancel),
      dripfeed: looseBool(row.dripfeed),
    });
  }
  const problems = examples.sort((a, b) => a[0] - b[0]).map(([, text]) => text);
  if (noId > 0) problems.unshift(`${noId} entries without a service id were left out`);
  if (duplicateCount > 2) problems.push(`… and ${duplicateCount - 2} more like that`);
  for (const kind of ["rate", "range"] as const) {
    if (counts[kind] > 2) problems.push(`… and ${counts[kind] - 2} more like that`);
  }
  if (leftOut > 0) {
    problems.push(
      `The list names ${leftOut} services more than the shop keeps: it keeps ${MAX_KEPT_SERVICES}, Instagram's first`,
    );
  }
  return leftOut > 0 ? { services, problems, leftOut } : { services, problems };
}

/** `{"order": 23501}`, `{"order": "23501"}` or `{"status": "success", "order": 23501}` → "23501". */
export function parseAdd(json: unknown): string | null {
  const row = record.safeParse(json);
  return row.success && !Array.isArray(json) ? looseId(row.data.order) : null;
}

export function parseStatus(json: unknown): PanelOrderStatus | null {
  const row = record.safeParse(json);
  if (!row.success || Array.isArray(json) || !("status" in row.data)) return null;
  const remains = looseInt(row.data.remains);
  const currency = looseText(row.data.currency);
  return {
    status: mapPanelStatus(row.data.status),
    rawStatus: looseText(row.data.status),
    charge: decimalText(row.data.charge),
    startCount: looseInt(row.data.start_count),
    remains: remains === null ? null : Math.max(remains, 0),
    currency: currency ? currency.toUpperCase() : null,
  };
}

export type PerOrder<T> = { ok: true; value: T } | { ok: false; error: string };

/** `{"1": {…}, "10": {"error": "Incorrect order ID"}}` → one entry per asked id. */
export function parseMultiStatus(
  json: unknown,
  ids: readonly string[],
): Map<string, PerOrder<PanelOrderStatus>> | null {
  const rows = record.safeParse(json);
  if (!rows.success || Array.isArray(json)) return null;
  const result = new Map<string, PerOrder<PanelOrderStatus>>();
  for (const id of ids) {
    const entry = rows.data[id];
    // smm-panel-script writes a per-order error as a bare string: {"10": "Incorrect order ID"}.
    const error =
      typeof entry === "string" ? entry.trim() || "The panel did not report on this order" : panelErrorOf(entry);
    if (error) {
      result.set(id, { ok: false, error });
      continue;
    }
    const status = parseStatus(entry);
    result.set(
      id,
      status ? { ok: true, value: status } : { ok: false, error: "The panel did not report on this order" },
    );
  }
  return result;
}

export function parseBalance(json: unknown): PanelBalance | null {
  const row = record.safeParse(json);
  if (!row.success || Array.isArray(json)) return null;
  const balance = decimalText(row.data.balance) ?? negativeDecimal(row.data.balance);
  const currency = looseText(row.data.currency);
  return balance === null ? null : { balance, currency: currency ? currency.toUpperCase() : null };
}

/** A panel balance may be overdrawn ("-1.5"). */
function negativeDecimal(value: unknown): string | null {
  if (typeof value === "number") return value < 0 ? prefixed(decimalText(-value)) : null;
  const text = looseText(value);
  return text?.startsWith("-") ? prefixed(decimalText(text.slice(1))) : null;
}

const prefixed = (amount: string | null) => (amount === null ? null : `-${amount}`);

/** `{"refill": "1"}` → the refill id. */
export function parseRefill(json: unknown): string | null {
  const row = record.safeParse(json);
  return row.success && !Array.isArray(json) ? looseId(row.data.refill) : null;
}

/** A refill's progress as panels report it, in one spelling. */
export const REFILL_STATUSES = ["pending", "in_progress", "completed", "rejected"] as const;
export type RefillStatus = (typeof REFILL_STATUSES)[number];

const REFILL_WORDS: Record<string, RefillStatus> = {
  pending: "pending",
  "in progress": "in_progress",
  inprogress: "in_progress",
  processing: "in_progress",
  completed: "completed",
  complete: "completed",
  rejected: "rejected",
  error: "rejected",
  canceled: "rejected",
  cancelled: "rejected",
};

export function isFinalRefillStatus(status: string | null | undefined): boolean {
  return status === "completed" || status === "rejected";
}

/** `{"status": "Completed"}` → "completed"; null for an unusable reply or an unknown word. */
export function parseRefillStatus(json: unknown): RefillStatus | null {
  const row = record.safeParse(json);
  if (!row.success || Array.isArray(json) || typeof row.data.status !== "string") return null;
  const key = row.data.status.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  return REFILL_WORDS[key] ?? null;
}

/** `[{"order": 9, "cancel": {"error": "…"}}, {"order": 2, "cancel": 1}]` → per order id. */
export function parseCancel(json: unknown): Map<string, PerOrder<true>> | null {
  const list = z.array(z.unknown()).safeParse(json);
  if (!list.success) return null;
  const result = new Map<string, PerOrder<true>>();
  for (const item of list.data) {
    const row = record.safeParse(item);
    if (!row.success) continue;
    const id = looseId(row.data.order);
    if (!id) continue;
    const error = panelErrorOf(row.data.cancel) ?? panelErrorOf(row.data);
    if (error) result.set(id, { ok: false, error });
    else if (looseBool(row.data.cancel) || looseId(row.data.cancel)) result.set(id, { ok: true, value: true });
    else result.set(id, { ok: false, error: "The panel did not confirm the cancellation" });
  }
  return result;
}
