import type { ServiceType } from "~/domain/panel/service-types";
import { apiCall } from "~/lib/client/api-client";
import { recentOrdersEndpoint } from "~/routes/api/recent-orders.types";

/**
 * One refresh of the recent-orders box. Its own module, imported at the first
 * refresh (seconds after the page works), so the API client and its schemas
 * are not part of a service page's first download.
 */
export function fetchRecentOrders(service: ServiceType) {
  return apiCall(recentOrdersEndpoint, { params: { serviceType: service } });
}
