import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { istDateTime } from "~/domain/dashboard/ist-time";
import { upiAmount } from "~/lib/money";
import { type OrderFilters, filteredOrders } from "./list.server";
import type { OrderRow } from "./table";

export const EXPORT_HEADERS = [
  "Order ID",
  "Customer Name",
  "Phone Number",
  "Service Type",
  "Target",
  "Quantity",
  "Price (₹)",
  "Profit (₹)",
  "Status",
  "Created At",
  "SMM Panel Order ID",
  "SMM Panel Status",
  "SMM Panel Charge",
  "SMM Panel Currency",
] as const;

const BATCH = 1000;

/** Only what the file holds: half the columns, so each batch is half the garbage. */
const EXPORT_COLUMNS = [
  "id",
  "order_id",
  "customer_name",
  "customer_phone",
  "service_type",
  "target",
  "quantity",
  "price_paise",
  "profit_paise",
  "status",
  "created_at",
  "panel_order_id",
  "panel_status",
  "panel_charge",
  "panel_currency",
] as const;
export type ExportOrder = Pick<OrderRow, (typeof EXPORT_COLUMNS)[number]>;

export function exportRow(o: ExportOrder): string[] {
  const text = (v: string | number | null | undefined) =>
    v === null || v === undefined || v === "" ? "N/A" : String(v);
  return [
    o.order_id,
    text(o.customer_name),
    text(o.customer_phone),
    o.service_type,
    text(o.target),
    String(o.quantity),
    upiAmount(o.price_paise),
    o.profit_paise === null ? "N/A" : (o.profit_paise < 0 ? "-" : "") + upiAmount(Math.abs(o.profit_paise)),
    o.status,
    istDateTime(o.created_at, true),
    text(o.panel_order_id),
    text(o.panel_status),
    text(o.panel_charge),
    text(o.panel_currency),
  ];
}

/** Columns the server writes from its own integers: numbers, never buyer text, so they stay numbers in a spreadsheet. */
const NUMBER_COLUMNS: ReadonlySet<string> = new Set(["Quantity", "Price (₹)", "Profit (₹)"]);
const NUMBER_INDEXES = new Set(EXPORT_HEADERS.flatMap((h, i) => (NUMBER_COLUMNS.has(h) ? [i] : [])));

/** A cell starting with one of these is read as a formula (OWASP's list: = + - @, tab, CR, LF). */
const FORMULA_START = /^[=+\-@\t\r\n]/;
/** The same after spaces, which some importers trim first. */
const SPACED_FORMULA_START = /^ +[=+\-@]/;
/**
 * A character a spreadsheet may split a line into cells on (comma, semicolon,
 * tab, pipe, line breaks) followed, after more of them or spaces, by a formula
 * character: split there, the new cell would start a formula. Each one gets an
 * apostrophe after it. (Quotes cannot end a cell early: csvField doubles them.)
 */
const SPLIT_BEFORE_FORMULA = /[,;\t|\r\n](?=[,;\t|\r\n ]*[=+\-@])/g;

/**
 * Buyer text made inert for a spreadsheet: no cell it could become, whole or
 * split on any usual separator, starts with a formula character; each such
 * start gets a leading apostrophe, which spreadsheets show as text.
 */
export function neutraliseFormula(value: string): string {
  const inner = value.replace(SPLIT_BEFORE_FORMULA, "$&'");
  return FORMULA_START.test(inner) || SPACED_FORMULA_START.test(inner) ? `'${inner}` : inner;
}

/**
 * One CSV cell: formula characters neutralised, then always quoted with quotes
 * doubled, so a separator inside it never starts a new cell whatever separator
 * the spreadsheet splits on (OWASP's CSV-injection rules).
 */
export function csvField(value: string): string {
  return `"${neutraliseFormula(value).replace(/"/g, '""')}"`;
}

/** A number the server formatted (or N/A): quoted, left as it is so the spreadsheet can sum it. */
export function csvNumber(value: string): string {
  return /^-?\d+(\.\d+)?$|^N\/A$/.test(value) ? `"${value}"` : csvField(value);
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map((v, i) => (NUMBER_INDEXES.has(i) ? csvNumber(v) : csvField(v))).join(",")}\r\n`;
}

export async function countMatching(db: DB, filters: OrderFilters, now = Date.now()): Promise<number> {
  const row = await filteredOrders(db, filters, now, "matches")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Every matching order, newest first, in keyset-paged batches: memory stays
 * flat whatever the count. order_id is unique in the table, so rows cannot repeat.
 */
export async function* matchingOrders(db: DB, filters: OrderFilters, now = Date.now()): AsyncGenerator<ExportOrder> {
  let after: { created_at: number; id: number } | null = null;
  for (;;) {
    let q = filteredOrders(db, filters, now).select(EXPORT_COLUMNS);
    if (after) {
      const { created_at, id } = after;
      // A row-value comparison walks the (created_at, id) index from where the last batch stopped;
      // the equivalent OR re-scanned everything before it, making the export quadratic.
      q = q.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(created_at, id)));
    }
    const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(BATCH).execute();
    for (const row of rows) yield row;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

export async function* csvChunks(db: DB, filters: OrderFilters, now = Date.now()): AsyncGenerator<string> {
  // BOM so Excel reads ₹ and Indian names as UTF-8.
  yield `\uFEFF${EXPORT_HEADERS.map(csvField).join(",")}\r\n`;
  let chunk = "";
  for await (const order of matchingOrders(db, filters, now)) {
    chunk += csvLine(exportRow(order));
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** Node stream of the CSV (tests, scripts). */
export function csvStream(db: DB, filters: OrderFilters, now = Date.now()): Readable {
  return Readable.from(csvChunks(db, filters, now));
}

/**
 * A response body that produces the next chunk only when the client has taken
 * the previous one, so a slow download holds the database cursor back instead
 * of piling the file up in memory (Readable.toWeb on Node 20 reads ahead freely).
 */
export function pullStream(source: AsyncIterable<string | Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(typeof next.value === "string" ? encoder.encode(next.value) : next.value);
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

export function xlsxStream(db: DB, filters: OrderFilters, now = Date.now()): Readable {
  const out = new PassThrough();
  (async () => {
    // ExcelJS costs ~30 MB of memory; only an .xlsx export needs it.
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet("Orders");
    sheet.addRow([...EXPORT_HEADERS]).commit();
    for await (const order of matchingOrders(db, filters, now)) {
      const row = exportRow(order);
      // Quantity as a number, so the sheet can sum it; the rest stays text. Every value is a plain
      // string or number, which ExcelJS writes as a value cell: only an object with `formula`
      // would become a formula, so buyer text cannot.
      sheet.addRow(row.map((v, i) => (i === 5 ? Number(v) : v))).commit();
      // The workbook writer ignores backpressure; wait here while the download catches up.
      if (out.writableNeedDrain) await once(out, "drain");
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error) => out.destroy(error as Error));
  return out;
}

export type ExportFormat = "csv" | "xlsx";

/**
 * Records an export in the audit log: buyers' names and phones leave the shop
 * in that file, so who took it, from where, with which filters and how many
 * orders is kept. Recorded when the download starts, with the count it matched.
 */
export async function recordOrdersExport(
  db: DB,
  event: { actor: string; filters: OrderFilters; format: ExportFormat; rows: number; client: RequestClient },
  now = Date.now(),
): Promise<void> {
  const { q, range, status, startDate, endDate } = event.filters;
  await recordAudit(
    db,
    {
      actor: event.actor,
      action: "orders.export",
      targetType: "orders",
      details: {
        format: event.format,
        rows: event.rows,
        filters: {
          range,
          status,
          ...(q ? { q } : {}),
          ...(startDate ? { startDate } : {}),
          ...(endDate ? { endDate } : {}),
        },
      },
      client: event.client,
    },
    now,
  );
}

/** orders_export_{timestamp}[_{time filter}][_{status}][_{search}].csv (docs/product.md, Orders list). */
export function exportFileName(filters: OrderFilters, extension: ExportFormat, now = Date.now()): string {
  const stamp = istDateTime(now, true).replace(" ", "_").replace(/:/g, "-");
  const parts = [`orders_export_${stamp}`];
  if (filters.range !== "all") parts.push(filters.range);
  if (filters.status !== "all") parts.push(filters.status);
  const search = filters.q.replace(/[^A-Za-z0-9]/g, "");
  if (search) parts.push(search.slice(0, 40));
  return `${parts.join("_")}.${extension}`;
}
