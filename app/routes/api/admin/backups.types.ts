import { z } from "zod";
import type { BackupInfo } from "~/domain/backups/backup.server";
import { getEndpoint, okResponse, record } from "~/lib/api-contract";

/** GET /api/admin/backups lists backups; GET /api/admin/backups/{name} is the file itself (a download link). */
export const backupsResponse = okResponse({ backups: z.array(record<BackupInfo>()) });

export const backupsEndpoint = getEndpoint("/api/admin/backups", backupsResponse);
