import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, login } from "~/domain/auth/login.server";
import { hashPassword, verifyPassword } from "~/domain/auth/password.server";
import { safeAdminRedirect } from "~/domain/auth/redirect";
import { findSession } from "~/domain/auth/session.server";
import { bootstrapAdmin, completeSetup, createAdminUser, issueSetupToken } from "~/domain/auth/setup.server";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { freshDatabase, testDatabases } from "../support/databases";

const config = loadConfig({ ADMIN_SESSION_TTL_SECONDS: "7200" });

describe("password hashing", () => {
  it("stores a salted scrypt hash with its parameters and checks it", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterz", a)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});

describe("redirect after sign-in", () => {
  it("keeps same-origin admin paths and refuses everything else", () => {
    expect(safeAdminRedirect("/admin/orders?range=all")).toBe("/admin/orders?range=all");
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/adminx",
      "/admin//evil",
      "/admin/login",
      "/",
      null,
    ]) {
      expect(safeAdminRedirect(bad)).toBe("/admin/dashboard");
    }
  });
});

describe.each(testDatabases())("admin sign-in on $name", (kind) => {
  let h: DatabaseHandle & { cleanup(): Promise<void> };
  beforeEach(async () => {
    h = await freshDatabase(kind);
  });
  afterEach(async () => h.cleanup());

  it("opens a server-side session with an absolute expiry, and refuses a wrong password", async () => {
    await createAdminUser(h.db, "owner", "a-long-password");
    const now = 1_700_000_000_000;
    const wrong = await login({ db: h.db, config }, { username: "owner", password: "nope", ip: "1.1.1.1" }, now);
    expect(wrong).toEqual({ ok: false, status: 401, message: INVALID_CREDENTIALS });
    const unknown = await login({ db: h.db, config }, { username: "ghost", password: "nope", ip: "1.1.1.1" }, now);
    expect(unknown).toMatchObject({ ok: false, message: INVALID_CREDENTIALS });

    const ok = await login(
      { db: h.db, config },
      { username: "owner", password: "a-long-password", ip: "1.1.1.1" },
      now,
    );
    if (!ok.ok) throw new Error("login failed");
    expect(ok.expiresAt).toBe(now + 7_200_000);
    const stored = await h.db.selectFrom("admin_sessions").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(ok.token);
    expect(await findSession(h.db, ok.token, now + 7_199_000)).toMatchObject({ username: "owner" });
    expect(await findSession(h.db, ok.token, now + 7_200_000)).toBeNull();
  });

  it("locks a username after five failures in 15 minutes, even from new addresses", async () => {
    await createAdminUser(h.db, "owner", "a-long-password");
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 5; i++) {
      const r = await login({ db: h.db, config }, { username: "owner", password: "bad", ip: `10.0.0.${i}` }, t0 + i);
      expect(r).toMatchObject({ ok: false, message: INVALID_CREDENTIALS });
    }
    const locked = await login(
      { db: h.db, config },
      { username: "owner", password: "a-long-password", ip: "10.0.0.99" },
      t0 + 10,
    );
    expect(locked).toEqual({ ok: false, status: 429, message: TOO_MANY_ATTEMPTS });
    const later = await login(
      { db: h.db, config },
      { username: "owner", password: "a-long-password", ip: "10.0.0.99" },
      t0 + 15 * 60_000 + 10,
    );
    expect(later.ok).toBe(true);
  });

  it("locks an address after five failures across usernames", async () => {
    await createAdminUser(h.db, "owner", "a-long-password");
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 5; i++) {
      await login({ db: h.db, config }, { username: `guess${i}`, password: "bad", ip: "9.9.9.9" }, t0 + i);
    }
    const locked = await login(
      { db: h.db, config },
      { username: "owner", password: "a-long-password", ip: "9.9.9.9" },
      t0 + 10,
    );
    expect(locked).toMatchObject({ ok: false, status: 429 });
    const elsewhere = await login(
      { db: h.db, config },
      { username: "owner", password: "a-long-password", ip: "8.8.8.8" },
      t0 + 10,
    );
    expect(elsewhere.ok).toBe(true);
  });

  it("creates the first admin through a one-time setup token", async () => {
    const token = await issueSetupToken(h.db);
    expect(await completeSetup(h.db, { token, username: "owner", password: "short", confirm: "short" })).toMatchObject({
      ok: false,
      field: "password",
    });
    expect(
      await completeSetup(h.db, {
        token: "forged",
        username: "owner",
        password: "a-long-password",
        confirm: "a-long-password",
      }),
    ).toMatchObject({ ok: false });
    expect(
      await completeSetup(h.db, { token, username: "owner", password: "a-long-password", confirm: "a-long-password" }),
    ).toEqual({ ok: true });
    expect(
      await completeSetup(h.db, { token, username: "second", password: "a-long-password", confirm: "a-long-password" }),
    ).toMatchObject({ ok: false });
    expect(await h.db.selectFrom("admin_users").select("username").execute()).toEqual([{ username: "owner" }]);
  });

  it("pre-seeds the admin from ADMIN_USERNAME/ADMIN_PASSWORD once, and never overwrites it", async () => {
    const logger = createLogger("silent");
    const seeded = loadConfig({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: "from-the-environment" });
    await bootstrapAdmin({ db: h.db, config: seeded, logger });
    await bootstrapAdmin({
      db: h.db,
      config: loadConfig({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: "another-password" }),
      logger,
    });
    const ok = await login({ db: h.db, config }, { username: "ops", password: "from-the-environment", ip: "1.1.1.1" });
    expect(ok.ok).toBe(true);
    expect(await h.db.selectFrom("admin_setup_tokens").selectAll().execute()).toEqual([]);
  });
});
