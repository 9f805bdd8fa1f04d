import { Readable } from "node:stream";
import type { Route } from "./+types/backups";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { listBackups, openBackupDownload } from "~/domain/backups/backup.server";
import { apiError, apiReply } from "~/lib/server/api.server";
import { backupsResponse } from "./backups.types";
import { requestActor } from "~/routes/request-client.server";

/** GET /api/admin/backups lists backups; GET /api/admin/backups/{name} downloads one (audited). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, config } = context.get(servicesContext);
  if (!params.name) return apiReply(backupsResponse, { backups: await listBackups(config.BACKUP_DIR) });

  const stream = await openBackupDownload(db, config.BACKUP_DIR, params.name, requestActor(request, admin.username));
  if (!stream) return apiError(404, "Backup not found");
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${params.name}"`,
      "Cache-Control": "no-store",
    },
  });
}
