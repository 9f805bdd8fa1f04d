import type { DB } from "~/db/database.server";
import { isUniqueViolation } from "~/db/unique-violation";
import type { AdminUserRow } from "./table";

/** Every write to `admin_users` goes through here, so who can change an admin's sign-in is one file to read. */

export async function insertAdminUser(db: DB, username: string, passwordHash: string, now = Date.now()) {
  const row = await db
    .insertInto("admin_users")
    .values({ username, password_hash: passwordHash, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findAdminUser(db: DB, id: number): Promise<AdminUserRow | undefined> {
  return db.selectFrom("admin_users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** True when another admin already signs in as `username` (exact match, as sign-in compares). */
export async function usernameTaken(db: DB, username: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom("admin_users")
    .select("id")
    .where("username", "=", username)
    .where("id", "!=", exceptId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Renames an admin. Answers false when the name was taken in the meantime (the
 * column is unique), so a race ends in the same refusal as the check before it.
 */
export async function setAdminUsername(db: DB, id: number, username: string, now = Date.now()): Promise<boolean> {
  try {
    await db.updateTable("admin_users").set({ username, updated_at: now }).where("id", "=", id).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function setAdminPasswordHash(db: DB, id: number, passwordHash: string, now = Date.now()) {
  await db
    .updateTable("admin_users")
    .set({ password_hash: passwordHash, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/** The Settings card's change: both columns at once. */
export async function setAdminCredentials(
  db: DB,
  id: number,
  values: { username: string; passwordHash: string },
  now = Date.now(),
) {
  await db
    .updateTable("admin_users")
    .set({ username: values.username, password_hash: values.passwordHash, updated_at: now })
    .where("id", "=", id)
    .execute();
}
