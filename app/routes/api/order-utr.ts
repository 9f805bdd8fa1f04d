import { z } from "zod";
import type { Route } from "./+types/order-utr";
import { servicesContext } from "~/context";
import { submitUtr } from "~/domain/orders/buyer.server";
import { apiError, apiOk, noStore, readJsonBody } from "~/lib/api.server";

const body = z.object({ utr: z.string().max(40) });

export function loader() {
  return noStore(apiError(405, "Use POST to submit a payment reference"));
}

export async function action(args: Route.ActionArgs) {
  return noStore(await submit(args));
}

/** "I have paid": the buyer's 12-digit UPI reference, once per order. */
async function submit({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to submit a payment reference");
  if (!/^[A-Za-z0-9]{1,40}$/.test(params.orderId)) return apiError(404, "Order not found");
  const parsed = await readJsonBody(request, body);
  if ("error" in parsed) return parsed.error;
  const result = await submitUtr(context.get(servicesContext).db, params.orderId, parsed.data.utr);
  return result.ok ? apiOk({ message: result.message }) : apiError(result.status, result.message);
}
