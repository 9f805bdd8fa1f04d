import type { Route } from "./+types/order-notifications";
import { servicesContext } from "~/context";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { NOTIFY_MESSAGES, subscribeBuyer, unsubscribeBuyer } from "~/domain/buyer-messages/push.server";
import { createRateLimiter, takeOrRefuse } from "~/lib/server/rate-limit";
import { parseOrderId } from "~/domain/orders/orders.repository.server";
import { TRACK_MESSAGES } from "~/domain/orders/order-messages";
import { apiError, apiFailure, apiHandle, apiReply, noStore } from "~/lib/server/api.server";
import { parseJson } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";
import { orderNotifyRequest, orderNotifyResponse, orderUnnotifyRequest } from "./order-notifications.types";

// The order id and phone are proof of the order, as on /track: the same limit keeps it from being an oracle.
const attempts = createRateLimiter(30);

export function loader() {
  return noStore(apiError(405, "Use POST to get this order's notifications, DELETE to stop them"));
}

/** "Notify me" for one order in this browser (docs/buyer-messages.md): POST turns it on, DELETE off. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const orderId = parseOrderId(params.orderId);
  if (!orderId) return noStore(apiError(404, NOTIFY_MESSAGES.noMatch));
  const limited = takeOrRefuse(attempts, request.headers.get(CLIENT_IP_HEADER) ?? "", TRACK_MESSAGES.tooMany);
  if (limited) return noStore(apiFailure(limited));
  const { db } = context.get(servicesContext);
  const client = requestClient(request);
  if (request.method === "POST") {
    const input = await parseJson(request, orderNotifyRequest);
    return noStore(
      await apiHandle(async () => {
        await subscribeBuyer(db, { orderId, phone: input.phone, subscription: input.subscription }, client);
        return apiReply(orderNotifyResponse, { message: NOTIFY_MESSAGES.on }, { status: 201 });
      }),
    );
  }
  if (request.method === "DELETE") {
    const input = await parseJson(request, orderUnnotifyRequest);
    return noStore(
      await apiHandle(async () => {
        await unsubscribeBuyer(db, { orderId, phone: input.phone, endpoint: input.endpoint }, client);
        return apiReply(orderNotifyResponse, { message: NOTIFY_MESSAGES.off });
      }),
    );
  }
  return noStore(apiError(405, "Use POST to get this order's notifications, DELETE to stop them"));
}
