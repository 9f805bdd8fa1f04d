import type { DB } from "~/db/database.server";
import type { OrderRow } from "~/domain/orders/table";
import { creditNoteDetails } from "./credit-note";
import type { CreditNote } from "./receipt";
import { numberDocument } from "./series.server";
import { findCreditNote, findTaxInvoice, storedCreditNote } from "./stored-documents.server";

/**
 * Credit notes (CGST Act 2017, section 34; rule 53(1A); docs/receipts.md): when the operator records that
 * an invoiced order's refund was paid (the `refunded` transition), the listener in
 * app/domain/order-events/subscribers.server.ts issues its credit note in that transaction: the next
 * number of the year's own series (numberDocument, as invoices), the order id as its key, so a retry or a
 * second instance never gives an order two notes, and a rolled-back refund takes its number back.
 */

/**
 * Issues the order's credit note inside the caller's transaction, which holds the order's row: the one it
 * has if it has one; none for an order without a tax invoice (a plain receipt is not reduced by a credit
 * note) or whose refund takes back nothing of it.
 */
export async function issueCreditNote(trx: DB, order: OrderRow, now: number): Promise<CreditNote | null> {
  const existing = await findCreditNote(trx, order.order_id);
  if (existing) return existing;
  const invoice = await findTaxInvoice(trx, order.order_id);
  if (!invoice) return null;
  const details = creditNoteDetails(order, invoice);
  if (!details) return null;
  const { number, numbered } = await numberDocument(trx, "CN", now);
  const row = await trx
    .insertInto("credit_notes")
    .values({ order_id: order.order_id, note_number: number, ...numbered, details: JSON.stringify(details) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return storedCreditNote(row);
}
