import { createHash, randomBytes } from "node:crypto";
import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";

export const SESSION_COOKIE = "admin_session";

export interface AdminSession {
  /** Hash of the cookie token (the row id). */
  id: string;
  adminUserId: number;
  username: string;
  expiresAt: number;
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
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = now + ttlSeconds * 1000;
  await db.deleteFrom("admin_sessions").where("expires_at", "<=", now).execute();
  await db
    .insertInto("admin_sessions")
    .values({ id: hashToken(token), admin_user_id: adminUserId, created_at: now, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

export async function findSession(db: DB, token: string, now = Date.now()): Promise<AdminSession | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.admin_user_id")
    .select(["admin_sessions.id", "admin_sessions.admin_user_id", "admin_sessions.expires_at", "admin_users.username"])
    .where("admin_sessions.id", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return null;
  return { id: row.id, adminUserId: row.admin_user_id, username: row.username, expiresAt: row.expires_at };
}

export async function deleteSessionByToken(db: DB, token: string): Promise<void> {
  if (!token) return;
  await db.deleteFrom("admin_sessions").where("id", "=", hashToken(token)).execute();
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

export function readCookie(request: Request, name = SESSION_COOKIE): string {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return "";
      }
    }
  }
  return "";
}

/** Secure whenever the request reached us over HTTPS (directly or through a trusted proxy). */
function cookieAttributes(request: Request, maxAgeSeconds: number): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function sessionCookie(request: Request, token: string, ttlSeconds: number): string {
  return `${SESSION_COOKIE}=${token}; ${cookieAttributes(request, ttlSeconds)}`;
}

export function clearSessionCookie(request: Request): string {
  return `${SESSION_COOKIE}=; ${cookieAttributes(request, 0)}`;
}
