import { randomBytes } from "node:crypto";
import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { insertAdminUser } from "./admin-users.repository.server";
import { hashPassword, isPasswordChecksBusy, passwordChecksBusyError } from "./password.server";
import { MIN_PASSWORD_LENGTH, PASSWORDS_DIFFER, PASSWORD_RULE, USERNAME_PATTERN, USERNAME_RULE } from "./rules";
import { hashToken } from "./session.server";

const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export async function adminExists(db: DB): Promise<boolean> {
  return Boolean(await db.selectFrom("admin_users").select("id").limit(1).executeTakeFirst());
}

export async function createAdminUser(db: DB, username: string, password: string, now = Date.now()) {
  return insertAdminUser(db, username, await hashPassword(password), now);
}

/**
 * At start-up: with ADMIN_USERNAME/ADMIN_PASSWORD set and no admin yet, creates
 * that admin; with no admin and no env, issues a one-time setup link and
 * returns its path (the server prints it as a full address once it listens).
 * An existing admin is never overwritten (their password may have been changed).
 */
export async function bootstrapAdmin({
  db,
  config,
  logger,
}: Pick<AppServices, "db" | "config" | "logger">): Promise<{ setupPath: string } | null> {
  if (await adminExists(db)) return null;
  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    try {
      const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
      await db.transaction().execute(async (trx) => {
        const id = await insertAdminUser(trx, config.ADMIN_USERNAME!, passwordHash);
        await recordAudit(trx, {
          actor: config.ADMIN_USERNAME!,
          action: "admin.setup",
          targetType: "admin",
          targetId: id,
          details: { via: "ADMIN_USERNAME/ADMIN_PASSWORD" },
        });
      });
      logger.info({ username: config.ADMIN_USERNAME }, "created the admin account from ADMIN_USERNAME");
    } catch (error) {
      // Another instance starting at the same moment created it first.
      if (!(await adminExists(db))) throw error;
    }
    return null;
  }
  return { setupPath: `/admin/setup?token=${await issueSetupToken(db)}` };
}

export async function issueSetupToken(db: DB, now = Date.now()): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db
    .insertInto("admin_setup_tokens")
    .values({ token_hash: hashToken(token), created_at: now, expires_at: now + SETUP_TOKEN_TTL_MS })
    .execute();
  return token;
}

export async function isSetupTokenValid(db: DB, token: string, now = Date.now()): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await db
    .selectFrom("admin_setup_tokens")
    .select("expires_at")
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  return Boolean(row && row.expires_at > now) && !(await adminExists(db));
}

export const SETUP_LINK_USED = "This setup link is invalid or has already been used.";

/**
 * Creates the first admin with a valid token, then burns every setup token.
 * A refusal is thrown: INVALID_INPUT (naming the field when there is one),
 * RATE_LIMITED when the password checks are all busy.
 */
export async function completeSetup(
  db: DB,
  input: { token: string; username: string; password: string; confirm: string },
  client?: RequestClient,
): Promise<{ ok: true }> {
  if (!(await isSetupTokenValid(db, input.token))) throw new AppError("INVALID_INPUT", SETUP_LINK_USED);
  const username = input.username.trim();
  if (!USERNAME_PATTERN.test(username)) {
    throw new AppError("INVALID_INPUT", USERNAME_RULE, { field: "username" });
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("INVALID_INPUT", PASSWORD_RULE, { field: "password" });
  }
  if (input.password !== input.confirm) {
    throw new AppError("INVALID_INPUT", PASSWORDS_DIFFER, { field: "confirm" });
  }
  // Hashed before the transaction, so the database is not held while scrypt runs (or waits its turn).
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(input.password);
  } catch (error) {
    if (isPasswordChecksBusy(error)) throw passwordChecksBusyError();
    throw error;
  }
  const created = await db.transaction().execute(async (trx) => {
    const burnt = await trx
      .deleteFrom("admin_setup_tokens")
      .where("token_hash", "=", hashToken(input.token))
      .executeTakeFirst();
    if (Number(burnt.numDeletedRows) !== 1 || (await adminExists(trx))) return false;
    const id = await insertAdminUser(trx, username, passwordHash);
    await trx.deleteFrom("admin_setup_tokens").execute();
    await recordAudit(trx, {
      actor: username,
      action: "admin.setup",
      targetType: "admin",
      targetId: id,
      details: { via: "setup link" },
      client,
    });
    return true;
  });
  if (!created) throw new AppError("INVALID_INPUT", SETUP_LINK_USED);
  return { ok: true };
}
