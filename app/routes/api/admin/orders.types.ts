import { z } from "zod";
import { getEndpoint, okResponse } from "~/lib/api-contract";
import { adminOrderSchema } from "./order.types";

/** GET /api/admin/orders?q=&range=&startDate=&endDate=&status=&sort=&page=&pageSize=. */
export const adminOrdersResponse = okResponse({
  orders: z.array(adminOrderSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalCapped: z.boolean(),
  pageCount: z.number(),
  message: z.string(),
});

export const adminOrdersEndpoint = getEndpoint("/api/admin/orders", adminOrdersResponse);
