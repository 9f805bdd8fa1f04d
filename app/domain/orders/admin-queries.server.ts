import { WAIT_ADVICE, isWaitReason } from "~/domain/panel/failures";
import { paiseToRupees } from "~/lib/money";
import { deliveredCount } from "./buyer-stage";
import { storedComments } from "./custom-comments";
import { STATUS_LABELS, isSale } from "./lifecycle";
import { actionsFor } from "./order-actions";
import { panelOrdersPage, readPanelRequest } from "~/domain/panel/panel-request";
import { netProfitPaise } from "./profit";
import type { OrderRow } from "./table";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

/** The admin's view of an order, payment and refund included, as the JSON API sends it. */
export function toAdminOrderJson(o: OrderRow) {
  const request = readPanelRequest(o.panel_request);
  const waitReason = isWaitReason(o.panel_wait_reason) ? o.panel_wait_reason : null;
  return {
    _id: String(o.id),
    orderId: o.order_id,
    serviceType: o.service_type,
    planName: o.plan_name,
    target: o.target,
    /** The buyer's own comments (a custom-comments plan), as sent to the panel; null for other orders. */
    comments: storedComments(o.comments),
    amount: o.quantity,
    price: paiseToRupees(o.price_paise),
    /** Net of refunds (profit.ts); null while the panel's charge is unknown. */
    profit: rupeesOrNull(netProfitPaise(o)),
    /** Price less the panel's charge, before refunds. */
    profitBeforeRefund: rupeesOrNull(o.profit_paise),
    listedPrice: rupeesOrNull(o.listed_price_paise),
    /** The coupon it was bought with: what it took off the plan's price (the listed price is after it). */
    coupon:
      o.coupon_code === null
        ? null
        : {
            code: o.coupon_code,
            discount: paiseToRupees(o.discount_paise),
            planPrice: paiseToRupees((o.listed_price_paise ?? o.price_paise) + o.discount_paise),
          },
    status: o.status,
    statusLabel: STATUS_LABELS[o.status],
    /** Counted as a sale on the revenue screens: deleting it asks for its id and keeps a backup. */
    sale: isSale({ status: o.status, paidAt: o.paid_at }),
    createdAt: new Date(o.created_at).toISOString(),
    customerName: o.customer_name,
    customerPhone: o.customer_phone,
    utr: o.utr,
    utrSubmittedAt: iso(o.utr_submitted_at),
    paymentDeadlineAt: iso(o.payment_deadline_at),
    payment: {
      paidAt: iso(o.paid_at),
      paidBy: o.paid_by,
      evidence: o.payment_evidence ? (JSON.parse(o.payment_evidence) as Record<string, unknown>) : null,
      /** The UPI ID the checkout showed (its receiving account). */
      upiId: o.receiving_upi_id,
      /** What the credit that paid it said; null when confirmed by hand without one. */
      received: rupeesOrNull(o.payment_received_paise),
      /** Received less asked: more is a surplus owed back to the buyer, less a shortfall. */
      difference: o.payment_received_paise === null ? null : paiseToRupees(o.payment_received_paise - o.price_paise),
      /** Whose reference `utr` is: the buyer's (they gave it), or the bank's (a credit's, written on the order). */
      utrFrom: utrFrom(o),
    },
    refund: {
      due: rupeesOrNull(o.refund_due_paise),
      fee: rupeesOrNull(o.refund_fee_paise),
      /** Paid on top because the shop cancelled: the cancellation fee borne by the shop. */
      compensation: rupeesOrNull(o.refund_compensation_paise),
      cancelledBy: o.cancelled_by,
      refundedAt: iso(o.refunded_at),
      reference: o.refund_reference,
    },
    delivered: deliveredCount(o.quantity, o.panel_remains),
    user: { name: o.customer_name, phone: o.customer_phone },
    smmPanel: {
      orderId: o.panel_order_id,
      status: o.panel_status,
      charge: o.panel_charge,
      currency: o.panel_currency,
      startCount: o.panel_start_count,
      remains: o.panel_remains,
      error: o.panel_error,
      /** `add` calls made for this order. */
      attempts: o.panel_attempts,
      /** While it waits for the panel: why, what the operator can do, and when the shop tries again. */
      wait:
        waitReason && o.status === "waiting_panel"
          ? { reason: waitReason, advice: WAIT_ADVICE[waitReason], retryAt: iso(o.panel_retry_at) }
          : null,
      /** What the last `add` sent, where and when (never the key), and the panel's own order list. */
      lastRequest: request
        ? {
            at: iso(request.at),
            url: request.url,
            service: request.service,
            link: request.link,
            quantity: request.quantity ?? null,
            runs: request.runs ?? null,
            interval: request.interval ?? null,
            comments: request.comments ?? null,
            replyOrderId: request.replyOrderId ?? null,
            ordersPage: panelOrdersPage(request.url),
          }
        : null,
    },
    actions: actionsFor({
      status: o.status,
      paid: o.paid_at !== null,
      panelOrderId: o.panel_order_id,
      hasProfit: o.profit_paise !== null,
      refunded: o.refunded_at !== null,
      delivered: deliveredCount(o.quantity, o.panel_remains),
      cancelledBy: o.cancelled_by,
    }),
  };
}

export type AdminOrderJson = ReturnType<typeof toAdminOrderJson>;

/**
 * Whose reference an order's UTR is: the buyer's when they gave it (an alert with the same one confirmed
 * it), the bank's when a credit's was written on the order (matched by amount, or assigned by the
 * operator, the buyer's own kept in the evidence as `buyerUtr`).
 */
function utrFrom(o: OrderRow): "buyer" | "bank" | null {
  if (o.utr === null) return null;
  let evidence: Record<string, unknown> = {};
  try {
    evidence = o.payment_evidence ? (JSON.parse(o.payment_evidence) as Record<string, unknown>) : {};
  } catch {
    evidence = {};
  }
  if (evidence.utr === o.utr && (o.utr_submitted_at === null || typeof evidence.buyerUtr === "string")) return "bank";
  return "buyer";
}
