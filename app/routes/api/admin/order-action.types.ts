import { z } from "zod";
import { defineEndpoint, okResponse } from "~/lib/api-contract";
import { adminOrderSchema } from "./order.types";

/** The actions POST /api/admin/orders/{id}/{action} takes (delete is DELETE /api/admin/orders/{id}). */
export const API_ORDER_ACTIONS = [
  "confirm-payment",
  "place",
  "retry",
  "cancel",
  "mark-refunded",
  "update-profit",
] as const;
export type ApiOrderAction = (typeof API_ORDER_ACTIONS)[number];

/** Optional body: `{ "unpaid": true }` for place, `{ "reference": "…" }` for mark-refunded. */
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
