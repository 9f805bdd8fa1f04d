import { z } from "zod";
import { defineEndpoint, okResponse } from "~/lib/api-contract";
import { ORDER_STATUSES } from "~/domain/orders/lifecycle";

/**
 * GET /api/order-status?orderId=…: the status only. Served ahead of the router
 * (server/hot-routes.ts → server/hot-routes/order-status-reply.ts), so this
 * file has no route beside it.
 */
export const orderStatusResponse = okResponse({ status: z.enum(ORDER_STATUSES) });
export type OrderStatusResponse = z.output<typeof orderStatusResponse>;

export const orderStatusEndpoint = defineEndpoint({
  method: "GET",
  path: ({ orderId }: { orderId: string }) => `/api/order-status?${new URLSearchParams({ orderId })}`,
  response: orderStatusResponse,
});
