import { z } from "zod";
import type { Route } from "./+types/delete-data";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { DELETE_OPTIONS, deleteAllData, deleteSelectedData } from "~/domain/backups/danger-zone.server";
import { apiError, apiOk, readJsonBody } from "~/lib/api.server";
import { requestActor } from "~/lib/request-client.server";

const selectedSchema = z.object({
  deleteOptions: z
    .array(z.enum(DELETE_OPTIONS, { error: `Each option must be one of ${DELETE_OPTIONS.join(", ")}` }))
    .min(1, "Please select at least one item to delete")
    .max(DELETE_OPTIONS.length),
});

/** DELETE /api/admin/delete-selected-data and /api/admin/delete-all-data; a backup is written first. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "DELETE") return apiError(405, "Method not allowed");
  const services = context.get(servicesContext);
  const actor = requestActor(request, admin.username);
  const all = new URL(request.url).pathname.replace(/\/+$/, "").endsWith("/delete-all-data");

  if (all) {
    const result = await deleteAllData(services.db, actor, services.config.BACKUP_DIR);
    services.settings.clear();
    return apiOk({ message: "All data has been permanently deleted from the database", backup: result.backup });
  }
  const body = await readJsonBody(request, selectedSchema);
  if ("error" in body) return body.error;
  const result = await deleteSelectedData(services.db, actor, services.config.BACKUP_DIR, body.data.deleteOptions);
  services.settings.clear();
  return apiOk({
    message: `Successfully deleted selected data: ${result.labels.join(", ")}`,
    backup: result.backup,
    deleted: result.deleted,
  });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
