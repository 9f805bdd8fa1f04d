import type { Selectable } from "kysely";

/**
 * A tax invoice, issued once per order (migration 0082): its number in its
 * financial year's series, and what it says, fixed when it was issued
 * (`details`, JSON of TaxInvoiceDetails in receipt.ts), so a later change of
 * the settings or of the order never changes an invoice already given.
 */
export interface TaxInvoiceTable {
  order_id: string;
  invoice_number: string;
  financial_year: string;
  serial: number;
  issued_at: number;
  details: string;
}

/** The last number given in each financial year's series (migration 0082). */
export interface InvoiceSeriesTable {
  financial_year: string;
  last_serial: number;
}

/**
 * A credit note, issued once per refunded order that had a tax invoice
 * (migration 0097): its number in its own series, and what it says, fixed
 * when it was issued (`details`, JSON of CreditNoteDetails in credit-note.ts).
 */
export interface CreditNoteTable {
  order_id: string;
  note_number: string;
  financial_year: string;
  serial: number;
  issued_at: number;
  details: string;
}

/** The last credit note number given in each financial year (migration 0097). */
export type CreditNoteSeriesTable = InvoiceSeriesTable;

export type TaxInvoiceRow = Selectable<TaxInvoiceTable>;
export type CreditNoteRow = Selectable<CreditNoteTable>;
