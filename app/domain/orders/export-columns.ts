import type { OrderRow } from "./table";
import { netProfitPaise } from "./profit";

/**
 * The orders export's columns (docs/product.md, Orders list → Export): the
 * spec's fourteen first, in their order, then what a bank statement is matched
 * against. Each cell says what it holds, so the CSV writes numbers a
 * spreadsheet can sum and the .xlsx writes typed cells (numbers with a ₹
 * format, dates as dates).
 */

export type ExportCell =
  | { kind: "text"; value: string | null }
  /** Rupees from the server's own integers, signed. */
  | { kind: "money"; paise: number | null }
  | { kind: "count"; value: number }
  /** An instant, written as IST wall-clock time. */
  | { kind: "date"; ms: number | null }
  /** The buyer's phone: its 10 digits when it is an Indian mobile as stored, else text. */
  | { kind: "phone"; value: string | null }
  /** An amount as a panel sent it ("0.7884", in the panel's currency): a number when it is one, else text. */
  | { kind: "decimal"; value: string | null };

/** Only what the file holds, so each batch read is small. */
export const EXPORT_COLUMNS = [
  "id",
  "order_id",
  "customer_name",
  "customer_phone",
  "service_type",
  "target",
  "quantity",
  "price_paise",
  "listed_price_paise",
  "profit_paise",
  "status",
  "created_at",
  "panel_order_id",
  "panel_status",
  "panel_charge",
  "panel_currency",
  "utr",
  "paid_at",
  "paid_by",
  "refund_due_paise",
  "refund_compensation_paise",
  "refunded_at",
  "refund_reference",
  "plan_name",
  "payment_received_paise",
  "receiving_upi_id",
  "coupon_code",
  "discount_paise",
] as const;
export type ExportOrder = Pick<OrderRow, (typeof EXPORT_COLUMNS)[number]>;

const text = (value: string | null | undefined): ExportCell => ({ kind: "text", value: value ?? null });
const money = (paise: number | null): ExportCell => ({ kind: "money", paise });

/** Where the payment's confirmation came from, from `paid_by` ("operator:<name>" or a name, "bank-alert:<source>", "gateway:<name>"). */
export function paymentSource(order: Pick<OrderRow, "paid_by" | "paid_at">): string | null {
  if (order.paid_at === null || !order.paid_by) return null;
  const [kind, ...rest] = order.paid_by.split(":");
  const who = rest.join(":");
  const named = (label: string) => (who ? `${label} (${who})` : label);
  if (kind === "bank-alert") return named("Bank alert");
  if (kind === "gateway") return named("Gateway");
  // Orders confirmed before the lifecycle say "operator" alone (migration 0010).
  if (kind === "operator") return named("Operator");
  // The operator's confirmation carries their name alone.
  return `Operator (${order.paid_by})`;
}

const refunded = (o: ExportOrder) => o.refunded_at !== null;

export const EXPORT_TABLE: readonly { header: string; cell: (o: ExportOrder) => ExportCell }[] = [
  // The spec's columns, in its order.
  { header: "Order ID", cell: (o) => text(o.order_id) },
  { header: "Customer Name", cell: (o) => text(o.customer_name) },
  { header: "Phone Number", cell: (o) => ({ kind: "phone", value: o.customer_phone }) },
  { header: "Service Type", cell: (o) => text(o.service_type) },
  { header: "Target", cell: (o) => text(o.target) },
  { header: "Quantity", cell: (o) => ({ kind: "count", value: o.quantity }) },
  { header: "Price (₹)", cell: (o) => money(o.price_paise) },
  // One definition of profit everywhere: price − panel charge − refund (profit.ts).
  { header: "Profit (₹)", cell: (o) => money(netProfitPaise(o)) },
  { header: "Status", cell: (o) => text(o.status) },
  { header: "Created At", cell: (o) => ({ kind: "date", ms: o.created_at }) },
  { header: "SMM Panel Order ID", cell: (o) => text(o.panel_order_id) },
  { header: "SMM Panel Status", cell: (o) => text(o.panel_status) },
  { header: "SMM Panel Charge", cell: (o) => ({ kind: "decimal", value: o.panel_charge }) },
  { header: "SMM Panel Currency", cell: (o) => text(o.panel_currency) },
  // What a bank statement is matched against.
  { header: "UTR", cell: (o) => text(o.utr) },
  // What the credit that paid it said (a rounded or assigned payment may differ from the price).
  {
    header: "Paid Amount (₹)",
    cell: (o) => money(o.paid_at === null ? null : (o.payment_received_paise ?? o.price_paise)),
  },
  { header: "Paid At", cell: (o) => ({ kind: "date", ms: o.paid_at }) },
  { header: "Listed Price (₹)", cell: (o) => money(o.listed_price_paise) },
  { header: "Refund Due (₹)", cell: (o) => money(refunded(o) ? null : o.refund_due_paise) },
  { header: "Refunded (₹)", cell: (o) => money(refunded(o) ? o.refund_due_paise : null) },
  { header: "Refund Reference", cell: (o) => text(o.refund_reference) },
  { header: "Plan Name", cell: (o) => text(o.plan_name) },
  { header: "Payment Source", cell: (o) => text(paymentSource(o)) },
  // Received less asked: a surplus owed back to the buyer (positive) or a shortfall (negative); empty when equal.
  { header: "Over / Short (₹)", cell: (o) => money(difference(o)) },
  { header: "Paid To (UPI ID)", cell: (o) => text(o.receiving_upi_id) },
  // Inside the refund above: the cancellation fee the shop paid the buyer because it cancelled.
  { header: "Cancellation Compensation (₹)", cell: (o) => money(o.refund_compensation_paise) },
  // The coupon it was bought with, and what it took off the plan's price (Price above is after it).
  { header: "Coupon Code", cell: (o) => text(o.coupon_code) },
  { header: "Discount (₹)", cell: (o) => money(o.discount_paise === 0 ? null : o.discount_paise) },
];

function difference(o: ExportOrder): number | null {
  if (o.paid_at === null || o.payment_received_paise === null) return null;
  const paise = o.payment_received_paise - o.price_paise;
  return paise === 0 ? null : paise;
}

export const EXPORT_HEADERS = EXPORT_TABLE.map((c) => c.header);

export function exportCells(order: ExportOrder): ExportCell[] {
  return EXPORT_TABLE.map((c) => c.cell(order));
}

/** "+919812345678" → "9812345678"; anything else (an old or odd value) is left as it is. */
export function nationalDigits(value: string): string {
  const match = /^\+91(\d{10})$/.exec(value);
  return match ? match[1]! : value;
}
