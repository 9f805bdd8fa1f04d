import { z } from "zod";
import { pushSubscriptionRequest } from "~/domain/operator-alerts/push-subscription";
import { defineEndpoint, okResponse } from "~/lib/api-contract";

/**
 * /api/orders/:orderId/notifications: "Notify me" on the checkout and /track
 * (docs/buyer-messages.md). POST subscribes this browser to the order's
 * updates, DELETE stops them; both need the order's phone, as /track does.
 */
const phone = z.string().trim().min(1, "Please enter your phone number").max(40);

export const orderNotifyRequest = z.object({ phone, subscription: pushSubscriptionRequest });
export const orderUnnotifyRequest = z.object({ phone, endpoint: z.string().max(1_000) });

export const orderNotifyResponse = okResponse({ message: z.string() });

export const orderNotifyEndpoint = defineEndpoint({
  method: "POST",
  path: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/notifications`,
  request: orderNotifyRequest,
  response: orderNotifyResponse,
});

export const orderUnnotifyEndpoint = defineEndpoint({
  method: "DELETE",
  path: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/notifications`,
  request: orderUnnotifyRequest,
  response: orderNotifyResponse,
});
