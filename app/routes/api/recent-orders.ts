import type { Route } from "./+types/recent-orders";
import { servicesContext } from "~/context";
import { recentOrders } from "~/domain/orders/recent.server";
import { SERVICE_TYPES, type ServiceType } from "~/domain/panel/service-types";
import { apiError, apiReply } from "~/lib/server/api.server";
import { recentOrdersResponse } from "./recent-orders.types";

/** The service page's Recent Orders box: masked handle, quantity, time only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const serviceType = new URL(request.url).searchParams.get("serviceType");
  if (!SERVICE_TYPES.includes(serviceType as ServiceType)) {
    return apiError(400, `serviceType: expected one of ${SERVICE_TYPES.join(", ")}`);
  }
  const orders = await recentOrders(context.get(servicesContext).db, serviceType as ServiceType);
  return apiReply(recentOrdersResponse, { orders, now: Date.now() }, { headers: { "Cache-Control": "no-store" } });
}
