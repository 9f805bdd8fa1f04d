import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { adminCredentialsSchema } from "~/domain/settings/validation";
import { clientAddressKey } from "~/lib/client-address";
import { pruneAttempts, releaseAttempt, reserveAttempt } from "./attempts.server";
import { AppError } from "~/lib/app-error";
import { tooManyAttempts } from "./login.server";
import {
  hashPassword,
  isPasswordChecksBusy,
  passwordChecksBusy,
  passwordChecksBusyError,
  verifyPassword,
} from "./password.server";

export type CredentialsResult = { ok: true; message: string };

export interface CredentialsOptions {
  now?: number;
  /** How the progressive slow-down waits; tests record it instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The Settings page's Admin Authentication card. The current password must be
 * right; a new password ends every other session of this admin.
 *
 * Someone holding a stolen session must not be able to guess the password
 * here either, so the check counts like sign-in: five failures per admin and
 * client address in fifteen minutes lock it from that address, and an admin's
 * failures from anywhere slow every further check down (at most 4 s). Every
 * attempt is audited, refused or not; a refusal is then thrown as an AppError
 * (INVALID_INPUT naming the field, RATE_LIMITED with `retryAfter`).
 */
export async function changeAdminCredentials(
  db: DB,
  admin: { adminUserId: number; sessionId: string; username: string },
  input: unknown,
  client: RequestClient,
  { now = Date.now(), sleep = realSleep }: CredentialsOptions = {},
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
  if (passwordChecksBusy()) return refuse("server busy", passwordChecksBusyError());

  const reservation = await reserveAttempt(
    db,
    {
      locks: [`admin:${admin.adminUserId}@${clientAddressKey(client.ip)}`],
      slows: `admin:${admin.adminUserId}`,
    },
    now,
  );
  if (!reservation.ok) {
    const locked = tooManyAttempts(reservation.retryAfterSeconds);
    return refuse(
      "too many attempts",
      new AppError(locked.code, locked.message, { ...locked.details, field: "currentPassword" }),
    );
  }
  if (reservation.delayMs > 0) await sleep(reservation.delayMs);

  const user = await db.selectFrom("admin_users").selectAll().where("id", "=", admin.adminUserId).executeTakeFirst();
  let valid: boolean;
  let passwordHash: string | undefined;
  try {
    valid = Boolean(user && (await verifyPassword(currentPassword, user.password_hash)));
    if (valid) passwordHash = newPassword ? await hashPassword(newPassword) : user!.password_hash;
  } catch (error) {
    await releaseAttempt(db, reservation.ticket);
    if (isPasswordChecksBusy(error)) return refuse("server busy", passwordChecksBusyError());
    throw error;
  }
  if (!user || !valid || !passwordHash) {
    await pruneAttempts(db, now);
    return refuse("wrong current password", invalid("Current password is incorrect", "currentPassword"));
  }
  await releaseAttempt(db, reservation.ticket);

  const taken = await db
    .selectFrom("admin_users")
    .select("id")
    .where("username", "=", username)
    .where("id", "!=", user.id)
    .executeTakeFirst();
  if (taken) return refuse("username taken", new AppError("CONFLICT", "That username is taken", { field: "username" }));

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
        client,
      },
      now,
    );
  });
  return { ok: true, message: "Admin authentication settings saved successfully" };
}
