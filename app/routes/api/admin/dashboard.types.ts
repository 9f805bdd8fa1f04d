import { z } from "zod";
import type { Dashboard } from "~/domain/dashboard/dashboard.server";
import { defineEndpoint, okResponse, record } from "~/lib/api-contract";

/** GET /api/admin/dashboard?timeRange=&status=&startDate=&endDate= (app/domain/dashboard/dashboard.server.ts). */
export const dashboardResponse = okResponse({ data: record<Dashboard>(), message: z.string() });

export const dashboardEndpoint = defineEndpoint({
  method: "GET",
  path: () => "/api/admin/dashboard",
  response: dashboardResponse,
});
