import type { OrderStatus, TransitionName } from "~/domain/orders/lifecycle";
import type { OrderRow } from "~/domain/orders/table";
import { istDateTime } from "~/lib/ist-time";
import { formatCount, formatInr } from "~/lib/money";
import enService from "~/locales/en/service";
import hiService from "~/locales/hi/service";
import { type BuyerEvent, type BuyerFacts, type RefundDueVariant, buyerLocale } from "./events";

/**
 * Which changes of an order the buyer hears about, and the values their words
 * fill in (docs/buyer-messages.md). Pure, so the listener on the status writer
 * (app/domain/order-events/subscribers.server.ts) only asks and queues. Each
 * update has one key per order (a refill's per refill): the same key is never
 * queued twice on a channel.
 */

export interface BuyerUpdate {
  eventKey: string;
  facts: BuyerFacts;
}

/** The event a transition tells the buyer of; null: nothing to tell. */
function eventOf(name: TransitionName, from: OrderStatus, order: OrderRow): BuyerEvent | null {
  switch (name) {
    case "confirmPayment":
      // A payment seen after the window closed (or after the operator had closed the order) is a late one:
      // confirmed on an expired or cancelled order, or on a UTR the buyer gave once the window had closed.
      return from === "expired" ||
        from === "cancelled" ||
        (order.utr_submitted_at !== null && order.utr_submitted_at > order.payment_deadline_at)
        ? "late_payment_accepted"
        : "payment_confirmed";
    case "deliveryStarted":
      return "delivery_started";
    case "delivered":
      return "delivered";
    case "refundDue":
    case "cancelBeforeDelivery":
      return "refund_due";
    case "refunded":
      return "refund_sent";
    case "expire":
      return "unpaid_expired";
    default:
      return null;
  }
}

function variantOf(name: TransitionName, from: OrderStatus, order: OrderRow): RefundDueVariant {
  if (order.cancelled_by === "buyer") return "cancelled";
  if (name === "refundDue" && from === "partial") return "partial";
  return "failed";
}

/** The values an order's message fills in, formatted in the buyer's language. No name, phone or e-mail. */
export function orderValues(order: OrderRow): Record<string, string> {
  const locale = buyerLocale(order.locale);
  const service = (locale === "hi" ? hiService : enService)[order.service_type].noun;
  const delivered = order.panel_remains === null ? null : Math.max(0, order.quantity - order.panel_remains);
  const values: Record<string, string> = {
    orderId: order.order_id,
    plan: order.plan_name,
    amount: formatInr(order.price_paise, locale),
    quantity: formatCount(order.quantity, locale),
    service: locale === "en" ? service.toLowerCase() : service,
    target: order.target,
  };
  if (delivered !== null) values.delivered = formatCount(delivered, locale);
  if (order.refund_due_paise !== null) values.refund = formatInr(order.refund_due_paise, locale);
  if (order.refund_fee_paise !== null) values.fee = formatInr(order.refund_fee_paise, locale);
  if (order.paid_at !== null) values.paidAt = istDateTime(order.paid_at);
  if (order.utr) values.reference = order.utr;
  return values;
}

export function buyerUpdateFor(name: TransitionName, from: OrderStatus, order: OrderRow): BuyerUpdate | null {
  const event = eventOf(name, from, order);
  if (!event) return null;
  // The buyer hears about money they paid: a refund or a delivery of an order the operator sent unpaid is the
  // operator's to explain.
  if (event !== "unpaid_expired" && order.paid_at === null) return null;
  const values = orderValues(order);
  if (event === "refund_sent") values.reference = order.refund_reference ?? "";
  return {
    eventKey: `buyer:${event}:${order.order_id}`,
    facts: {
      event,
      locale: buyerLocale(order.locale),
      orderId: order.order_id,
      ...(event === "refund_due" ? { variant: variantOf(name, from, order) } : {}),
      values,
    },
  };
}

/** A refill the panel took (started) or finished (done): once per refill request. */
export function refillUpdateFor(kind: "started" | "done", order: OrderRow, requestId: number): BuyerUpdate {
  const event: BuyerEvent = kind === "started" ? "refill_started" : "refill_done";
  return {
    eventKey: `buyer:${event}:${order.order_id}:${requestId}`,
    facts: { event, locale: buyerLocale(order.locale), orderId: order.order_id, values: orderValues(order) },
  };
}

/** A complaint the buyer made (issue 51): its ticket number, once per ticket, on the order's update channels. */
export function complaintUpdateFor(ticket: string, order: OrderRow): BuyerUpdate {
  return {
    eventKey: `buyer:complaint_opened:${ticket}`,
    facts: {
      event: "complaint_opened",
      locale: buyerLocale(order.locale),
      orderId: order.order_id,
      values: { ...orderValues(order), ticket },
    },
  };
}
