import type { Route } from "./+types/order-gateway";
import { servicesContext } from "~/context";
import { parseOrderId } from "~/domain/orders/orders.repository.server";
import { startGatewayCheckout } from "~/domain/payments/gateways/gateway-checkout.server";
import { apiError, apiHandle, apiReply, noStore } from "~/lib/server/api.server";
import { readNoBody } from "~/lib/server/parse.server";
import { orderGatewayResponse } from "./order-gateway.types";

export function loader() {
  return noStore(apiError(405, "Use POST to pay online"));
}

/** "Pay with Razorpay": the gateway order for this shop order, at the shop's price (no amount is read from the request). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, "Use POST to pay online"));
  const orderId = parseOrderId(params.orderId);
  if (!orderId) return noStore(apiError(404, "Order not found"));
  try {
    await readNoBody(request);
  } catch (refused) {
    if (refused instanceof Response) return noStore(refused);
    throw refused;
  }
  const services = context.get(servicesContext);
  return noStore(
    await apiHandle(async () => apiReply(orderGatewayResponse, await startGatewayCheckout(services, orderId))),
  );
}
