import type { DB } from "~/db/database.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { adminCredentialsSchema } from "~/domain/settings/validation";
import { hashPassword, verifyPassword } from "./password.server";

export type CredentialsResult = { ok: true; message: string } | { ok: false; message: string; field?: string };

/**
 * The Settings page's Admin Authentication card. The current password must be
 * right; a new password ends every other session of this admin.
 */
export async function changeAdminCredentials(
  db: DB,
  admin: { adminUserId: number; sessionId: string },
  input: unknown,
  now = Date.now(),
): Promise<CredentialsResult> {
  const parsed = adminCredentialsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issue.message, field: issue.path.join(".") };
  }
  const { username, currentPassword, newPassword } = parsed.data;
  const user = await db.selectFrom("admin_users").selectAll().where("id", "=", admin.adminUserId).executeTakeFirst();
  if (!user || !(await verifyPassword(currentPassword, user.password_hash))) {
    return { ok: false, message: "Current password is incorrect", field: "currentPassword" };
  }
  const taken = await db
    .selectFrom("admin_users")
    .select("id")
    .where("username", "=", username)
    .where("id", "!=", user.id)
    .executeTakeFirst();
  if (taken) return { ok: false, message: "That username is taken", field: "username" };

  const passwordHash = newPassword ? await hashPassword(newPassword) : user.password_hash;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("admin_users")
      .set({ username, password_hash: passwordHash, updated_at: now })
      .where("id", "=", user.id)
      .execute();
    if (newPassword) {
      await trx
        .deleteFrom("admin_sessions")
        .where("admin_user_id", "=", user.id)
        .where("id", "!=", admin.sessionId)
        .execute();
    }
    await recordAudit(
      trx,
      {
        actor: username,
        action: "admin.credentials",
        targetType: "admin",
        targetId: user.id,
        details: { usernameChanged: username !== user.username, passwordChanged: Boolean(newPassword) },
      },
      now,
    );
  });
  return { ok: true, message: "Admin authentication settings saved successfully" };
}
