import type { Route } from "./+types/order-action";
import { servicesContext } from "~/context";
import { cancelOrder, placeOrder, retryOrder, updateProfit } from "~/domain/orders/actions.server";
import { apiError, apiOk } from "~/lib/api.server";

const ACTIONS = { place: placeOrder, retry: retryOrder, cancel: cancelOrder, "update-profit": updateProfit } as const;

/** POST /api/admin/orders/{id}/place|retry|cancel|update-profit. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST for order actions");
  const run = ACTIONS[params.action as keyof typeof ACTIONS];
  if (!run || !Object.hasOwn(ACTIONS, params.action)) return apiError(404, "Unknown order action");
  const result = await run(context.get(servicesContext), params.id.replace(/^#/, "").trim().toUpperCase().slice(0, 64));
  return result.ok ? apiOk({ message: result.message }) : apiError(result.status, result.message);
}

export function loader() {
  return apiError(405, "Use POST for order actions");
}
