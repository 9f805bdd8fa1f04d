import type { OrderRow } from "~/domain/orders/table";
import { GST_STATES, stateCodeOf } from "~/domain/settings/gstin";
import { type ReceiptLine, linesTotal, receiptLines } from "./lines";
import { type TaxSplit, taxSplit } from "./tax";

/**
 * A paid order's receipt, as the buyer's page and the PDF show it
 * (docs/receipts.md has the rule each field follows). Pure: built from the
 * order, the shop's settings, and its tax invoice when it has one.
 */

/** SAC 998361, advertising services (heading 9983, 18%): docs/receipts.md says why. */
export const SERVICE_SAC = "998361";

/** Who issued a tax document and where it was supplied: the same on an invoice and on its credit note. */
export interface SupplyFacts {
  legalName: string;
  address: string;
  gstin: string;
  /** The supplier's State code (the GSTIN's first two digits). */
  supplierState: string;
  /** The place of supply's State code. */
  placeOfSupply: string;
  /**
   * The buyer's State code as they gave it at checkout (rule 46(f)'s proviso for online services): the
   * address on record, so the place of supply. Absent on documents of orders placed without it.
   */
  recipientState?: string;
  sac: string;
  tax: TaxSplit;
}

/** What a tax invoice says, fixed when it is issued (kept as JSON in tax_invoices.details). */
export interface TaxInvoiceDetails extends SupplyFacts {
  lines: ReceiptLine[];
}

export interface TaxInvoice {
  number: string;
  issuedAt: number;
  details: TaxInvoiceDetails;
}

/**
 * What a credit note says (CGST Rules 2017, rule 53(1A)), fixed when it is issued (credit_notes.details):
 * the supplier as on the invoice, the invoice it reduces, and the value and tax (`tax`) credited to the buyer.
 */
export interface CreditNoteDetails extends SupplyFacts {
  /** The invoice it refers to, by number and date (rule 53(1A)(g)). */
  invoiceNumber: string;
  invoiceIssuedAt: number;
  /** The amount credited, tax included; the tax in it split as the invoice's was. */
  creditedPaise: number;
}

export interface CreditNote {
  number: string;
  issuedAt: number;
  details: CreditNoteDetails;
}

export interface ShopFacts {
  brandName: string;
  address: string;
  supportEmail: string;
  supportPhone: string;
  grievanceOfficerName: string;
  grievanceOfficerDesignation: string;
  grievanceOfficerContact: string;
}

export interface Receipt {
  shop: ShopFacts;
  orderId: string;
  serviceType: OrderRow["service_type"];
  target: string;
  lines: ReceiptLine[];
  totalPaise: number;
  paymentReference: string | null;
  paidAt: number;
  /** Null: a plain receipt (the shop had no GSTIN when the order was paid). */
  invoice: TaxInvoice | null;
  /**
   * The buyer as the invoice names them (rule 46(f)): their name, billing address and PIN code from the
   * order (null once erased), and the State the invoice was issued with. Null: the invoice names no buyer.
   */
  recipient: Recipient | null;
  /** The credit note of a refunded invoiced order (rule 53); null: none. */
  creditNote: CreditNote | null;
}

export interface Recipient {
  name: string | null;
  address: string | null;
  pin: string | null;
  state: string;
}

export type PaidOrder = OrderRow & { paid_at: number };

/**
 * The place of supply for a buyer who is not registered (IGST Act 2017, section 12(2)(b)): the buyer's
 * State when the order has it on record (asked at checkout, which rule 46(f)'s proviso deems the address
 * on record), and the supplier's own location otherwise.
 */
export function placeOfSupply(supplierGstin: string, buyerState: string | null = null): string {
  return buyerState ?? stateCodeOf(supplierGstin);
}

/** What an invoice issued now for this order says. */
export function invoiceDetails(
  order: PaidOrder,
  supplier: { gstin: string; legalName: string; address: string },
): TaxInvoiceDetails {
  const lines = receiptLines(order);
  const supplierState = stateCodeOf(supplier.gstin);
  const place = placeOfSupply(supplier.gstin, order.billing_state);
  return {
    ...supplier,
    supplierState,
    placeOfSupply: place,
    ...(order.billing_state ? { recipientState: order.billing_state } : {}),
    sac: SERVICE_SAC,
    lines,
    tax: taxSplit(linesTotal(lines), place === supplierState),
  };
}

export function buildReceipt(
  order: PaidOrder,
  shop: ShopFacts,
  invoice: TaxInvoice | null,
  creditNote: CreditNote | null = null,
): Receipt {
  // An invoice's lines are the ones it was issued with; a plain receipt's are the order's.
  const lines = invoice ? invoice.details.lines : receiptLines(order);
  const recipientState = invoice?.details.recipientState;
  return {
    shop: invoice ? { ...shop, address: invoice.details.address } : shop,
    orderId: order.order_id,
    serviceType: order.service_type,
    target: order.target,
    lines,
    totalPaise: linesTotal(lines),
    paymentReference: order.utr,
    paidAt: order.paid_at,
    invoice,
    recipient: recipientState
      ? {
          name: order.customer_name,
          address: order.billing_address,
          pin: order.billing_pin,
          state: recipientState,
        }
      : null,
    creditNote: invoice ? creditNote : null,
  };
}

/** "07 Delhi": a State's code and name, as rule 46 asks the place of supply to be named. */
export function stateLabel(code: string): string {
  return `${code} ${GST_STATES[code] ?? ""}`.trim();
}
