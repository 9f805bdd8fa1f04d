import type { Route } from "./+types/order";
import { servicesContext } from "~/context";
import { deleteOrder, toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { findOrderByOrderId } from "~/domain/orders/orders.server";
import { apiError, apiOk } from "~/lib/api.server";

/** GET /api/admin/orders/{id} (with or without the leading #). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await findOrderByOrderId(context.get(servicesContext).db, normaliseId(params.id));
  if (!order) return apiError(404, "Order not found");
  return apiOk({ order: toAdminOrderJson(order), message: "Order fetched" });
}

/** DELETE /api/admin/orders/{id}. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return apiError(405, "Use DELETE to remove an order");
  const deleted = await deleteOrder(context.get(servicesContext).db, normaliseId(params.id));
  return deleted ? apiOk({ message: "Order deleted successfully" }) : apiError(404, "Order not found");
}

function normaliseId(id: string): string {
  return id.replace(/^#/, "").trim().toUpperCase().slice(0, 64);
}
