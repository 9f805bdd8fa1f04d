import type { Route } from "./+types/dashboard";
import { servicesContext } from "~/context";
import { getDashboard, parseDashboardQuery } from "~/domain/dashboard/dashboard.server";
import { apiOk } from "~/lib/api.server";

/** GET /api/admin/dashboard?timeRange=&status=&startDate=&endDate= (spec section 7). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const data = await getDashboard(context.get(servicesContext).db, parseDashboardQuery(url.searchParams));
  return apiOk({ data, message: "Dashboard data fetched" });
}
