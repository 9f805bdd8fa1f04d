import type { Route } from "./+types/orders";
import { servicesContext } from "~/context";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { listOrders, parseOrdersQuery } from "~/domain/orders/list.server";
import { apiReply } from "~/lib/server/api.server";
import { adminOrdersResponse } from "./orders.types";

/**
 * GET /api/admin/orders: the spec's `{ success, orders }`, now filtered, searched
 * and paginated on the server (q, range, startDate, endDate, status, sort, page,
 * pageSize). Without parameters: every time, newest first, 100 per page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const query = parseOrdersQuery(url.searchParams, { range: "all", pageSize: 100 });
  const page = await listOrders(db, query);
  return apiReply(adminOrdersResponse, {
    orders: page.orders.map(toAdminOrderJson),
    page: page.page,
    pageSize: page.pageSize,
    total: page.total,
    totalCapped: page.totalCapped,
    pageCount: page.pageCount,
    message: "Orders fetched",
  });
}
