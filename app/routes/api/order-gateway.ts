import type { Route } from "./+types/order-gateway";
import { servicesContext } from "~/context";
import { parseOrderId } from "~/domain/orders/orders.repository.server";
import { startGatewayCheckout } from "~/domain/payments/gateways/gateway-checkout.server";
import { apiError, apiReply, noStore, privateReply } from "~/lib/server/api.server";
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
  return privateReply(async () => {
    await readNoBody(request);
    return apiReply(orderGatewayResponse, await startGatewayCheckout(context.get(servicesContext), orderId));
  });
}
