import type { Route } from "./+types/orders-export";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { parseOrdersQuery } from "~/domain/orders/list.server";
import {
  countMatching,
  csvChunks,
  exportFileName,
  pullStream,
  recordOrdersExport,
  xlsxStream,
} from "~/domain/orders/export.server";
import { apiError, apiReply } from "~/lib/server/api.server";
import { exportCountResponse } from "./orders-export.types";
import { requestClient } from "~/routes/request-client.server";

/**
 * GET /api/admin/orders/export?format=csv|xlsx&q=&range=&status=&startDate=&endDate=
 * `count=1` answers how many orders the file would hold, without the file.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db } = context.get(servicesContext);
  const filters = parseOrdersQuery(url.searchParams, { range: "all" });
  const now = Date.now();
  const count = await countMatching(db, filters, now);
  if (url.searchParams.get("count") === "1") return apiReply(exportCountResponse, { count });
  if (count === 0) return apiError(404, "No orders to export with current filters");

  const format = url.searchParams.get("format") === "xlsx" ? "xlsx" : "csv";
  await recordOrdersExport(
    db,
    { actor: admin.username, filters, format, rows: count, client: requestClient(request) },
    now,
  );
  const body = pullStream(format === "xlsx" ? xlsxStream(db, filters, now) : csvChunks(db, filters, now));
  return new Response(body, {
    headers: {
      "Content-Type":
        format === "xlsx"
          ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(filters, format, now)}"`,
      "Cache-Control": "no-store",
      "X-Export-Count": String(count),
    },
  });
}
