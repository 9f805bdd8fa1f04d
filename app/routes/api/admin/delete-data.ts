import type { Route } from "./+types/delete-data";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { deleteAllData, deleteSelectedData } from "~/domain/backups/danger-zone.server";
import { apiError, apiFailure, apiReply } from "~/lib/server/api.server";
import { hasRecentPassword, passwordAgainError } from "~/domain/auth/recent-password.server";
import { parseJson, readNoBody } from "~/lib/server/parse.server";
import { deleteAllResponse, deleteSelectedRequest, deleteSelectedResponse } from "./delete-data.types";
import { requestActor } from "~/routes/request-client.server";

/** DELETE /api/admin/delete-selected-data and /api/admin/delete-all-data; a backup is written first. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "DELETE") return apiError(405, "Method not allowed");
  const services = context.get(servicesContext);
  const actor = requestActor(request, admin.username);
  const all = new URL(request.url).pathname.replace(/\/+$/, "").endsWith("/delete-all-data");
  // As on the Settings page: the password typed in the last 15 minutes (POST /api/admin/confirm-password).
  if (!hasRecentPassword(admin)) {
    return apiFailure(passwordAgainError());
  }

  if (all) {
    await readNoBody(request);
    const result = await deleteAllData(services.db, actor, services.config.BACKUP_DIR);
    return apiReply(deleteAllResponse, {
      message: "All data has been permanently deleted from the database",
      backup: result.backup,
    });
  }
  const { deleteOptions } = await parseJson(request, deleteSelectedRequest);
  const result = await deleteSelectedData(services.db, actor, services.config.BACKUP_DIR, deleteOptions);
  return apiReply(deleteSelectedResponse, {
    message: `Successfully deleted selected data: ${result.labels.join(", ")}`,
    backup: result.backup,
    deleted: result.deleted,
  });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
