import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { setAdminPasswordHash, setAdminUsername, usernameTaken } from "./admin-users.repository.server";
import { USERNAME_TAKEN } from "./credentials.server";
import { type CurrentPasswordOptions, verifyCurrentPassword } from "./current-password.server";
import { hashPassword, isPasswordChecksBusy, passwordChecksBusyError } from "./password.server";
import type { AccountAction } from "./rules";
import { endOtherSessions, forgetDevice } from "./session.server";

/** The signed-in admin changing their own account, and the session they do it from. */
export interface AccountActor {
  adminUserId: number;
  sessionId: string;
  username: string;
  /** ADMIN_SESSION_TTL_SECONDS: a remembered device that changes the password keeps a session this long. */
  sessionTtlSeconds?: number;
}

/**
 * One submit of My Account, already read by `accountActionSchema`. Both forms
 * need the current password (verifyCurrentPassword: limited like sign-in). A
 * new password ends every other session of this admin, so a stolen session or
 * a device signed in with the old password is out, while this one stays.
 * Every attempt is audited without any password; a refusal is thrown as an
 * AppError naming its field (INVALID_INPUT, CONFLICT for a taken username,
 * RATE_LIMITED with `retryAfter`) and changes nothing.
 */
export async function changeAccount(
  db: DB,
  admin: AccountActor,
  action: Exclude<AccountAction, { intent: "forget-device" }>,
  client: RequestClient,
  options: CurrentPasswordOptions = {},
): Promise<{ ok: true }> {
  const now = options.now ?? Date.now();
  const audit = (trx: DB, action: string, details: Record<string, unknown>, actor = admin.username) =>
    recordAudit(trx, { actor, action, targetType: "admin", targetId: admin.adminUserId, details, client }, now);
  const refuse = async (reason: string, error: AppError): Promise<never> => {
    await audit(db, `admin.${action.intent}.failed`, { reason });
    throw error;
  };

  const user = await verifyCurrentPassword(db, admin.adminUserId, action.currentPassword, client, refuse, {
    ...options,
    now,
  });

  if (action.intent === "username") {
    const taken = () => refuse("username taken", new AppError("CONFLICT", USERNAME_TAKEN, { field: "username" }));
    if (action.username === user.username) return { ok: true };
    if (await usernameTaken(db, action.username, user.id)) return taken();
    const renamed = await db.transaction().execute(async (trx) => {
      if (!(await setAdminUsername(trx, user.id, action.username, now))) return false;
      await audit(trx, "admin.username.change", { from: user.username, to: action.username }, action.username);
      return true;
    });
    return renamed ? { ok: true } : taken();
  }

  let passwordHash: string;
  try {
    passwordHash = await hashPassword(action.password);
  } catch (error) {
    if (isPasswordChecksBusy(error)) return refuse("server busy", passwordChecksBusyError());
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await setAdminPasswordHash(trx, user.id, passwordHash, now);
    const ended = await endOtherSessions(trx, user.id, admin.sessionId, { ttlSeconds: admin.sessionTtlSeconds, now });
    await audit(trx, "admin.password.change", { otherSessionsEnded: ended });
  });
  return { ok: true };
}

/**
 * My Account's "Forget" beside a remembered device: that device's session
 * ends (this one included: it is then signed out). Audited; a device that is
 * not one of this admin's remembered ones is NOT_FOUND and nothing changes.
 */
export async function forgetRememberedDevice(
  db: DB,
  admin: AccountActor,
  sessionId: string,
  client: RequestClient,
  now = Date.now(),
): Promise<{ ok: true; current: boolean }> {
  const forgotten = await forgetDevice(db, admin.adminUserId, sessionId);
  if (!forgotten) throw new AppError("NOT_FOUND", "That device is not remembered (any more)");
  await recordAudit(
    db,
    {
      actor: admin.username,
      action: "admin.device.forget",
      targetType: "admin",
      targetId: admin.adminUserId,
      details: { current: sessionId === admin.sessionId },
      client,
    },
    now,
  );
  return { ok: true, current: sessionId === admin.sessionId };
}
