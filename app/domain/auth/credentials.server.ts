import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { adminCredentialsSchema } from "./credentials-form";
import { setAdminCredentials, usernameTaken } from "./admin-users.repository.server";
import { type CurrentPasswordOptions, verifyCurrentPassword } from "./current-password.server";
import { hashPassword, isPasswordChecksBusy, passwordChecksBusyError } from "./password.server";
import { endOtherSessions } from "./session.server";

export const USERNAME_TAKEN = "That username is taken";

export type CredentialsResult = { ok: true; message: string };

export type CredentialsOptions = CurrentPasswordOptions;

/**
 * The Settings page's Admin Authentication card. The current password must be
 * right (checked as verifyCurrentPassword counts it); a new password ends
 * every other session of this admin. Every attempt is audited, refused or
 * not; a refusal is then thrown as an AppError (INVALID_INPUT naming the
 * field, CONFLICT for a taken username, RATE_LIMITED with `retryAfter`).
 */
export async function changeAdminCredentials(
  db: DB,
  admin: { adminUserId: number; sessionId: string; username: string; sessionTtlSeconds?: number },
  input: unknown,
  client: RequestClient,
  { now = Date.now(), sleep }: CredentialsOptions = {},
): Promise<CredentialsResult> {
  const refuse = async (reason: string, error: AppError): Promise<never> => {
    await recordAudit(
      db,
      {
        actor: admin.username,
        action: "admin.credentials.failed",
        targetType: "admin",
        targetId: admin.adminUserId,
        details: { reason },
        client,
      },
      now,
    );
    throw error;
  };
  const invalid = (message: string, field: string) => new AppError("INVALID_INPUT", message, { field });

  const parsed = adminCredentialsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refuse("invalid input", invalid(issue.message, issue.path.join(".")));
  }
  const { username, currentPassword, newPassword } = parsed.data;
  const user = await verifyCurrentPassword(db, admin.adminUserId, currentPassword, client, refuse, { now, sleep });
  let passwordHash = user.password_hash;
  if (newPassword) {
    try {
      passwordHash = await hashPassword(newPassword);
    } catch (error) {
      if (isPasswordChecksBusy(error)) return refuse("server busy", passwordChecksBusyError());
      throw error;
    }
  }

  if (await usernameTaken(db, username, user.id)) {
    return refuse("username taken", new AppError("CONFLICT", USERNAME_TAKEN, { field: "username" }));
  }

  await db.transaction().execute(async (trx) => {
    await setAdminCredentials(trx, user.id, { username, passwordHash }, now);
    if (newPassword) {
      await endOtherSessions(trx, user.id, admin.sessionId, { ttlSeconds: admin.sessionTtlSeconds, now });
    }
    await recordAudit(
      trx,
      {
        actor: username,
        action: "admin.credentials",
        targetType: "admin",
        targetId: user.id,
        details: { usernameChanged: username !== user.username, passwordChanged: Boolean(newPassword) },
        client,
      },
      now,
    );
  });
  return { ok: true, message: "Admin authentication settings saved successfully" };
}
