import type { TransitionName } from "~/domain/orders/lifecycle";
import type { OrderRow } from "~/domain/orders/table";
import { formatInr } from "~/lib/money";
import type { AlertEvent, AlertFacts } from "./events";

/**
 * Which order transitions the operator hears about, and what the alert says.
 * Pure, so the lifecycle's one status writer only asks and queues.
 */

export interface QueuedAlert {
  event: AlertEvent;
  /** Unique per happening: an order's payment is claimed once; a placement may fail again after a retry. */
  eventKey: string;
  facts: AlertFacts;
}

const EVENT_OF: Partial<Record<TransitionName, AlertEvent>> = {
  claimPayment: "payment_claimed",
  placementFailed: "placement_problem",
  placementUnknown: "placement_problem",
  partiallyDelivered: "panel_stopped",
  deliveryFailed: "panel_stopped",
  refundDue: "refund_due",
  cancelBeforeDelivery: "refund_due",
};

export function orderAlertFor(name: TransitionName, order: OrderRow, now: number): QueuedAlert | null {
  const event = EVENT_OF[name];
  if (!event) return null;
  const id = order.order_id;
  const what = `${order.plan_name} (${order.quantity} ${order.service_type}) for ${order.target}`;
  const base = { orderId: id, path: `/admin/orders/${id}` };
  switch (name) {
    case "claimPayment":
      return {
        event,
        eventKey: `payment_claimed:${id}`,
        facts: {
          ...base,
          title: `Payment to confirm: ${formatInr(order.price_paise)} for order ${id}`,
          lines: [what, `UTR given by the buyer: ${order.utr ?? "none"}`],
          confirmable: true,
        },
      };
    case "placementFailed":
    case "placementUnknown":
      return {
        event,
        eventKey: `${name}:${id}:${now}`,
        facts: {
          ...base,
          title:
            name === "placementFailed"
              ? `The panel refused order ${id}`
              : `Order ${id}: the panel's answer never came (check the panel)`,
          lines: [what, ...(order.panel_error ? [`Panel: ${order.panel_error}`] : [])],
        },
      };
    case "partiallyDelivered":
    case "deliveryFailed":
      return {
        event,
        eventKey: `${name}:${id}:${now}`,
        facts: {
          ...base,
          title:
            name === "partiallyDelivered"
              ? `Order ${id} was only partly delivered by the panel`
              : `The panel cancelled order ${id}`,
          lines: [what, ...(order.panel_remains !== null ? [`Not delivered: ${order.panel_remains}`] : [])],
        },
      };
    case "refundDue":
    case "cancelBeforeDelivery":
      return {
        event,
        eventKey: `refund_due:${id}:${now}`,
        facts: {
          ...base,
          title: `Refund due: ${formatInr(order.refund_due_paise ?? 0)} for order ${id}`,
          // No buyer phone or name: the outbox outlives the retention period that erases them from the order.
          lines: [what, "Pay it back to the buyer and mark the order refunded."],
        },
      };
    default:
      return null;
  }
}
