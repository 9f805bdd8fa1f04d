import { z } from "zod";
import type { Route } from "./+types/order-action";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { type OrderAction, orderActionSchema } from "~/domain/orders/order-actions";
import { runOrderAction } from "~/domain/orders/order-actions.server";
import { apiError, apiHandle, apiOk, readJsonBody } from "~/lib/api.server";
import { requestClient } from "~/lib/request-client.server";

/** The actions this endpoint takes (delete is DELETE /api/admin/orders/{id}; erase is the order page's). */
const API_ACTIONS = new Set(["confirm-payment", "place", "retry", "cancel", "mark-refunded", "update-profit"]);

/** Optional JSON body: `{ "unpaid": true }` for place, `{ "reference": "…" }` for mark-refunded. */
const bodySchema = z.object({ unpaid: z.boolean().optional(), reference: z.string().max(40).optional() });

/**
 * POST /api/admin/orders/{id}/{action}. Answers with the order as it now is;
 * a refusal is 409 with a message and changes nothing.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "POST") return apiError(405, "Use POST for order actions");
  if (!API_ACTIONS.has(params.action)) return apiError(404, "Unknown order action");
  let body: z.infer<typeof bodySchema> = {};
  if (Number(request.headers.get("content-length") ?? 0) > 0) {
    const parsed = await readJsonBody(request, bodySchema);
    if ("error" in parsed) return parsed.error;
    body = parsed.data;
  }
  const intent = orderActionSchema.safeParse({ intent: params.action, ...body });
  if (!intent.success) return apiError(400, intent.error.issues[0]?.message ?? "Invalid request");
  return apiHandle(async () => {
    const operator = { name: admin.username, client: requestClient(request) };
    const result = await runOrderAction(context.get(servicesContext), operator, params.id, intent.data as OrderAction);
    return apiOk({ message: result.message, order: result.order ? toAdminOrderJson(result.order) : null });
  });
}

export function loader() {
  return apiError(405, "Use POST for order actions");
}
