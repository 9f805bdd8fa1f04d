import type { AppServices } from "~/context";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { cancelBeforeDelivery } from "~/domain/self-service/cancel.server";
import { AppError, isAppError } from "~/lib/app-error";
import { refreshFromPanel } from "~/domain/fulfilment/delivery.server";
import type { OrderAction } from "~/domain/orders/order-actions";
import { deleteOrderByOperator } from "./delete-order.server";
import { forgetOrderChannels } from "~/domain/buyer-messages/privacy.server";
import { anonymiseOrder, findOrder, parseOrderId } from "~/domain/orders/orders.repository.server";
import { confirmPayment, markRefunded } from "~/domain/payments/payment.server";
import { PLACEMENT_MESSAGES, cancelOrder, loadPanelSetup, sendToPanel } from "~/domain/fulfilment/placement.server";
import { QUEUE_MESSAGES, waitingFor } from "~/domain/fulfilment/target-queue.server";
import type { OrderRow } from "~/domain/orders/table";
import type { TransitionRequest } from "~/domain/orders/transitions.server";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

export interface OrderActionResult {
  message: string;
  /** The order as it is now (absent once deleted). */
  order?: OrderRow;
}

/**
 * Runs one operator action on one order. The order pages and the JSON API both
 * come through here. State changes are audited by the transitions themselves;
 * a deletion with itself (delete-order.server.ts); the other actions (profit,
 * erase) and every refusal are audited here.
 * Throws AppError codes; the edge turns them into answers.
 */
export async function runOrderAction(
  services: Services,
  operator: { name: string; client?: RequestClient },
  rawOrderId: string,
  action: OrderAction,
  /** A further check on the locked order, for callers narrower than the order page (the Telegram button). */
  { guard }: Pick<TransitionRequest, "guard"> = {},
): Promise<OrderActionResult> {
  const orderId = parseOrderId(rawOrderId);
  if (!orderId) throw new AppError("NOT_FOUND", "Order not found");
  try {
    const result = await perform(services, operator, orderId, action, guard);
    if (!SELF_AUDITED.has(action.intent)) await audit(services, operator, orderId, action, { result: result.message });
    return result;
  } catch (error) {
    if (isAppError(error) && error.code !== "NOT_FOUND") {
      await audit(services, operator, orderId, action, { failed: error.message });
    }
    throw error;
  }
}

/** Actions whose success is recorded with the change itself: the transitions, and a deletion. */
const SELF_AUDITED = new Set<OrderAction["intent"]>([
  "confirm-payment",
  "place",
  "retry",
  "cancel",
  "mark-refunded",
  "delete",
]);

async function perform(
  services: Services,
  operator: { name: string; client?: RequestClient },
  orderId: string,
  action: OrderAction,
  guard?: TransitionRequest["guard"],
): Promise<OrderActionResult> {
  const { db } = services;
  const actor = { kind: "operator", name: operator.name } as const;
  switch (action.intent) {
    case "confirm-payment": {
      const current = await findOrder(db, orderId);
      const order = await confirmPayment(
        db,
        orderId,
        actor,
        { utrCompared: current?.utr ?? null },
        { ...operator, guard },
      );
      return { message: "Payment confirmed", order };
    }
    case "place":
    case "retry": {
      const order = await sendToPanel(services, orderId, {
        actor,
        unpaid: action.intent === "place" && action.unpaid,
        retry: action.intent === "retry",
        checkedAtPanel: action.intent === "retry" && action.checked,
        client: operator.client,
      });
      if (order.status === "queued") {
        const ahead = await waitingFor(db, order);
        return { message: QUEUE_MESSAGES.queued(ahead?.orderId ?? "another order"), order };
      }
      return placementResult(order);
    }
    case "cancel": {
      const current = await findOrder(db, orderId);
      if (current?.panel_order_id && (current.status === "sent" || current.status === "delivering")) {
        // At the panel: the buyer's claimed request, so one panel call whoever clicks, and only where the service allows it.
        const order = await cancelBeforeDelivery(services, orderId, {
          kind: "operator",
          ...operator,
          forBuyer: action.byBuyer,
        });
        return { message: PLACEMENT_MESSAGES.cancelledAtPanel, order };
      }
      return cancelOrder(services, orderId, operator.name, operator.client, action.byBuyer ? "buyer" : "shop");
    }
    case "mark-refunded": {
      const order = await markRefunded(db, orderId, operator.name, action.reference, operator);
      return { message: "Refund recorded", order };
    }
    case "update-profit": {
      const current = await findOrder(db, orderId);
      if (!current) throw new AppError("NOT_FOUND", "Order not found");
      if (!current.panel_order_id) throw new AppError("INVALID_TRANSITION", "This order has no SMM panel order id");
      if (current.profit_paise !== null) throw new AppError("INVALID_TRANSITION", "This order already has a profit");
      const order = await refreshFromPanel(db, await loadPanelSetup(services, current.panel_id), current, actor);
      return { message: PLACEMENT_MESSAGES.profitUpdated, order };
    }
    case "delete":
      return deleteOrderByOperator(services, operator, orderId, action.confirmOrderId);
    case "erase": {
      if (!(await anonymiseOrder(db, orderId, Date.now()))) throw new AppError("NOT_FOUND", "Order not found");
      // Its browsers and chat link go with the name, phone and e-mail.
      await forgetOrderChannels(db, orderId);
      return { message: "Customer name and phone erased", order: await findOrder(db, orderId) };
    }
  }
}

/** A send always ends in a state; only "sent" is a success for the person who clicked. */
function placementResult(order: OrderRow): OrderActionResult {
  if (order.status === "sent") return { message: PLACEMENT_MESSAGES.sent, order };
  const reason = order.panel_error ?? "the SMM panel did not take the order";
  if (order.status === "waiting_panel") {
    throw new AppError(
      "UPSTREAM_FAILED",
      `The SMM panel could not take it yet (${reason}). The order waits and is sent again automatically.`,
      { status: order.status },
    );
  }
  throw new AppError(order.status === "placement_unknown" ? "UPSTREAM_UNKNOWN" : "UPSTREAM_FAILED", reason, {
    status: order.status,
  });
}

async function audit(
  { db }: Services,
  operator: { name: string; client?: RequestClient },
  orderId: string,
  action: OrderAction,
  details: Record<string, unknown>,
) {
  await recordAudit(db, {
    actor: operator.name,
    action: `order.${action.intent}`,
    targetType: "order",
    targetId: orderId,
    details,
    client: operator.client,
  });
}
