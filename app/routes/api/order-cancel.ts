import type { Route } from "./+types/order-cancel";
import { servicesContext } from "~/context";
import { cancelUnpaidOrder } from "~/domain/orders/buyer.server";
import { apiError, apiOk, noStore } from "~/lib/api.server";

export function loader() {
  return noStore(apiError(405, "Use POST to cancel an order"));
}

export async function action(args: Route.ActionArgs) {
  return noStore(await cancel(args));
}

/** Sent by the checkout when the payment window closes. */
async function cancel({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to cancel an order");
  if (!/^[A-Za-z0-9]{1,40}$/.test(params.orderId)) return apiError(404, "Order not found");
  const result = await cancelUnpaidOrder(context.get(servicesContext).db, params.orderId);
  return result.ok ? apiOk({ message: result.message }) : apiError(result.status, result.message);
}
