import { Readable } from "node:stream";
import type { Route } from "./+types/database-backups";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { openBackupByLink } from "~/domain/backups/database-download.server";
import { apiHandle } from "~/lib/server/api.server";
import { requestClient } from "~/routes/request-client.server";

/** GET /api/admin/database-backups/{name}?token=… : a whole-database backup, by the one-time link the Health page made. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, config } = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return apiHandle(async () => {
    const backup = await openBackupByLink(db, config.BACKUP_DIR, admin, params.name, token, requestClient(request));
    return new Response(Readable.toWeb(backup.stream) as ReadableStream, {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Length": String(backup.bytes),
        "Content-Disposition": `attachment; filename="${backup.name}"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
