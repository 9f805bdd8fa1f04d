import type { Route } from "./+types/order-action";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { isApiOrderAction, orderApiActionSchema } from "~/domain/orders/order-actions";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { apiError, apiFailure, apiHandle, apiReply } from "~/lib/server/api.server";
import { AppError } from "~/lib/app-error";
import { parseOptionalJson } from "~/lib/server/parse.server";
import { orderActionRequest, orderActionResponse } from "./order-action.types";
import { requestClient } from "~/routes/request-client.server";

/**
 * POST /api/admin/orders/{id}/{action}. Answers with the order as it now is;
 * a refusal is 409 with a message and changes nothing.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "POST") return apiError(405, "Use POST for order actions");
  if (!isApiOrderAction(params.action)) return apiError(404, "Unknown order action");
  const body = await parseOptionalJson(request, orderActionRequest);
  const intent = orderApiActionSchema.safeParse({ intent: params.action, ...body });
  if (!intent.success) {
    return apiFailure(new AppError("INVALID_INPUT", intent.error.issues[0]?.message ?? "Invalid request"));
  }
  return apiHandle(async () => {
    const operator = { name: admin.username, client: requestClient(request) };
    const result = await runOrderAction(context.get(servicesContext), operator, params.id, intent.data);
    return apiReply(orderActionResponse, {
      message: result.message,
      order: result.order ? toAdminOrderJson(result.order) : null,
    });
  });
}

export function loader() {
  return apiError(405, "Use POST for order actions");
}
