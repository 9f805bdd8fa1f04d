import type { Route } from "./+types/order-utr";
import { servicesContext } from "~/context";
import { trackedOrder } from "~/domain/orders/order-tracking.server";
import { parseOrderId } from "~/domain/orders/orders.repository.server";
import { PAYMENT_MESSAGES } from "~/domain/payments/payment.server";
import { claimAndSettle } from "~/domain/payments/claim.server";
import { apiError, apiHandle, apiReply, noStore, privateReply } from "~/lib/server/api.server";
import { parseJson } from "~/lib/server/parse.server";
import { orderUtrRequest, orderUtrResponse } from "./order-utr.types";
import { requestClient } from "~/routes/request-client.server";

export function loader() {
  return noStore(apiError(405, "Use POST to submit a payment reference"));
}

export async function action(args: Route.ActionArgs) {
  return privateReply(() => submit(args));
}

/**
 * "I have paid": the buyer's 12-digit UPI reference, once per order, while the
 * order waits for payment or within the grace period after its window closed.
 */
async function submit({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to submit a payment reference");
  const orderId = parseOrderId(params.orderId);
  if (!orderId) return apiError(404, "Order not found");
  const { utr } = await parseJson(request, orderUtrRequest);
  const { db, config } = context.get(servicesContext);
  return apiHandle(async () => {
    const order = await claimAndSettle(db, orderId, utr, {
      graceSeconds: config.PAYMENT_GRACE_SECONDS,
      client: requestClient(request),
    });
    return apiReply(
      orderUtrResponse,
      { message: PAYMENT_MESSAGES.utrReceived, order: trackedOrder(order) },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}
