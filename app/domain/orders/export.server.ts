import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { IST_OFFSET_MS, istDateTime } from "~/lib/ist-time";
import { upiAmount } from "~/lib/money";
import { type OrderFilters, filteredOrders } from "./list.server";
import {
  EXPORT_COLUMNS,
  EXPORT_HEADERS,
  type ExportCell,
  type ExportOrder,
  exportCells,
  nationalDigits,
} from "./export-columns";

export { EXPORT_HEADERS } from "./export-columns";

const BATCH = 1000;

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

const NA = "N/A";

/** Signed rupees with two decimals, from paise: -1250 → "-12.50". */
export function rupeesText(paise: number): string {
  return (paise < 0 ? "-" : "") + upiAmount(Math.abs(paise));
}

/** One typed cell as CSV: numbers as numbers, dates as IST text, a phone as its digits, any other text defused. */
export function csvCell(cell: ExportCell): string {
  switch (cell.kind) {
    case "money":
      return csvNumber(cell.paise === null ? NA : rupeesText(cell.paise));
    case "count":
      return csvNumber(String(cell.value));
    case "decimal":
      return csvNumber(cell.value === null || cell.value === "" ? NA : cell.value.trim());
    case "date":
      return csvField(cell.ms === null ? NA : istDateTime(cell.ms, true));
    case "phone":
      // Digits alone are no formula: quoted as they are, with no apostrophe in front.
      return cell.value === null || cell.value === "" ? csvField(NA) : csvField(nationalDigits(cell.value));
    case "text":
      return csvField(cell.value === null || cell.value === "" ? NA : cell.value);
  }
}

export function csvLine(cells: readonly ExportCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
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
    chunk += csvLine(exportCells(order));
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

/** How the .xlsx shows rupees: a number with two decimals and the ₹ sign (negative profits with a minus). */
export const XLSX_RUPEES = '"₹"#,##0.00;-"₹"#,##0.00';
export const XLSX_DATE_TIME = "yyyy-mm-dd hh:mm:ss";
/** A panel's amount: every decimal it sent (panels charge in fractions of a paisa or a cent), at least two. */
export const XLSX_PANEL_AMOUNT = "#,##0.00######";
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * One typed cell as an .xlsx value: rupees and counts as numbers, instants as
 * date cells holding IST wall-clock time (a spreadsheet date has no time
 * zone), text as text. ExcelJS writes a plain string or number as a value;
 * only an object with `formula` would be a formula, so buyer text cannot.
 */
function xlsxValue(cell: ExportCell): { value: string | number | Date; numFmt?: string } {
  switch (cell.kind) {
    case "money":
      return cell.paise === null ? { value: NA } : { value: cell.paise / 100, numFmt: XLSX_RUPEES };
    case "count":
      return { value: cell.value };
    case "decimal": {
      const value = cell.value?.trim() ?? "";
      if (DECIMAL.test(value)) return { value: Number(value), numFmt: XLSX_PANEL_AMOUNT };
      return { value: value === "" ? NA : value };
    }
    case "date":
      return cell.ms === null ? { value: NA } : { value: new Date(cell.ms + IST_OFFSET_MS), numFmt: XLSX_DATE_TIME };
    case "phone":
      return { value: cell.value ? nationalDigits(cell.value) : NA };
    case "text":
      return { value: cell.value === null || cell.value === "" ? NA : cell.value };
  }
}

export function xlsxStream(db: DB, filters: OrderFilters, now = Date.now()): Readable {
  const out = new PassThrough();
  (async () => {
    // ExcelJS costs ~30 MB of memory; only an .xlsx export needs it.
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const sheet = workbook.addWorksheet("Orders");
    sheet.addRow([...EXPORT_HEADERS]).commit();
    for await (const order of matchingOrders(db, filters, now)) {
      const values = exportCells(order).map(xlsxValue);
      const row = sheet.addRow(values.map((v) => v.value));
      values.forEach((v, i) => {
        if (v.numFmt) row.getCell(i + 1).numFmt = v.numFmt;
      });
      row.commit();
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
