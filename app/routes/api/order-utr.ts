import { z } from "zod";
import type { Route } from "./+types/order-utr";
import { servicesContext } from "~/context";
import { trackedOrder } from "~/domain/orders/buyer.server";
import { parseOrderId } from "~/domain/orders/order-id";
import { PAYMENT_MESSAGES, claimPayment } from "~/domain/orders/payment.server";
import { apiError, apiHandle, apiOk, noStore, readJsonBody } from "~/lib/api.server";
import { requestClient } from "~/lib/request-client.server";

const body = z.object({ utr: z.string().max(40) });

export function loader() {
  return noStore(apiError(405, "Use POST to submit a payment reference"));
}

export async function action(args: Route.ActionArgs) {
  return noStore(await submit(args));
}

/**
 * "I have paid": the buyer's 12-digit UPI reference, once per order, while the
 * order waits for payment or within the grace period after its window closed.
 */
async function submit({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to submit a payment reference");
  const orderId = parseOrderId(params.orderId);
  if (!orderId) return apiError(404, "Order not found");
  const parsed = await readJsonBody(request, body);
  if ("error" in parsed) return parsed.error;
  const { db, config } = context.get(servicesContext);
  return apiHandle(async () => {
    const order = await claimPayment(db, orderId, parsed.data.utr, {
      graceSeconds: config.PAYMENT_GRACE_SECONDS,
      client: requestClient(request),
    });
    return apiOk(
      { message: PAYMENT_MESSAGES.utrReceived, order: trackedOrder(order) },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}
