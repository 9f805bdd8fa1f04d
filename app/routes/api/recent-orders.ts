import type { Route } from "./+types/recent-orders";
import { servicesContext } from "~/context";
import { recentOrders } from "~/domain/orders/recent.server";
import { SERVICE_TYPES, type ServiceType } from "~/domain/plans/table";
import { apiError, apiOk } from "~/lib/api.server";

/** The service page's Recent Orders box: masked handle, quantity, time only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const serviceType = new URL(request.url).searchParams.get("serviceType");
  if (!SERVICE_TYPES.includes(serviceType as ServiceType)) {
    return apiError(400, `serviceType: expected one of ${SERVICE_TYPES.join(", ")}`);
  }
  const orders = await recentOrders(context.get(servicesContext).db, serviceType as ServiceType);
  return apiOk({ orders, now: Date.now() }, { headers: { "Cache-Control": "no-store" } });
}
