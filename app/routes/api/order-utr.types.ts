import { z } from "zod";
import type { TrackedOrder } from "~/domain/orders/order-tracking.server";
import { defineEndpoint, okResponse, record } from "~/lib/api-contract";

export const orderUtrRequest = z.object({ utr: z.string().max(40) });
export type OrderUtrRequest = z.input<typeof orderUtrRequest>;

/** The order as the buyer's pages show it (app/domain/orders/order-tracking.server.ts `trackedOrder`). */
export const orderUtrResponse = okResponse({
  message: z.string(),
  order: record<TrackedOrder>(),
});
export type OrderUtrResponse = z.output<typeof orderUtrResponse>;

export const orderUtrEndpoint = defineEndpoint({
  method: "POST",
  path: ({ orderId }: { orderId: string }) => `/api/orders/${encodeURIComponent(orderId)}/utr`,
  request: orderUtrRequest,
  response: orderUtrResponse,
});
