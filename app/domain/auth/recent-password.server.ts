import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { type CurrentPasswordOptions, verifyCurrentPassword } from "./current-password.server";
import { PASSWORD_AGAIN_MESSAGE, PASSWORD_REQUIRED, RECENT_PASSWORD_MINUTES } from "./recent-password";
import { type AdminSession, markPasswordEntered } from "./session.server";

export const RECENT_PASSWORD_MS = RECENT_PASSWORD_MINUTES * 60_000;

export function hasRecentPassword(session: Pick<AdminSession, "passwordAt">, now = Date.now()): boolean {
  return now - session.passwordAt <= RECENT_PASSWORD_MS;
}

/** The refusal of a sensitive change without a recent password: FORBIDDEN, reason PASSWORD_REQUIRED. */
export function passwordAgainError(): AppError {
  return new AppError("FORBIDDEN", PASSWORD_AGAIN_MESSAGE, { reason: PASSWORD_REQUIRED });
}

/**
 * The password typed again on this session: checked as every current-password
 * check is (limited like sign-in, a failure audited), then the session counts
 * as having it for the next 15 minutes.
 */
export async function confirmPassword(
  db: DB,
  session: Pick<AdminSession, "id" | "adminUserId" | "username">,
  password: string,
  client: RequestClient,
  options: CurrentPasswordOptions = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const refuse = async (reason: string, error: AppError): Promise<never> => {
    await recordAudit(
      db,
      {
        actor: session.username,
        action: "admin.password.confirm.failed",
        targetType: "admin",
        targetId: session.adminUserId,
        details: { reason },
        client,
      },
      now,
    );
    // The dialog's one field is the password.
    throw new AppError(error.code, error.message, { ...error.details, field: "password" });
  };
  await verifyCurrentPassword(db, session.adminUserId, password, client, refuse, { ...options, now });
  await markPasswordEntered(db, session.id, now);
}
