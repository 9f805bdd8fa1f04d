import { z } from "zod";
import { decimalText } from "./money";

/**
 * Defensive readers for the loosely typed JSON that "API v2" panels send:
 * numbers as strings or numbers, status names in any case and spelling,
 * `remains` negative or a word. Each returns null when the shape is unusable.
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
  "in progress": "in_progress",
  inprogress: "in_progress",
  processing: "processing",
  completed: "completed",
  complete: "completed",
  partial: "partial",
  canceled: "cancelled",
  cancelled: "cancelled",
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

/** A whole number from 12, "12", "12.0", " -3 "; null for words and empty values. */
export function looseInt(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/,/g, "");
  if (!/^-?\d{1,15}(\.\d+)?$/.test(text)) return null;
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

/** `{"error": "..."}` → the text; null for anything else. */
export function panelErrorOf(json: unknown): string | null {
  if (json && typeof json === "object" && !Array.isArray(json) && "error" in json) {
    const error = json.error;
    if (typeof error === "string" && error.trim()) return error.trim();
    if (error != null && error !== false && error !== "") return String(JSON.stringify(error));
  }
  return null;
}

const record = z.record(z.string(), z.unknown());

export function parseServices(json: unknown): PanelService[] | null {
  const list = z.array(z.unknown()).safeParse(json);
  if (!list.success) return null;
  const services: PanelService[] = [];
  for (const item of list.data) {
    const row = record.safeParse(item);
    if (!row.success) continue;
    const id = looseId(row.data.service);
    if (!id) continue;
    services.push({
      service: id,
      name: looseText(row.data.name) ?? `Service ${id}`,
      type: looseText(row.data.type) ?? "Default",
      category: looseText(row.data.category) ?? "",
      rate: decimalText(row.data.rate),
      min: looseInt(row.data.min),
      max: looseInt(row.data.max),
      refill: looseBool(row.data.refill),
      cancel: looseBool(row.data.cancel),
      dripfeed: looseBool(row.data.dripfeed),
    });
  }
  return services;
}

/** `{"order": 23501}` or `{"order": "23501"}` → "23501". */
export function parseAdd(json: unknown): string | null {
  const row = record.safeParse(json);
  return row.success ? looseId(row.data.order) : null;
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
    const error = panelErrorOf(entry);
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
  const text = looseText(value);
  if (!text?.startsWith("-")) return null;
  return decimalText(text.slice(1)) === null ? null : text;
}

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
