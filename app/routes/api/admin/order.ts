import type { Route } from "./+types/order";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { normaliseOrderId, runOrderAction } from "~/domain/orders/admin-actions.server";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { findOrderByOrderId } from "~/domain/orders/orders.server";
import { apiError, apiOk } from "~/lib/api.server";
import { requestActor } from "~/lib/request-client.server";

/** GET /api/admin/orders/{id} (with or without the leading #). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await findOrderByOrderId(context.get(servicesContext).db, normaliseOrderId(params.id));
  if (!order) return apiError(404, "Order not found");
  return apiOk({ order: toAdminOrderJson(order), message: "Order fetched" });
}

/** DELETE /api/admin/orders/{id}. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "DELETE") return apiError(405, "Use DELETE to remove an order");
  const result = await runOrderAction(
    context.get(servicesContext),
    requestActor(request, admin.username),
    "delete",
    params.id,
  );
  return result.ok ? apiOk({ message: result.message }) : apiError(result.status, result.message);
}
