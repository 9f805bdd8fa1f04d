import { DAY_MS, parseIstDate } from "~/lib/ist-time";
import type { AuditCursor, AuditFilters } from "./audit.server";

/**
 * The Audit page's filters and position, read from the URL so a view can be
 * bookmarked. Anything unreadable is dropped, never an error.
 */
export interface AuditQuery {
  action: string;
  actor: string;
  /** IST calendar dates, "yyyy-MM-dd", both inclusive; "" when not set. */
  from: string;
  to: string;
  /** Keyset cursors ("<at>-<id>"): the page older than `before`, or newer than `after`. */
  before: string;
  after: string;
}

const ACTION = /^[a-z0-9._-]{1,64}$/i;
const CURSOR = /^(\d{1,15})-(\d{1,12})$/;

export function parseCursor(text: string): AuditCursor | undefined {
  const match = CURSOR.exec(text);
  return match ? { at: Number(match[1]), id: Number(match[2]) } : undefined;
}

export function formatCursor(cursor: AuditCursor): string {
  return `${cursor.at}-${cursor.id}`;
}

export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const read = (key: string) => (params.get(key) ?? "").trim();
  const action = read("action");
  const date = (key: string) => (parseIstDate(read(key)) === null ? "" : read(key));
  let [from, to] = [date("from"), date("to")];
  if (from && to && from > to) [from, to] = [to, from];
  const before = parseCursor(read("before")) ? read("before") : "";
  return {
    action: ACTION.test(action) ? action : "",
    actor: read("actor").slice(0, 100),
    from,
    to,
    before,
    after: before ? "" : parseCursor(read("after")) ? read("after") : "",
  };
}

/** The SQL-side filters of a query: IST days become epoch-ms bounds, the end day included. */
export function auditFilters(query: AuditQuery): AuditFilters {
  const from = parseIstDate(query.from);
  const to = parseIstDate(query.to);
  return {
    action: query.action || undefined,
    actor: query.actor || undefined,
    from: from ?? undefined,
    to: to === null ? undefined : to + DAY_MS,
  };
}

export function auditPosition(query: AuditQuery): { before?: AuditCursor; after?: AuditCursor } {
  return { before: parseCursor(query.before), after: parseCursor(query.after) };
}

/** The URL search of a query with some fields changed; empty fields are left out. */
export function auditSearch(query: AuditQuery, changes: Partial<AuditQuery> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...changes })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
