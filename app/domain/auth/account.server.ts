import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { setAdminPasswordHash, setAdminUsername, usernameTaken } from "./admin-users.repository.server";
import { USERNAME_TAKEN } from "./credentials.server";
import { type CurrentPasswordOptions, verifyCurrentPassword } from "./current-password.server";
import { hashPassword, isPasswordChecksBusy, passwordChecksBusyError } from "./password.server";
import type { AccountAction } from "./rules";
import { endOtherSessions } from "./session.server";

/** The signed-in admin changing their own account, and the session they do it from. */
export interface AccountActor {
  adminUserId: number;
  sessionId: string;
  username: string;
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
  action: AccountAction,
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
    const ended = await endOtherSessions(trx, user.id, admin.sessionId);
    await audit(trx, "admin.password.change", { otherSessionsEnded: ended });
  });
  return { ok: true };
}
