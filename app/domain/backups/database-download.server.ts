import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { verifyCurrentPassword } from "~/domain/auth/current-password.server";
import type { AdminSession } from "~/domain/auth/session.server";
import { AppError } from "~/lib/app-error";
import { listDatabaseBackups } from "./database-backup.server";

/**
 * Downloading a whole-database backup. Such a backup holds everything the
 * shop keeps, its secrets too (payment keys, the mailbox password), which the
 * admin pages otherwise never send back, so a stolen session alone must not
 * be enough: the operator types their password (counted like sign-in), which
 * buys a one-time link for that backup, good for two minutes, for that
 * admin only. Both steps are audited.
 */

const LINK_MS = 2 * 60_000;

interface Grant {
  name: string;
  adminUserId: number;
  expiresAt: number;
}
/** A whole-database backup exists only on SQLite, which serves one instance: the grants live in its memory. */
const grants = new Map<string, Grant>();

export const NO_SUCH_BACKUP = "There is no such backup";
export const LINK_EXPIRED = "This download link has expired or was used: ask for the backup again";

async function findBackup(backupDir: string, name: string) {
  const backup = (await listDatabaseBackups(backupDir)).find((b) => b.name === name);
  if (!backup) throw new AppError("NOT_FOUND", NO_SUCH_BACKUP, { field: "backup" });
  return backup;
}

export async function authorizeBackupDownload(
  db: DB,
  backupDir: string,
  admin: Pick<AdminSession, "adminUserId" | "username">,
  input: { backup: string; currentPassword: string },
  client: RequestClient,
  now = Date.now(),
): Promise<{ ok: true; message: string; downloadUrl: string }> {
  const backup = await findBackup(backupDir, input.backup);
  const refuse = async (reason: string, error: AppError): Promise<never> => {
    await recordAudit(
      db,
      {
        actor: admin.username,
        client,
        action: "backup.download_refused",
        targetType: "database_backup",
        targetId: backup.name,
        details: { reason },
      },
      now,
    );
    throw error;
  };
  await verifyCurrentPassword(db, admin.adminUserId, input.currentPassword, client, refuse, { now });
  for (const [token, grant] of grants) if (grant.expiresAt <= now) grants.delete(token);
  const token = randomBytes(32).toString("base64url");
  grants.set(token, { name: backup.name, adminUserId: admin.adminUserId, expiresAt: now + LINK_MS });
  return {
    ok: true,
    message: `Downloading ${backup.name}`,
    downloadUrl: `/api/admin/database-backups/${encodeURIComponent(backup.name)}?token=${token}`,
  };
}

/** The backup's bytes for a link made by authorizeBackupDownload (once); audited. */
export async function openBackupByLink(
  db: DB,
  backupDir: string,
  admin: Pick<AdminSession, "adminUserId" | "username">,
  name: string,
  token: string,
  client: RequestClient,
  now = Date.now(),
): Promise<{ name: string; bytes: number; stream: Readable }> {
  const grant = grants.get(token);
  if (!grant || grant.expiresAt <= now || grant.name !== name || grant.adminUserId !== admin.adminUserId) {
    throw new AppError("FORBIDDEN", LINK_EXPIRED);
  }
  grants.delete(token);
  const backup = await findBackup(backupDir, name);
  await recordAudit(
    db,
    {
      actor: admin.username,
      client,
      action: "backup.download",
      targetType: "database_backup",
      targetId: backup.name,
      details: { bytes: backup.bytes, sha256: backup.sha256 },
    },
    now,
  );
  return { name: backup.name, bytes: backup.bytes, stream: createReadStream(backup.file) };
}
