import { z } from "zod";
import { defineEndpoint, okResponse } from "~/lib/api-contract";
import type { ApiOrderAction } from "~/domain/orders/order-actions";
import { adminOrderSchema } from "./order.types";

/**
 * POST /api/admin/orders/{id}/{action}, the action being one of
 * API_ORDER_ACTIONS (app/domain/orders/order-actions.ts). Optional body:
 * `{ "unpaid": true }` for place, `{ "reference": "…" }` for mark-refunded.
 */
export const orderActionRequest = z.object({
  unpaid: z.boolean().optional(),
  reference: z.string().max(40).optional(),
});
export type OrderActionRequest = z.input<typeof orderActionRequest>;

export const orderActionResponse = okResponse({ message: z.string(), order: adminOrderSchema.nullable() });
export type OrderActionResponse = z.output<typeof orderActionResponse>;

export const orderActionEndpoint = defineEndpoint({
  method: "POST",
  path: ({ id, action }: { id: string; action: ApiOrderAction }) =>
    `/api/admin/orders/${encodeURIComponent(id)}/${action}`,
  request: orderActionRequest,
  response: orderActionResponse,
});
