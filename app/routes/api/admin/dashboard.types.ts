import { z } from "zod";
import type { Dashboard } from "~/domain/dashboard/dashboard.server";
import { getEndpoint, okResponse, record } from "~/lib/api-contract";

/** GET /api/admin/dashboard?timeRange=&status=&startDate=&endDate= (app/domain/dashboard/dashboard.server.ts). */
export const dashboardResponse = okResponse({ data: record<Dashboard>(), message: z.string() });

export const dashboardEndpoint = getEndpoint("/api/admin/dashboard", dashboardResponse);
