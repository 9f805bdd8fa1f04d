import type { Route } from "./+types/push-subscriptions";
import { servicesContext } from "~/context";
import { pushSubscriptionRequest, pushUnsubscribeRequest } from "~/domain/operator-alerts/push-subscription";
import { addPushSubscription, removePushSubscription } from "~/domain/operator-alerts/push-subscriptions.server";
import { requireAdmin } from "~/domain/auth/guard.server";
import { apiError, apiReply } from "~/lib/server/api.server";
import { parseJson } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";
import { pushSubscriptionResponse } from "./push-subscriptions.types";

export function loader() {
  return apiError(405, "Use POST to subscribe this device, DELETE to unsubscribe it");
}

/** This device's Web Push subscription for operator alerts (docs/operator-alerts.md): POST adds it, DELETE removes it. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const { db } = context.get(servicesContext);
  const operator = { name: admin.username, client: requestClient(request) };
  if (request.method === "POST") {
    const input = await parseJson(request, pushSubscriptionRequest);
    await addPushSubscription(db, operator, input, request.headers.get("user-agent") ?? "unknown device");
    return apiReply(pushSubscriptionResponse, { message: "This device will get alerts" }, { status: 201 });
  }
  if (request.method === "DELETE") {
    const input = await parseJson(request, pushUnsubscribeRequest);
    const removed = await removePushSubscription(db, operator, input.endpoint);
    return removed
      ? apiReply(pushSubscriptionResponse, { message: "This device will no longer get alerts" })
      : apiError(404, "This device was not subscribed");
  }
  return apiError(405, "Use POST to subscribe this device, DELETE to unsubscribe it");
}
