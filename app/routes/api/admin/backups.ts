import { createReadStream, existsSync, statSync } from "node:fs";
import { Readable } from "node:stream";
import type { Route } from "./+types/backups";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { backupPath, listBackups } from "~/domain/backups/backup.server";
import { apiError, apiOk } from "~/lib/api.server";

/** GET /api/admin/backups lists backups; GET /api/admin/backups/{name} downloads one. */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const dir = context.get(servicesContext).config.BACKUP_DIR;
  if (!params.name) return apiOk({ backups: await listBackups(dir) });

  const file = backupPath(dir, params.name);
  if (!file || !existsSync(file)) return apiError(404, "Backup not found");
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(statSync(file).size),
      "Content-Disposition": `attachment; filename="${params.name}"`,
      "Cache-Control": "no-store",
    },
  });
}
