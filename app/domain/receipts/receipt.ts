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

/** What a tax invoice says, fixed when it is issued (kept as JSON in tax_invoices.details). */
export interface TaxInvoiceDetails {
  legalName: string;
  address: string;
  gstin: string;
  /** The supplier's State code (the GSTIN's first two digits). */
  supplierState: string;
  /** The place of supply's State code. */
  placeOfSupply: string;
  sac: string;
  lines: ReceiptLine[];
  tax: TaxSplit;
}

export interface TaxInvoice {
  number: string;
  issuedAt: number;
  details: TaxInvoiceDetails;
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
}

export type PaidOrder = OrderRow & { paid_at: number };

/**
 * The place of supply for a buyer who is not registered and whose address the shop does not keep: the
 * supplier's own location (IGST Act 2017, section 12(2)(b)(ii)), so the supply is within its State.
 */
export function placeOfSupply(supplierGstin: string): string {
  return stateCodeOf(supplierGstin);
}

/** What an invoice issued now for this order says. */
export function invoiceDetails(
  order: PaidOrder,
  supplier: { gstin: string; legalName: string; address: string },
): TaxInvoiceDetails {
  const lines = receiptLines(order);
  const supplierState = stateCodeOf(supplier.gstin);
  const place = placeOfSupply(supplier.gstin);
  return {
    ...supplier,
    supplierState,
    placeOfSupply: place,
    sac: SERVICE_SAC,
    lines,
    tax: taxSplit(linesTotal(lines), place === supplierState),
  };
}

export function buildReceipt(order: PaidOrder, shop: ShopFacts, invoice: TaxInvoice | null): Receipt {
  // An invoice's lines are the ones it was issued with; a plain receipt's are the order's.
  const lines = invoice ? invoice.details.lines : receiptLines(order);
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
  };
}

/** "07 Delhi": a State's code and name, as rule 46 asks the place of supply to be named. */
export function stateLabel(code: string): string {
  return `${code} ${GST_STATES[code] ?? ""}`.trim();
}
