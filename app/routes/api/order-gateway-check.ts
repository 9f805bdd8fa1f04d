import type { Route } from "./+types/order-gateway-check";
import { servicesContext } from "~/context";
import { parseOrderId } from "~/domain/orders/orders.repository.server";
import { checkAfterHandler } from "~/domain/payments/gateways/gateway-checkout.server";
import { apiError, apiReply, noStore, privateReply } from "~/lib/server/api.server";
import { parseJson } from "~/lib/server/parse.server";
import { gatewayCheckRequest, gatewayCheckResponse } from "./order-gateway.types";

export function loader() {
  return noStore(apiError(405, "Use POST after paying online"));
}

/** The gateway checkout's handler fired: check its signature, then ask the gateway. Confirms only what the gateway says. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, "Use POST after paying online"));
  const orderId = parseOrderId(params.orderId);
  if (!orderId) return noStore(apiError(404, "Order not found"));
  return privateReply(async () => {
    const body = await parseJson(request, gatewayCheckRequest);
    const services = context.get(servicesContext);
    return apiReply(
      gatewayCheckResponse,
      await checkAfterHandler(services, orderId, {
        gatewayOrderId: body.razorpay_order_id,
        paymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      }),
    );
  });
}
