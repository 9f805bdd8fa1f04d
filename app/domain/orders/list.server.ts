import { type SelectQueryBuilder, sql } from "kysely";
import { z } from "zod";
import type { DB } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { DAY_MS, TIME_RANGES, resolveTimeRange } from "~/lib/ist-time";
import { SERVICE_TYPES } from "~/domain/panel/service-types";
import { ORDER_LIST_FILTERS, parseListFilter } from "./list-filters";
import { parseIndianMobile } from "./buyer-contact";
import { isOrderIdShaped } from "./order-id";
import { isSqlite } from "./orders.repository.server";
import { SEARCHED_COLUMNS, SEARCH_TEXT_PG } from "./search-index";
import type { OrderRow } from "./table";

/** Orders list filters, read from the URL so a view can be bookmarked (status groups: list-filters.ts). */
export const ORDER_SORTS = ["newest", "oldest"] as const;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

const listQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  range: z.enum(TIME_RANGES).catch("today"),
  startDate: z.string().max(10).optional().catch(undefined),
  endDate: z.string().max(10).optional().catch(undefined),
  status: z.unknown().transform(parseListFilter),
  sort: z.enum(ORDER_SORTS).catch("newest"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(500).catch(25),
});
export type OrdersQuery = z.infer<typeof listQuerySchema>;
export type OrderFilters = Pick<OrdersQuery, "q" | "range" | "startDate" | "endDate" | "status">;

/** Never throws: anything unreadable falls back to its default. */
export function parseOrdersQuery(params: URLSearchParams, defaults: Partial<OrdersQuery> = {}): OrdersQuery {
  const read = (key: keyof OrdersQuery) => params.get(key) ?? defaults[key];
  return listQuerySchema.parse({
    q: read("q") ?? "",
    range: read("range"),
    startDate: read("startDate"),
    endDate: read("endDate"),
    status: read("status"),
    sort: read("sort"),
    page: read("page"),
    pageSize: read("pageSize"),
  });
}

type OrdersSelect = SelectQueryBuilder<Database, "orders", object>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * How SQLite combines a trigram search with the date order: "matches" looks
 * up each matching order and sorts them (quick for a rare term); "dates" reads
 * the orders newest first and keeps those that match (quick for a common term,
 * whose first page is among the newest orders, and for the export's walk).
 */
export type SearchWalk = "matches" | "dates";

/** What a search term asks for, decided once for the query and for the walk. */
type SearchTerm =
  | { kind: "none" }
  /** An order id, as people and URLs carry it: one index lookup. */
  | { kind: "order"; orderId: string }
  /** A whole phone number (spaces, +91, 91 or a leading 0 allowed) or a 12-digit UTR: index lookups. */
  | { kind: "exact"; phone: string | null; utr: string | null }
  /**
   * Part of a target, order id, name or phone, in any case; `account` for an
   * Instagram handle typed with its @, which also finds orders whose target is
   * a post link of that account (their `target_username`).
   */
  | { kind: "text"; text: string; account?: string };

/** "@priya.creates": an Instagram handle, as the operator copies it from the buyer's profile. */
const HANDLE = /^@([A-Za-z0-9._]{1,30})$/;

/** Digits as people type a phone number or a UTR: with spaces, dashes, brackets or a + in front. */
const NUMBER_LIKE = /^\+?[\d\s().-]+$/;

export function searchTerm(raw: string): SearchTerm {
  const term = raw.trim();
  if (!term) return { kind: "none" };
  const upper = term.toUpperCase().replace(/^#/, "");
  if (isOrderIdShaped(upper)) return { kind: "order", orderId: upper };
  const handle = HANDLE.exec(term)?.[1];
  if (handle) return { kind: "text", text: handle, account: handle.toLowerCase() };
  if (NUMBER_LIKE.test(term)) {
    const digits = term.replace(/\D/g, "");
    const phone = parseIndianMobile(term);
    const utr = digits.length === 12 ? digits : null;
    if (phone || utr) return { kind: "exact", phone, utr };
    // Part of a number: its digits, wherever the spaces were typed.
    if (digits) return { kind: "text", text: digits };
  }
  return { kind: "text", text: term };
}

/**
 * The orders matching a time range, status and search. Search is
 * case-insensitive over order id, service type, target and the buyer's name
 * and phone, and finds a whole phone number however typed and a UTR: an
 * order-id-shaped term, a phone number or a UTR are exact index lookups;
 * service names are matched in JS; other text goes through the trigram index
 * (migrations 0006, 0025) on SQLite, and on PostgreSQL through LIKE, which
 * pg_trgm's index answers.
 */
export function filteredOrders(
  db: DB,
  filters: OrderFilters,
  now = Date.now(),
  walk: SearchWalk = "dates",
): OrdersSelect {
  let q: OrdersSelect = db.selectFrom("orders");
  const range = resolveTimeRange(filters.range, filters, now);
  if (range.from !== undefined) q = q.where("created_at", ">=", range.from);
  if (range.to !== undefined) q = q.where("created_at", "<", range.to);
  const statuses = ORDER_LIST_FILTERS[filters.status].statuses;
  if (statuses) q = q.where("status", "in", statuses);

  const search = searchTerm(filters.q);
  switch (search.kind) {
    case "none":
      return q;
    case "order":
      return q.where("order_id", "=", search.orderId);
    case "exact":
      return q.where((eb) =>
        eb.or([
          ...(search.phone ? [eb("customer_phone", "=", search.phone)] : []),
          ...(search.utr ? [eb("utr", "=", search.utr)] : []),
        ]),
      );
    case "text":
      break;
  }
  const lower = search.text.toLowerCase();
  const services = SERVICE_TYPES.filter((s) => s.includes(lower));
  const serviceMatch = [
    ...(services.length ? [sql<boolean>`service_type in (${sql.join(services)})`] : []),
    // The expression migration 0058 indexes.
    ...(search.account ? [sql<boolean>`lower(target_username) = ${search.account}`] : []),
  ];
  const phrase = trigramPhrase(db, filters, now);
  if (phrase) {
    // A unary plus keeps SQLite from driving the query by id, so it walks the dates.
    const id = walk === "dates" ? sql`+id` : sql`id`;
    return q.where((eb) =>
      eb.or([
        sql<boolean>`${id} in (select rowid from orders_search where orders_search match ${phrase})`,
        ...serviceMatch,
      ]),
    );
  }
  const pattern = `%${escapeLike(lower)}%`;
  if (!isSqlite(db)) {
    // The very expression pg_trgm's index is built on (search-index.ts).
    return q.where((eb) =>
      eb.or([sql<boolean>`${sql.raw(SEARCH_TEXT_PG)} like ${pattern} escape '\\'`, ...serviceMatch]),
    );
  }
  return q.where((eb) =>
    eb.or([
      ...SEARCHED_COLUMNS.map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
      ...serviceMatch,
    ]),
  );
}

/**
 * The FTS5 query for a search term, when the trigram index should answer it:
 * on SQLite, for three characters or more (the index's unit), over more than
 * a week (within a week, reading the range is quicker than collecting every
 * match of a common word).
 */
function trigramPhrase(db: DB, filters: OrderFilters, now: number): string | null {
  const search = searchTerm(filters.q);
  if (search.kind !== "text" || !isSqlite(db) || [...search.text].length < 3) return null;
  const range = resolveTimeRange(filters.range, filters, now);
  if (range.from !== undefined && (range.to ?? now) - range.from <= 8 * DAY_MS) return null;
  return `"${search.text.replace(/"/g, '""')}"`;
}

/** Past this many matches a term is common enough that its newest matches are quickest found by date. */
const COMMON_TERM_MATCHES = 20_000;

async function searchWalk(db: DB, filters: OrderFilters, now: number): Promise<SearchWalk> {
  const phrase = trigramPhrase(db, filters, now);
  if (!phrase) return "dates";
  const row = await db
    .selectFrom(
      sql<{
        rowid: number;
      }>`(select rowid from orders_search where orders_search match ${phrase} limit ${COMMON_TERM_MATCHES + 1})`.as(
        "m",
      ),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) > COMMON_TERM_MATCHES ? "dates" : "matches";
}

export interface OrdersPage {
  orders: OrderRow[];
  page: number;
  pageSize: number;
  total: number;
  /** True when a search matched more than SEARCH_COUNT_CAP orders and counting stopped there. */
  totalCapped: boolean;
  pageCount: number;
}

/**
 * Counting every match of a free-text search means reading every row in range;
 * past this many the list says "10,000+" instead, and the page itself still
 * comes back after the first few matches.
 */
export const SEARCH_COUNT_CAP = 10_000;

export async function listOrders(db: DB, query: OrdersQuery, now = Date.now()): Promise<OrdersPage> {
  const direction = query.sort === "oldest" ? "asc" : "desc";
  const capped = query.q.trim() !== "";
  const base = filteredOrders(db, query, now, await searchWalk(db, query, now));
  const counting = capped
    ? db
        .selectFrom(
          filteredOrders(db, query, now, "matches")
            .select("id")
            .limit(SEARCH_COUNT_CAP + 1)
            .as("matches"),
        )
        .select((eb) => eb.fn.countAll<number>().as("n"))
    : base.select((eb) => eb.fn.countAll<number>().as("n"));
  const [orders, counted] = await Promise.all([
    base
      .selectAll()
      .orderBy("created_at", direction)
      .orderBy("id", direction)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    counting.executeTakeFirstOrThrow(),
  ]);
  const n = Number(counted.n);
  const totalCapped = capped && n > SEARCH_COUNT_CAP;
  const total = totalCapped ? SEARCH_COUNT_CAP : n;
  return {
    orders,
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
