import { randomBytes } from "node:crypto";
import type { DB } from "~/db/database.server";
import { hashToken } from "./session.server";

/**
 * Devices the admin has signed in on, after OWASP's "device cookies" (Slow
 * Down Online Guessing Attacks with Device Cookies): every sign-in leaves a
 * long-lived, HttpOnly cookie naming the device, and a later sign-in from it
 * for the same admin is counted under that device, not under its address.
 * A stranger guessing from the operator's address (a carrier's NAT, a shared
 * proxy, or an address that is not told apart) then locks out only
 * themselves, and the operator's own phone still gets in with the right
 * password. The device's own failures lock it as an address's would.
 *
 * A session cookie of the same admin counts too, expired or not, while its
 * row is kept (a "recent session": sessions are swept only at a sign-in).
 * The cookie itself (`admin_device`, `__Host-admin_device` behind HTTPS) is
 * written and read in session.server.ts, beside the session's.
 */
/** How long a device stays known after its last sign-in. */
export const KNOWN_DEVICE_DAYS = 180;
const KNOWN_DEVICE_MS = KNOWN_DEVICE_DAYS * 24 * 60 * 60 * 1000;

/** What the browser sent that may name a device the admin used before. */
export interface DeviceProof {
  /** The known-device cookie's token, or "". */
  deviceToken?: string;
  /** The admin session cookie's token, or "". */
  sessionToken?: string;
}

/**
 * The lock subject of the device this sign-in comes from when it is one the
 * admin named `username` signed in on before; null for a stranger's device.
 */
export async function knownDeviceSubject(
  db: DB,
  username: string,
  proof: DeviceProof | undefined,
  now: number,
): Promise<string | null> {
  const device = token(proof?.deviceToken);
  if (device) {
    const row = await db
      .selectFrom("admin_known_devices")
      .innerJoin("admin_users", "admin_users.id", "admin_known_devices.admin_user_id")
      .select("admin_known_devices.id")
      .where("admin_known_devices.id", "=", hashToken(device))
      .where("admin_users.username", "=", username)
      .where("admin_known_devices.expires_at", ">", now)
      .executeTakeFirst();
    if (row) return `device:${row.id}`;
  }
  const session = token(proof?.sessionToken);
  if (session) {
    const row = await db
      .selectFrom("admin_sessions")
      .innerJoin("admin_users", "admin_users.id", "admin_sessions.admin_user_id")
      .select("admin_sessions.id")
      .where("admin_sessions.id", "=", hashToken(session))
      .where("admin_users.username", "=", username)
      .executeTakeFirst();
    if (row) return `session:${row.id}`;
  }
  return null;
}

/**
 * After a sign-in with the right password: the device's cookie lasts
 * KNOWN_DEVICE_DAYS from now, keeping its token when it already named a
 * device of this admin, else with a new one. Answers the token to set.
 */
export async function rememberKnownDevice(
  db: DB,
  adminUserId: number,
  proof: DeviceProof | undefined,
  now: number,
): Promise<{ token: string; maxAgeSeconds: number }> {
  const expiresAt = now + KNOWN_DEVICE_MS;
  const maxAgeSeconds = KNOWN_DEVICE_MS / 1000;
  const current = token(proof?.deviceToken);
  if (current) {
    const kept = await db
      .updateTable("admin_known_devices")
      .set({ used_at: now, expires_at: expiresAt })
      .where("id", "=", hashToken(current))
      .where("admin_user_id", "=", adminUserId)
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) > 0) return { token: current, maxAgeSeconds };
  }
  await db.deleteFrom("admin_known_devices").where("expires_at", "<=", now).execute();
  const fresh = randomBytes(32).toString("base64url");
  await db
    .insertInto("admin_known_devices")
    .values({ id: hashToken(fresh), admin_user_id: adminUserId, created_at: now, used_at: now, expires_at: expiresAt })
    .execute();
  return { token: fresh, maxAgeSeconds };
}

/** A cookie's value as a token worth looking up: cookies are the browser's to send, so anything odd is no token. */
function token(value: string | undefined): string | null {
  return value && value.length <= 200 ? value : null;
}
