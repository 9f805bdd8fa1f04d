import { createHash, randomBytes } from "node:crypto";
import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";

/** The known-device cookie's name over plain HTTP (known-device.server.ts). */
const KNOWN_DEVICE_NAME = "admin_device";

/** The session cookie's name over plain HTTP (the local demo). */
export const SESSION_COOKIE = "admin_session";

/**
 * Its name behind HTTPS. Browsers keep a `__Host-` cookie only when this very
 * host set it with Secure, Path=/ and no Domain, so a sibling subdomain (or a
 * plain-HTTP page on the same name) can never plant or overwrite one.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export interface AdminSession {
  /** Hash of the cookie token (the row id). */
  id: string;
  adminUserId: number;
  username: string;
  expiresAt: number;
  /** The operator asked this device to be remembered (up to 30 days). */
  remembered: boolean;
  /** When the password was last typed on this session: at sign-in, or asked again since. */
  passwordAt: number;
}

/** How long a remembered device stays signed in: its session's absolute lifetime. */
export const REMEMBER_DEVICE_SECONDS = 30 * 24 * 60 * 60;

export interface NewSessionOptions {
  /** "Remember this device": the session lasts REMEMBER_DEVICE_SECONDS instead of the usual TTL. */
  remembered?: boolean;
  /** What the browser said it was, to recognise the device in My Account. */
  device?: string | null;
}

/** "Chrome on Android" from a User-Agent: enough to tell the operator's own devices apart, nothing more kept. */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /SamsungBrowser\//.test(userAgent)
      ? "Samsung Internet"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrome\/|CriOS\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : "A browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Linux|CrOS/.test(userAgent)
            ? "Linux"
            : null;
  return system ? `${browser} on ${system}` : browser;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new session row; the raw token goes only into the cookie. Absolute expiry, never extended. */
export async function createSession(
  db: DB,
  adminUserId: number,
  ttlSeconds: number,
  now = Date.now(),
  { remembered = false, device = null }: NewSessionOptions = {},
): Promise<{ token: string; expiresAt: number; maxAgeSeconds: number }> {
  const token = randomBytes(32).toString("base64url");
  const maxAgeSeconds = remembered ? REMEMBER_DEVICE_SECONDS : ttlSeconds;
  const expiresAt = now + maxAgeSeconds * 1000;
  await db.deleteFrom("admin_sessions").where("expires_at", "<=", now).execute();
  await db
    .insertInto("admin_sessions")
    .values({
      id: hashToken(token),
      admin_user_id: adminUserId,
      created_at: now,
      expires_at: expiresAt,
      remembered: remembered ? 1 : 0,
      device: device?.slice(0, 80) ?? null,
      // Signing in is typing the password.
      password_at: now,
    })
    .execute();
  return { token, expiresAt, maxAgeSeconds };
}

/** The password was typed again on this session (asked for before a sensitive change). */
export async function markPasswordEntered(db: DB, sessionId: string, now = Date.now()): Promise<void> {
  await db.updateTable("admin_sessions").set({ password_at: now }).where("id", "=", sessionId).execute();
}

export interface RememberedDevice {
  /** The session row's id (a hash of its token, which never leaves the cookie). */
  id: string;
  device: string | null;
  since: number;
  until: number;
  current: boolean;
}

/** The devices this admin asked to be remembered and that still are, newest first (My Account). */
export async function rememberedDevices(
  db: DB,
  adminUserId: number,
  currentSessionId: string,
  now = Date.now(),
): Promise<RememberedDevice[]> {
  const rows = await db
    .selectFrom("admin_sessions")
    .select(["id", "device", "created_at", "expires_at"])
    .where("admin_user_id", "=", adminUserId)
    .where("remembered", "=", 1)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    since: r.created_at,
    until: r.expires_at,
    current: r.id === currentSessionId,
  }));
}

/** Forgets a remembered device: its session ends, so it must sign in again. Answers whether there was one. */
export async function forgetDevice(db: DB, adminUserId: number, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("admin_sessions")
    .where("id", "=", sessionId)
    .where("admin_user_id", "=", adminUserId)
    .where("remembered", "=", 1)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A new password ends "remember this device" here too: this session goes
 * back to the usual lifetime from now (never longer than it had), so only
 * a sign-in with the new password remembers a device again.
 */
export async function endRemembering(db: DB, sessionId: string, ttlSeconds: number, now = Date.now()): Promise<void> {
  const session = await db
    .selectFrom("admin_sessions")
    .select(["remembered", "expires_at"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  if (!session || session.remembered !== 1) return;
  await db
    .updateTable("admin_sessions")
    .set({ remembered: 0, expires_at: Math.min(session.expires_at, now + ttlSeconds * 1000), password_at: now })
    .where("id", "=", sessionId)
    .execute();
}

export async function findSession(db: DB, token: string, now = Date.now()): Promise<AdminSession | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.admin_user_id")
    .select([
      "admin_sessions.id",
      "admin_sessions.admin_user_id",
      "admin_sessions.created_at",
      "admin_sessions.expires_at",
      "admin_sessions.remembered",
      "admin_sessions.password_at",
      "admin_users.username",
    ])
    .where("admin_sessions.id", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return null;
  return {
    id: row.id,
    adminUserId: row.admin_user_id,
    username: row.username,
    expiresAt: row.expires_at,
    remembered: row.remembered === 1,
    passwordAt: row.password_at ?? row.created_at,
  };
}

export async function deleteSessionByToken(db: DB, token: string): Promise<void> {
  if (!token) return;
  await db.deleteFrom("admin_sessions").where("id", "=", hashToken(token)).execute();
}

/**
 * After a password change: every session of this admin but `keepSessionId`
 * (the device that changed it) ends, so whoever held the old password, or a
 * session opened with it (a remembered device too), is out; and the device
 * that changed it is no longer remembered (endRemembering). Answers how many ended.
 */
export async function endOtherSessions(
  db: DB,
  adminUserId: number,
  keepSessionId: string,
  { ttlSeconds = 7200, now = Date.now() }: { ttlSeconds?: number; now?: number } = {},
): Promise<number> {
  const result = await db
    .deleteFrom("admin_sessions")
    .where("admin_user_id", "=", adminUserId)
    .where("id", "!=", keepSessionId)
    .executeTakeFirst();
  await endRemembering(db, keepSessionId, ttlSeconds, now);
  return Number(result.numDeletedRows);
}

/** Log out: ends the session and records who left, and from where. */
export async function logout(db: DB, token: string, client?: RequestClient, now = Date.now()): Promise<void> {
  const session = await findSession(db, token, now);
  await deleteSessionByToken(db, token);
  if (session) {
    await recordAudit(
      db,
      { actor: session.username, action: "logout", targetType: "admin", targetId: session.adminUserId, client },
      now,
    );
  }
}

function overHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** The session cookie's name for the transport this request came over (HTTPS honours TRUST_PROXY). */
export function sessionCookieName(request: Request): string {
  return overHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/**
 * The admin session token this request carries, or "" for none.
 *
 * Only the transport's own name counts: behind HTTPS the `__Host-` cookie, so
 * an unprefixed `admin_session` that another subdomain planted is ignored.
 *
 * When several cookies of that name arrive, none is used. Browsers send a
 * more specific Path first, so a cookie planted for `/admin` by a sibling
 * subdomain would win a "first match" and put the operator into a session the
 * attacker chose; picking any other one would be a guess too. Refusing them
 * all never yields a session we did not hand to this browser. Its cost (the
 * operator is asked to sign in) can only arise over plain HTTP: behind HTTPS
 * a browser holds at most one `__Host-` cookie of a name for this host, and
 * nobody else can set it.
 */
export function readSessionToken(request: Request): string {
  const values = cookieValues(request, sessionCookieName(request));
  return values.length === 1 ? values[0]! : "";
}

/**
 * The value of cookie `name` when exactly one such cookie arrived, else "".
 * `SESSION_COOKIE` (the default) means the admin session under whichever name
 * this transport uses, as readSessionToken.
 */
export function readCookie(request: Request, name = SESSION_COOKIE): string {
  if (name === SESSION_COOKIE) return readSessionToken(request);
  const values = cookieValues(request, name);
  return values.length === 1 ? values[0]! : "";
}

/** Every value sent under `name`, in the order the browser sent them; a malformed escape counts as "". */
function cookieValues(request: Request, name: string): string[] {
  const header = request.headers.get("cookie") ?? "";
  const values: string[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        values.push(decodeURIComponent(part.slice(eq + 1).trim()));
      } catch {
        values.push("");
      }
    }
  }
  return values;
}

/**
 * Path=/ and no Domain always (what `__Host-` requires); Secure whenever the
 * request reached us over HTTPS (directly or through a trusted proxy).
 */
function cookieAttributes(request: Request, maxAgeSeconds: number): string {
  const secure = overHttps(request) ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function sessionCookie(request: Request, token: string, ttlSeconds: number): string {
  return `${sessionCookieName(request)}=${token}; ${cookieAttributes(request, ttlSeconds)}`;
}

/** The known-device cookie's name for this transport: `__Host-` behind HTTPS, as the session's (known-device.server.ts). */
export function knownDeviceCookieName(request: Request): string {
  return overHttps(request) ? `__Host-${KNOWN_DEVICE_NAME}` : KNOWN_DEVICE_NAME;
}

/** The token of the known-device cookie this request carries, or "". */
export function readKnownDeviceToken(request: Request): string {
  return readCookie(request, knownDeviceCookieName(request));
}

export function knownDeviceCookie(request: Request, token: string, maxAgeSeconds: number): string {
  return `${knownDeviceCookieName(request)}=${token}; ${cookieAttributes(request, maxAgeSeconds)}`;
}

/** Clears the cookie under the name it was set with (a `__Host-` cookie can only be cleared with Secure). */
export function clearSessionCookie(request: Request): string {
  return `${sessionCookieName(request)}=; ${cookieAttributes(request, 0)}`;
}
