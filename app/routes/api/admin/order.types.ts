import { z } from "zod";
import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import { defineEndpoint, okResponse, record } from "~/lib/api-contract";

/** GET /api/admin/orders/{id} (app/domain/orders/admin-queries.server.ts `toAdminOrderJson`); DELETE removes it. */
export const adminOrderSchema = record<AdminOrderJson>();
export const adminOrderResponse = okResponse({ order: adminOrderSchema, message: z.string() });
export const deleteOrderResponse = okResponse({ message: z.string() });

const path = ({ id }: { id: string }) => `/api/admin/orders/${encodeURIComponent(id)}`;
export const adminOrderEndpoint = defineEndpoint({ method: "GET", path, response: adminOrderResponse });
export const deleteOrderEndpoint = defineEndpoint({ method: "DELETE", path, response: deleteOrderResponse });
