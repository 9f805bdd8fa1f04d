import { z } from "zod";
import { defineEndpoint, okResponse } from "~/lib/api-contract";

/**
 * POST /api/orders/:orderId/gateway: the gateway order to pay this shop order
 * (made once, at the order's price; the browser sends no amount), and what the
 * gateway's checkout script needs.
 */
export const orderGatewayResponse = okResponse({
  gateway: z.string(),
  keyId: z.string(),
  gatewayOrderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.literal("INR"),
  scriptUrl: z.string(),
});
export type OrderGatewayResponse = z.output<typeof orderGatewayResponse>;

export const orderGatewayEndpoint = defineEndpoint({
  method: "POST",
  path: ({ orderId }: { orderId: string }) => `/api/orders/${encodeURIComponent(orderId)}/gateway`,
  response: orderGatewayResponse,
});

/**
 * POST /api/orders/:orderId/gateway/check: the checkout's handler reports a
 * payment. Its signature is checked and the shop then asks the gateway; the
 * report alone confirms nothing.
 */
export const gatewayCheckRequest = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});
export type GatewayCheckRequest = z.input<typeof gatewayCheckRequest>;
export const gatewayCheckResponse = okResponse({ confirmed: z.boolean() });

export const gatewayCheckEndpoint = defineEndpoint({
  method: "POST",
  path: ({ orderId }: { orderId: string }) => `/api/orders/${encodeURIComponent(orderId)}/gateway/check`,
  request: gatewayCheckRequest,
  response: gatewayCheckResponse,
});
