import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { csvField, csvLine } from "~/domain/orders/export.server";
import type { ExportCell } from "~/domain/orders/export-columns";
import { istDateTime } from "~/lib/ist-time";
import { linesTotal } from "./lines";
import { type SupplyFacts, stateLabel } from "./receipt";
import { storedCreditNote, storedInvoice } from "./stored-documents.server";

/**
 * The operator's list of the tax invoices and credit notes the shop issued (Admin → Payments, "Tax
 * invoices and credit notes"), and its CSV for the accountant's GST returns: one line per document, newest
 * first, with what a return asks of each (number, date, place of supply, taxable value, tax). Written with
 * the orders export's CSV cells (app/domain/orders/export.server.ts). No buyer's name or address leaves
 * in it: B2C documents are reported by State and rate, not by person.
 */

export interface TaxDocument {
  kind: "invoice" | "credit_note";
  number: string;
  issuedAt: number;
  orderId: string;
  /** The invoice a credit note refers to; null for an invoice. */
  invoiceNumber: string | null;
  placeOfSupply: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export const TAX_DOCUMENTS_PAGE = 100;

/** The documents issued between `from` and `to` (ms, `to` excluded), newest first; all of them without. */
export async function taxDocuments(db: DB, range: { from?: number; to?: number; limit?: number } = {}) {
  let invoices = db.selectFrom("tax_invoices").selectAll();
  let notes = db.selectFrom("credit_notes").selectAll();
  if (range.from !== undefined) {
    invoices = invoices.where("issued_at", ">=", range.from);
    notes = notes.where("issued_at", ">=", range.from);
  }
  if (range.to !== undefined) {
    invoices = invoices.where("issued_at", "<", range.to);
    notes = notes.where("issued_at", "<", range.to);
  }
  if (range.limit !== undefined) {
    invoices = invoices.orderBy("issued_at", "desc").limit(range.limit);
    notes = notes.orderBy("issued_at", "desc").limit(range.limit);
  }
  const [invoiceRows, noteRows] = await Promise.all([invoices.execute(), notes.execute()]);
  const row = (
    kind: TaxDocument["kind"],
    orderId: string,
    doc: { number: string; issuedAt: number; details: SupplyFacts },
    invoiceNumber: string | null,
    totalPaise: number,
  ): TaxDocument => ({
    kind,
    number: doc.number,
    issuedAt: doc.issuedAt,
    orderId,
    invoiceNumber,
    placeOfSupply: doc.details.placeOfSupply,
    taxablePaise: doc.details.tax.taxablePaise,
    cgstPaise: doc.details.tax.cgstPaise,
    sgstPaise: doc.details.tax.sgstPaise,
    igstPaise: doc.details.tax.igstPaise,
    totalPaise,
  });
  const documents: TaxDocument[] = [
    ...invoiceRows.map((r) => {
      const invoice = storedInvoice(r);
      return row("invoice", r.order_id, invoice, null, linesTotal(invoice.details.lines));
    }),
    ...noteRows.map((r) => {
      const note = storedCreditNote(r);
      return row("credit_note", r.order_id, note, note.details.invoiceNumber, note.details.creditedPaise);
    }),
  ];
  documents.sort((a, b) => b.issuedAt - a.issuedAt || b.number.localeCompare(a.number));
  return range.limit === undefined ? documents : documents.slice(0, range.limit);
}

export const TAX_DOCUMENT_HEADERS = [
  "Document",
  "Number",
  "Date (IST)",
  "Order ID",
  "Against invoice",
  "Place of supply",
  "Taxable value",
  "CGST",
  "SGST",
  "IGST",
  "Total",
] as const;

/** One document as the export's cells. A credit note's amounts are as it states them (positive), as a return lists them. */
export function taxDocumentCells(doc: TaxDocument): ExportCell[] {
  return [
    { kind: "text", value: doc.kind === "invoice" ? "Tax invoice" : "Credit note" },
    { kind: "text", value: doc.number },
    { kind: "date", ms: doc.issuedAt },
    { kind: "text", value: doc.orderId },
    { kind: "text", value: doc.invoiceNumber },
    { kind: "text", value: stateLabel(doc.placeOfSupply) },
    { kind: "money", paise: doc.taxablePaise },
    { kind: "money", paise: doc.cgstPaise },
    { kind: "money", paise: doc.sgstPaise },
    { kind: "money", paise: doc.igstPaise },
    { kind: "money", paise: doc.totalPaise },
  ];
}

export function taxDocumentsCsv(documents: readonly TaxDocument[]): string {
  // BOM so Excel reads it as UTF-8, as the orders export.
  return `\uFEFF${TAX_DOCUMENT_HEADERS.map(csvField).join(",")}\r\n${documents.map((d) => csvLine(taxDocumentCells(d))).join("")}`;
}

/** tax_documents_2026-11-29_12-30-00.csv */
export function taxDocumentsFileName(now: number): string {
  return `tax_documents_${istDateTime(now, true).replace(" ", "_").replace(/:/g, "-")}.csv`;
}

/** Who took the file, when, and how many documents (the audit keeps every export). */
export async function recordTaxDocumentsExport(
  db: DB,
  event: { actor: string; rows: number; client: RequestClient },
  now = Date.now(),
): Promise<void> {
  await recordAudit(
    db,
    {
      actor: event.actor,
      action: "taxDocuments.export",
      targetType: "tax_documents",
      details: { format: "csv", rows: event.rows },
      client: event.client,
    },
    now,
  );
}
