import type { OrderStatus } from "~/domain/orders/lifecycle";
import { type ApiError, apiCall } from "~/lib/client/api-client";
import { orderStatusEndpoint } from "~/routes/api/order-status.types";
import { orderUtrEndpoint } from "~/routes/api/order-utr.types";
import { type GatewayCheckRequest, gatewayCheckEndpoint, orderGatewayEndpoint } from "~/routes/api/order-gateway.types";

/** The order's status from the light status endpoint; null when it could not be read (the next poll tries again). */
export async function fetchOrderStatus(orderId: string): Promise<OrderStatus | null> {
  const reply = await apiCall(orderStatusEndpoint, { params: { orderId } });
  return reply.ok ? reply.data.status : null;
}

/** "I have paid": sends the buyer's UTR. Null when the server took it, else the message to show. */
export async function sendUtr(orderId: string, utr: string): Promise<ApiError | null> {
  const reply = await apiCall(orderUtrEndpoint, { params: { orderId }, body: { utr } });
  return reply.ok ? null : reply.error;
}

/** "Pay with Razorpay": the gateway order for this shop order (made once by the server, at its price). */
export async function startGatewayPayment(orderId: string) {
  return apiCall(orderGatewayEndpoint, { params: { orderId } });
}

/** The gateway checkout's handler fired: the server checks its signature and asks the gateway. */
export async function reportGatewayPayment(orderId: string, response: GatewayCheckRequest) {
  return apiCall(gatewayCheckEndpoint, { params: { orderId }, body: response });
}
