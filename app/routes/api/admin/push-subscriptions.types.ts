import { z } from "zod";
import { pushSubscriptionRequest, pushUnsubscribeRequest } from "~/domain/operator-alerts/push-subscription";
import { defineEndpoint, okResponse, postEndpoint } from "~/lib/api-contract";

/**
 * /api/admin/push-subscriptions: this device's Web Push subscription for
 * operator alerts. POST adds it (201), DELETE removes it (404 when it was not
 * subscribed). Both answer with what the operator is shown.
 */
export const pushSubscriptionResponse = okResponse({ message: z.string() });

export const pushSubscribeEndpoint = postEndpoint(
  "/api/admin/push-subscriptions",
  pushSubscriptionRequest,
  pushSubscriptionResponse,
);

export const pushUnsubscribeEndpoint = defineEndpoint({
  method: "DELETE",
  path: () => "/api/admin/push-subscriptions",
  request: pushUnsubscribeRequest,
  response: pushSubscriptionResponse,
});
