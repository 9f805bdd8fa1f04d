import type { OrderRow } from "~/domain/orders/table";
import type { CreditNoteDetails, TaxInvoice } from "./receipt";
import { linesTotal } from "./lines";
import { taxSplit } from "./tax";

/**
 * A credit note for a refund of an invoiced order (CGST Act 2017, section 34; CGST Rules 2017, rule
 * 53(1A); docs/receipts.md, "Credit notes"). Pure: what the note says, from the invoice it refers to and
 * the refund the order records. credit-notes.server.ts numbers and keeps it.
 */

/**
 * The taxable supply a refund takes back: the share of the price not delivered, less any cancellation fee
 * the shop kept. The compensation the shop pays on top when it cancelled (refund_compensation_paise) is not
 * a reduction of the price the invoice charged, so it is not credited; nor is more than the invoice's total.
 */
export function creditedPaise(
  order: Pick<OrderRow, "refund_due_paise" | "refund_compensation_paise">,
  invoiceTotalPaise: number,
): number {
  const refund = (order.refund_due_paise ?? 0) - (order.refund_compensation_paise ?? 0);
  return Math.max(0, Math.min(refund, invoiceTotalPaise));
}

/** What a credit note issued now says; null when the refund takes back nothing of the invoice. */
export function creditNoteDetails(
  order: Pick<OrderRow, "refund_due_paise" | "refund_compensation_paise">,
  invoice: TaxInvoice,
): CreditNoteDetails | null {
  const { lines, ...supply } = invoice.details;
  const credited = creditedPaise(order, linesTotal(lines));
  if (credited === 0) return null;
  return {
    ...supply,
    invoiceNumber: invoice.number,
    invoiceIssuedAt: invoice.issuedAt,
    creditedPaise: credited,
    // The same split as the invoice: the tax credited is the tax the invoice charged on that part.
    tax: taxSplit(credited, supply.tax.intraState, supply.tax.ratePercent),
  };
}
