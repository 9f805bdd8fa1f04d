import type { Route } from "./+types/order";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { apiError, apiHandle, apiReply } from "~/lib/server/api.server";
import { readNoBody } from "~/lib/server/parse.server";
import { adminOrderResponse, deleteOrderResponse } from "./order.types";
import { requestClient } from "~/routes/request-client.server";

/** GET /api/admin/orders/{id} (with or without the leading #). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await findOrder(context.get(servicesContext).db, params.id);
  if (!order) return apiError(404, "Order not found");
  return apiReply(adminOrderResponse, { order: toAdminOrderJson(order), message: "Order fetched" });
}

/** DELETE /api/admin/orders/{id}; a paid order also needs `?confirm={id}`, its id typed again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "DELETE") return apiError(405, "Use DELETE to remove an order");
  await readNoBody(request);
  return apiHandle(async () => {
    const operator = { name: admin.username, client: requestClient(request) };
    const confirm = new URL(request.url).searchParams.get("confirm")?.slice(0, 60);
    const result = await runOrderAction(context.get(servicesContext), operator, params.id, {
      intent: "delete",
      confirmOrderId: confirm,
    });
    return apiReply(deleteOrderResponse, { message: result.message });
  });
}
