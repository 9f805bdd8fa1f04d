import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { burnPasswordCheck, verifyPassword } from "./password.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { createSession } from "./session.server";

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please try again in 15 minutes.";
export const INVALID_CREDENTIALS = "Invalid credentials";

export type LoginResult =
  { ok: true; token: string; expiresAt: number } | { ok: false; status: 401 | 429; message: string };

function subjects(ip: string, username: string): string[] {
  return [`ip:${ip || "unknown"}`, `user:${username.trim().toLowerCase()}`];
}

async function isLockedOut(db: DB, keys: string[], now: number): Promise<boolean> {
  const rows = await db
    .selectFrom("admin_login_failures")
    .select(["subject", (eb) => eb.fn.countAll<number>().as("n")])
    .where("subject", "in", keys)
    .where("failed_at", ">", now - FAILURE_WINDOW_MS)
    .groupBy("subject")
    .execute();
  return rows.some((r) => Number(r.n) >= MAX_FAILURES);
}

/**
 * Checks the password and opens a session. At most five failures per address
 * and per username in fifteen minutes; once locked, even the right password is
 * refused until the window passes, so guessing cannot continue.
 */
export async function login(
  { db, config }: Pick<AppServices, "db" | "config">,
  input: { username: string; password: string; ip: string },
  now = Date.now(),
): Promise<LoginResult> {
  const keys = subjects(input.ip, input.username);
  if (await isLockedOut(db, keys, now)) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };

  const user = await db
    .selectFrom("admin_users")
    .select(["id", "password_hash"])
    .where("username", "=", input.username.trim())
    .executeTakeFirst();
  const valid = user
    ? await verifyPassword(input.password, user.password_hash)
    : (await burnPasswordCheck(input.password), false);

  if (!user || !valid) {
    await db
      .insertInto("admin_login_failures")
      .values(keys.map((subject) => ({ subject, failed_at: now })))
      .execute();
    await db
      .deleteFrom("admin_login_failures")
      .where("failed_at", "<=", now - FAILURE_WINDOW_MS)
      .execute();
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }

  await db.deleteFrom("admin_login_failures").where("subject", "=", keys[1]!).execute();
  const session = await createSession(db, user.id, config.ADMIN_SESSION_TTL_SECONDS, now);
  await recordAudit(db, { actor: input.username.trim(), action: "login", targetType: "admin", targetId: user.id }, now);
  return { ok: true, ...session };
}
