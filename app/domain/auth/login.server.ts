import type { AppServices } from "~/context";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { clientAddressKey } from "~/lib/client-address";
import { FAILURE_WINDOW_MS, MAX_FAILURES, pruneAttempts, releaseAttempt, reserveAttempt } from "./attempts.server";
import { AppError, rateLimited } from "~/lib/app-error";
import {
  burnPasswordCheck,
  isPasswordChecksBusy,
  passwordChecksBusy,
  passwordChecksBusyError,
  verifyPassword,
} from "./password.server";
import { type DeviceProof, knownDeviceSubject, rememberKnownDevice } from "./known-device.server";
import { createSession } from "./session.server";

export { FAILURE_WINDOW_MS, MAX_FAILURES };
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please try again in 15 minutes.";
export const INVALID_CREDENTIALS = "Invalid credentials";

export type LoginResult = {
  ok: true;
  token: string;
  expiresAt: number;
  maxAgeSeconds: number;
  /** The known-device cookie this browser keeps from now on (known-device.server.ts). */
  device: { token: string; maxAgeSeconds: number };
};

/** Five failures from this address: locked until the window passes. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return rateLimited(TOO_MANY_ATTEMPTS, retryAfterSeconds);
}

export interface LoginOptions {
  now?: number;
  /** How the progressive slow-down waits; tests record it instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Usernames are compared trimmed; counting ignores case so "Owner" and "owner" slow down together.
 * A device the admin signed in on before is counted on its own, neither by its address nor slowed by the name's failures.
 */
function subjects(client: RequestClient, username: string, knownDevice: string | null) {
  if (knownDevice) return { locks: [knownDevice] };
  return {
    locks: [`ip:${clientAddressKey(client.ip)}`],
    slows: `user:${username.trim().toLowerCase()}`,
  };
}

/**
 * Checks the password and opens a session.
 *
 * - A client address (an IPv6 client's /64) gets at most five failures in
 *   fifteen minutes, whatever usernames it tries; after that even the right
 *   password is refused from there until the window passes. The lock is on the
 *   address, so a stranger cannot lock the operator out from elsewhere.
 * - A device the admin signed in on before (its known-device cookie, or a
 *   session cookie of theirs) is counted on its own instead: a stranger
 *   locking the operator's address, or a shared one, does not lock it, and
 *   its own five failures lock only it (issue 45).
 * - A username is never locked; from its sixth failure in the window every
 *   attempt on it from an unknown device waits a little longer (at most 4 s).
 * - Attempts are recorded before they are checked, so parallel guesses cannot
 *   overtake the count.
 *
 * A refusal is thrown: UNAUTHORIZED for wrong credentials, RATE_LIMITED with
 * `retryAfter` (seconds) when locked or when the password checks are all busy.
 */
export async function login(
  { db, config }: Pick<AppServices, "db" | "config">,
  input: {
    username: string;
    password: string;
    client: RequestClient;
    remember?: boolean;
    device?: string | null;
    /** The cookies that may show this browser signed in here before. */
    proof?: DeviceProof;
  },
  { now = Date.now(), sleep = realSleep }: LoginOptions = {},
): Promise<LoginResult> {
  // Refused before any database work, so a flood that fills the line costs as little as possible.
  if (passwordChecksBusy()) throw passwordChecksBusyError();

  const username = input.username.trim();
  const knownDevice = await knownDeviceSubject(db, username, input.proof, now);
  const reservation = await reserveAttempt(db, subjects(input.client, username, knownDevice), now);
  if (!reservation.ok) throw tooManyAttempts(reservation.retryAfterSeconds);
  if (reservation.delayMs > 0) await sleep(reservation.delayMs);

  const user = await db
    .selectFrom("admin_users")
    .select(["id", "password_hash"])
    .where("username", "=", username)
    .executeTakeFirst();
  let valid: boolean;
  try {
    valid = user
      ? await verifyPassword(input.password, user.password_hash)
      : (await burnPasswordCheck(input.password), false);
  } catch (error) {
    await releaseAttempt(db, reservation.ticket);
    if (isPasswordChecksBusy(error)) throw passwordChecksBusyError();
    throw error;
  }

  const audit = { targetType: "admin", targetId: user?.id, client: input.client };
  if (!user || !valid) {
    await recordAudit(
      db,
      {
        ...audit,
        actor: username.slice(0, 64),
        action: "login.failed",
        details: {
          reason: user ? "wrong password" : "unknown username",
          ...(knownDevice ? { knownDevice: true } : {}),
        },
      },
      now,
    );
    if (reservation.lastSlot) {
      await recordAudit(
        db,
        {
          ...audit,
          actor: username.slice(0, 64),
          action: "login.locked",
          details: { failures: MAX_FAILURES, lockedUntil: new Date(now + FAILURE_WINDOW_MS).toISOString() },
        },
        now,
      );
    }
    await pruneAttempts(db, now);
    throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS);
  }

  await releaseAttempt(db, reservation.ticket);
  const device = await rememberKnownDevice(db, user.id, input.proof, now);
  const session = await createSession(db, user.id, config.ADMIN_SESSION_TTL_SECONDS, now, {
    remembered: input.remember === true,
    device: input.device ?? null,
  });
  await recordAudit(
    db,
    { ...audit, actor: username, action: "login", details: input.remember ? { rememberDevice: true } : undefined },
    now,
  );
  return { ok: true, ...session, device };
}
