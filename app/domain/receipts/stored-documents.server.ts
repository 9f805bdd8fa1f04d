import type { DB } from "~/db/database.server";
import type { CreditNote, CreditNoteDetails, TaxInvoice, TaxInvoiceDetails } from "./receipt";
import type { CreditNoteRow, TaxInvoiceRow } from "./table";

/** The tax invoices and credit notes as stored (migrations 0082, 0097): read back as what they say. */

export function storedInvoice(row: TaxInvoiceRow): TaxInvoice {
  return {
    number: row.invoice_number,
    issuedAt: Number(row.issued_at),
    details: JSON.parse(row.details) as TaxInvoiceDetails,
  };
}

export function storedCreditNote(row: CreditNoteRow): CreditNote {
  return {
    number: row.note_number,
    issuedAt: Number(row.issued_at),
    details: JSON.parse(row.details) as CreditNoteDetails,
  };
}

export async function findTaxInvoice(db: DB, orderId: string): Promise<TaxInvoice | null> {
  const row = await db.selectFrom("tax_invoices").selectAll().where("order_id", "=", orderId).executeTakeFirst();
  return row ? storedInvoice(row) : null;
}

export async function findCreditNote(db: DB, orderId: string): Promise<CreditNote | null> {
  const row = await db.selectFrom("credit_notes").selectAll().where("order_id", "=", orderId).executeTakeFirst();
  return row ? storedCreditNote(row) : null;
}
