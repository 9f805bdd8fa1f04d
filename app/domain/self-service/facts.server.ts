import type { DB } from "~/db/database.server";
import { type DefaultServices, chosenServiceId, orderChoice } from "~/domain/panel/service-choice";
import { serviceCapabilities } from "~/domain/panel/services.server";
import type { OrderRow } from "~/domain/orders/table";
import { buyerRequestsSince, cancelUnderWay, lastRefill } from "./requests.repository.server";
import { BUYER_REQUEST_WINDOW_MS, type SelfServiceFacts } from "./rules";

/** The panel and service an order went to (its plan's, or the one its panel names for its type); "" when not set. */
export function serviceIdOf(
  setup: (DefaultServices & { panelId: number | null }) | null,
  order: Pick<OrderRow, "panel_service_id" | "service_type" | "comments" | "panel_id">,
): { panelId: number | null; serviceId: string } {
  return {
    panelId: order.panel_id ?? setup?.panelId ?? null,
    serviceId: setup ? chosenServiceId(orderChoice(order), setup) : "",
  };
}

/** Everything rules.ts needs to know about one order, read in the caller's transaction. */
export async function selfServiceFacts(
  db: DB,
  order: OrderRow,
  service: { panelId: number | null; serviceId: string },
  now: number,
): Promise<SelfServiceFacts> {
  const [capabilities, refill, cancelling, buyerRequests] = await Promise.all([
    serviceCapabilities(db, service.panelId, service.serviceId),
    lastRefill(db, order.order_id),
    cancelUnderWay(db, order.order_id, now),
    buyerRequestsSince(db, order.order_id, now - BUYER_REQUEST_WINDOW_MS),
  ]);
  return {
    status: order.status,
    paid: order.paid_at !== null,
    panelOrderId: order.panel_order_id,
    panelStatus: order.panel_status,
    refillDays: order.refill_days,
    deliveredAt: order.status === "delivered" ? (order.delivered_at ?? order.updated_at) : null,
    capabilities,
    lastRefill: refill,
    cancelUnderWay: cancelling,
    buyerRequests,
  };
}
