import { z } from "zod";
import { defineEndpoint, okResponse } from "~/lib/api-contract";
import type { ServiceType } from "~/domain/panel/service-types";

/** The service page's Recent Orders box: masked handle, quantity, time only. */
export const recentOrdersResponse = okResponse({
  orders: z.array(z.object({ handle: z.string().nullable(), quantity: z.number(), createdAt: z.number() })),
  /** The server's clock, so "2 minutes ago" does not depend on the phone's. */
  now: z.number(),
});
export type RecentOrdersResponse = z.output<typeof recentOrdersResponse>;

export const recentOrdersEndpoint = defineEndpoint({
  method: "GET",
  path: ({ serviceType }: { serviceType: ServiceType }) => `/api/recent-orders?${new URLSearchParams({ serviceType })}`,
  response: recentOrdersResponse,
});
