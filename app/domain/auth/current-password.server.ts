import type { DB } from "~/db/database.server";
import type { RequestClient } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { clientAddressKey } from "~/lib/client-address";
import { findAdminUser } from "./admin-users.repository.server";
import { pruneAttempts, releaseAttempt, reserveAttempt } from "./attempts.server";
import { tooManyAttempts } from "./login.server";
import { isPasswordChecksBusy, passwordChecksBusy, passwordChecksBusyError, verifyPassword } from "./password.server";
import type { AdminUserRow } from "./table";

export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";

export interface CurrentPasswordOptions {
  now?: number;
  /** How the progressive slow-down waits; tests record it instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Audits a refused change with its reason, then throws `error`. */
export type Refuse = (reason: string, error: AppError) => Promise<never>;

/**
 * Proves a signed-in admin still knows their password before their sign-in
 * changes; answers their row. Someone holding a stolen session must not be
 * able to guess the password this way, so the check counts like sign-in and
 * shares one budget wherever it is asked (Settings, My Account): five failures
 * per admin and client address in fifteen minutes lock it from that address,
 * and an admin's failures from anywhere slow every further check down (at most
 * 4 s). Every refusal goes through `refuse`, naming the field `currentPassword`.
 */
export async function verifyCurrentPassword(
  db: DB,
  adminUserId: number,
  password: string,
  client: RequestClient,
  refuse: Refuse,
  { now = Date.now(), sleep = realSleep }: CurrentPasswordOptions = {},
): Promise<AdminUserRow> {
  if (passwordChecksBusy()) return refuse("server busy", passwordChecksBusyError());
  const reservation = await reserveAttempt(
    db,
    { locks: [`admin:${adminUserId}@${clientAddressKey(client.ip)}`], slows: `admin:${adminUserId}` },
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

  const user = await findAdminUser(db, adminUserId);
  let valid: boolean;
  try {
    valid = Boolean(user && (await verifyPassword(password, user.password_hash)));
  } catch (error) {
    await releaseAttempt(db, reservation.ticket);
    if (isPasswordChecksBusy(error)) return refuse("server busy", passwordChecksBusyError());
    throw error;
  }
  if (!user || !valid) {
    await pruneAttempts(db, now);
    return refuse(
      "wrong current password",
      new AppError("INVALID_INPUT", WRONG_CURRENT_PASSWORD, { field: "currentPassword" }),
    );
  }
  await releaseAttempt(db, reservation.ticket);
  return user;
}
