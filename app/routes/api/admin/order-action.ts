import type { Route } from "./+types/order-action";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { isOrderAction, runOrderAction } from "~/domain/orders/admin-actions.server";
import { apiError, apiOk } from "~/lib/api.server";
import { requestActor } from "~/lib/request-client.server";

const API_ACTIONS = new Set(["place", "retry", "cancel", "update-profit"]);

/** POST /api/admin/orders/{id}/place|retry|cancel|update-profit. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "POST") return apiError(405, "Use POST for order actions");
  if (!API_ACTIONS.has(params.action) || !isOrderAction(params.action)) return apiError(404, "Unknown order action");
  const result = await runOrderAction(
    context.get(servicesContext),
    requestActor(request, admin.username),
    params.action,
    params.id,
  );
  return result.ok ? apiOk({ message: result.message }) : apiError(result.status, result.message);
}

export function loader() {
  return apiError(405, "Use POST for order actions");
}
