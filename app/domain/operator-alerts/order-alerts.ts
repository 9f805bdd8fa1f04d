import { istDate } from "~/lib/ist-time";
import type { TransitionName } from "~/domain/orders/lifecycle";
import type { OrderRow } from "~/domain/orders/table";
import { WAIT_ADVICE, type WaitReason, isWaitReason } from "~/domain/panel/failures";
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
  placementDeferred: "placement_problem",
  placementUnknown: "placement_problem",
  partiallyDelivered: "panel_stopped",
  deliveryFailed: "panel_stopped",
  refundDue: "refund_due",
  cancelBeforeDelivery: "refund_due",
};

const WAIT_TITLES: Record<Exclude<WaitReason, "funds">, (panel: string) => string> = {
  busy: (panel) => `${panel} asked the shop to wait`,
  down: (panel) => `${panel} is not answering`,
  address: (panel) => `${panel}'s URL does not answer as a panel API`,
  account: (panel) => `${panel} refuses the shop's API key`,
};

/** The transitions whose alert names the order's panel (the subscriber looks its name up for these only). */
export function alertNamesPanel(name: TransitionName): boolean {
  return ["placementFailed", "placementDeferred", "placementUnknown", "partiallyDelivered", "deliveryFailed"].includes(
    name,
  );
}

/**
 * `panelName`: the panel the order is at (ADR 0026: "top up your balance at
 * <panel>"); null when unknown, and the alert says "the SMM panel".
 */
export function orderAlertFor(
  name: TransitionName,
  order: OrderRow,
  now: number,
  panelName: string | null = null,
): QueuedAlert | null {
  const event = EVENT_OF[name];
  if (!event) return null;
  const panel = panelName ?? "the SMM panel";
  const Panel = panelName ?? "The SMM panel";
  const id = order.order_id;
  const what = `${order.plan_name} (${order.quantity} ${order.service_type}) for ${order.target}`;
  const queued = (eventKey: string, title: string, lines: string[], more?: Pick<AlertFacts, "confirmable">) => ({
    event,
    eventKey,
    facts: { orderId: id, path: `/admin/orders/${id}`, title, lines, ...more },
  });
  switch (name) {
    case "claimPayment":
      return queued(
        `payment_claimed:${id}`,
        `Payment to confirm: ${formatInr(order.price_paise)} for order ${id}`,
        [what, `UTR given by the buyer: ${order.utr ?? "none"}`],
        { confirmable: true },
      );
    case "placementFailed":
    case "placementUnknown":
      return queued(
        `${name}:${id}:${now}`,
        name === "placementFailed"
          ? `${Panel} refused order ${id}`
          : `Order ${id}: ${panel}'s answer never came (check ${panel})`,
        [
          what,
          ...(order.panel_error ? [`Panel: ${order.panel_error}`] : []),
          name === "placementFailed"
            ? "Fix the cause and send it again from the order's page, or cancel it to refund the buyer."
            : `Look for it in ${panel}'s order list before sending it again.`,
        ],
      );
    case "placementDeferred": {
      const reason: WaitReason = isWaitReason(order.panel_wait_reason) ? order.panel_wait_reason : "down";
      // Once per order and cause (the job's retries do not repeat it); a top-up is asked for once a day per panel.
      return queued(
        reason === "funds"
          ? `panel_funds:${istDate(now)}${order.panel_id !== null ? `:${order.panel_id}` : ""}`
          : `placementDeferred:${id}:${reason}`,
        reason === "funds"
          ? panelName
            ? `Top up your balance at ${panelName}: order ${id} waits for it`
            : `Top up your SMM panel balance: order ${id} waits for it`
          : `Order ${id} waits: ${WAIT_TITLES[reason](panel)}`,
        [what, ...(order.panel_error ? [`Panel: ${order.panel_error}`] : []), WAIT_ADVICE[reason]],
      );
    }
    case "partiallyDelivered":
    case "deliveryFailed":
      return queued(
        `${name}:${id}:${now}`,
        name === "partiallyDelivered"
          ? `Order ${id} was only partly delivered by ${panel}`
          : `${Panel} cancelled order ${id}`,
        [what, ...(order.panel_remains !== null ? [`Not delivered: ${order.panel_remains}`] : [])],
      );
    case "refundDue":
    case "cancelBeforeDelivery":
      // No buyer phone or name: the outbox outlives the retention period that erases them from the order.
      return queued(
        `refund_due:${id}:${now}`,
        `Refund due: ${formatInr(order.refund_due_paise ?? 0)} for order ${id}`,
        [what, "Pay it back to the buyer and mark the order refunded."],
      );
    default:
      return null;
  }
}
