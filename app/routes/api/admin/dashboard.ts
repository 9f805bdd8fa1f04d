import type { Route } from "./+types/dashboard";
import { servicesContext } from "~/context";
import { getDashboard, parseDashboardQuery } from "~/domain/dashboard/dashboard.server";
import { apiReply } from "~/lib/server/api.server";
import { dashboardResponse } from "./dashboard.types";

/** GET /api/admin/dashboard?timeRange=&status=&startDate=&endDate= (spec section 7). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const data = await getDashboard(context.get(servicesContext).db, parseDashboardQuery(url.searchParams));
  return apiReply(dashboardResponse, { data, message: "Dashboard data fetched" });
}
