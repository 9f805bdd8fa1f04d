import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { MAX_DELAY_MS } from "~/domain/auth/attempts.server";
import { INVALID_CREDENTIALS, MAX_FAILURES, TOO_MANY_ATTEMPTS, login } from "~/domain/auth/login.server";
import { hashPassword, verifyPassword } from "~/domain/auth/password.server";
import { safeAdminRedirect } from "~/domain/auth/redirect";
import { findSession } from "~/domain/auth/session.server";
import { bootstrapAdmin, completeSetup, createAdminUser, issueSetupToken } from "~/domain/auth/setup.server";
import { loadConfig } from "../../app/lib/server/config.server";
import { createLogger } from "../../app/lib/server/logger.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { outcome } from "../support/outcome";

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

  const from = (ip: string) => ({ ip, userAgent: "vitest" });
  /** Signs in with the slow-down recorded instead of slept. */
  /** Signs in with the slow-down recorded instead of slept; a refusal comes back as its error code. */
  const attempt = (username: string, password: string, ip: string, now: number, delays: number[] = []) =>
    outcome(
      login(
        { db: h.db, config },
        { username, password, client: from(ip) },
        { now, sleep: (ms) => Promise.resolve(void delays.push(ms)) },
      ),
    );

  it("opens a server-side session with an absolute expiry, and refuses a wrong password", async () => {
    await createAdminUser(h.db, "owner", "a-long-password");
    const now = 1_700_000_000_000;
    const wrong = await attempt("owner", "nope", "1.1.1.1", now);
    expect(wrong).toEqual({ ok: false, code: "UNAUTHORIZED", message: INVALID_CREDENTIALS });
    const unknown = await attempt("ghost", "nope", "1.1.1.1", now);
    expect(unknown).toMatchObject({ ok: false, message: INVALID_CREDENTIALS });

    const ok = await attempt("owner", "a-long-password", "1.1.1.1", now);
    if (!ok.ok) throw new Error("login failed");
    expect(ok.expiresAt).toBe(now + 7_200_000);
    const stored = await h.db.selectFrom("admin_sessions").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(ok.token);
    expect(await findSession(h.db, ok.token, now + 7_199_000)).toMatchObject({ username: "owner" });
    expect(await findSession(h.db, ok.token, now + 7_200_000)).toBeNull();
  });

  // Changed on purpose: the username used to lock for everyone after five failures, so a stranger could keep the operator out.
  it("lets a stranger's failures slow a username down, boundedly, but never lock its owner out", async () => {
    await createAdminUser(h.db, "owner", "a-long-password");
    const t0 = 1_700_000_000_000;
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      expect(await attempt("owner", `guess-${i}`, "10.0.0.1", t0 + i, delays)).toMatchObject({ code: "UNAUTHORIZED" });
    }
    // The attacker's own address is locked, even with the right password.
    expect(await attempt("owner", "a-long-password", "10.0.0.1", t0 + 10, delays)).toEqual({
      ok: false,
      code: "RATE_LIMITED",
      message: TOO_MANY_ATTEMPTS,
      retryAfter: 900,
    });
    // More failures from fresh addresses only make each attempt on the name wait longer, up to 4 s.
    for (let i = 2; i < 7; i++) {
      expect(await attempt("OWNER ", "guess", `10.0.0.${i}`, t0 + 20 + i, delays)).toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
    const owner = await attempt("owner", "a-long-password", "192.0.2.1", t0 + 100, delays);
    expect(owner.ok).toBe(true);
    // No wait for the first five failures of the name, then 0.5, 1, 2, 4 s, and never more.
    expect(delays).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect(Math.max(...delays)).toBeLessThanOrEqual(MAX_DELAY_MS);
    expect(await attempt("owner", "a-long-password", "10.0.0.1", t0 + 15 * 60_000 + 10, delays)).toMatchObject({
      ok: true,
    });
  });

  it("locks an address after five failures across usernames", async () => {
    await createAdminUser(h.db, "owner", "a-long-password");
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 5; i++) await attempt(`guess${i}`, "bad", "9.9.9.9", t0 + i);
    const locked = await attempt("owner", "a-long-password", "9.9.9.9", t0 + 10);
    expect(locked).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect((await attempt("owner", "a-long-password", "8.8.8.8", t0 + 10)).ok).toBe(true);
  });

  it("locks an IPv6 client by its /64, not by the single address", async () => {
    await createAdminUser(h.db, "owner", "a-long-password");
    const t0 = 1_700_000_000_000;
    for (let i = 1; i <= 5; i++) await attempt(`guess${i}`, "bad", `2001:db8:1:2::${i}`, t0 + i);
    expect(await attempt("owner", "a-long-password", "2001:db8:1:2:ffff::99", t0 + 10)).toMatchObject({
      code: "RATE_LIMITED",
    });
    expect((await attempt("owner", "a-long-password", "2001:db8:1:3::1", t0 + 10)).ok).toBe(true);
  });

  it("gives at most five of a burst of parallel guesses a verdict, however they interleave", async () => {
    await createAdminUser(h.db, "owner", "a-long-password");
    const now = 1_700_000_000_000;
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt("owner", i === 29 ? "a-long-password" : `guess-${i}`, "198.51.100.7", now),
      ),
    );
    const codes = burst.map((r) => (r.ok ? "OK" : r.code));
    expect(codes.filter((c) => c !== "RATE_LIMITED").length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(codes.filter((c) => c === "UNAUTHORIZED").length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(codes.filter((c) => c === "RATE_LIMITED").length).toBeGreaterThanOrEqual(30 - MAX_FAILURES);
  });

  it("audits sign-ins, failures and the lock with the client's address and browser", async () => {
    await createAdminUser(h.db, "owner", "a-long-password");
    const t0 = 1_700_000_000_000;
    await attempt("owner", "a-long-password", "192.0.2.1", t0);
    await attempt("ghost", "bad", "203.0.113.9", t0 + 1);
    for (let i = 0; i < 4; i++) await attempt("owner", "bad", "203.0.113.9", t0 + 2 + i);
    await attempt("owner", "a-long-password", "203.0.113.9", t0 + 10);
    const rows = await h.db
      .selectFrom("audit_log")
      .select(["actor", "action", "details", "client_ip", "user_agent"])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.action, r.actor, r.client_ip])).toEqual([
      ["login", "owner", "192.0.2.1"],
      ["login.failed", "ghost", "203.0.113.9"],
      ["login.failed", "owner", "203.0.113.9"],
      ["login.failed", "owner", "203.0.113.9"],
      ["login.failed", "owner", "203.0.113.9"],
      ["login.failed", "owner", "203.0.113.9"],
      ["login.locked", "owner", "203.0.113.9"],
    ]);
    expect(rows.every((r) => r.user_agent === "vitest")).toBe(true);
    expect(JSON.parse(rows[1]!.details!)).toEqual({ reason: "unknown username" });
    expect(JSON.parse(rows[2]!.details!)).toEqual({ reason: "wrong password" });
    expect(JSON.stringify(rows)).not.toContain("bad");
  });

  it("creates the first admin through a one-time setup token", async () => {
    const token = await issueSetupToken(h.db);
    const setup = (input: { token: string; username: string; password: string; confirm: string }) =>
      outcome(completeSetup(h.db, input));
    expect(await setup({ token, username: "owner", password: "short", confirm: "short" })).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      field: "password",
    });
    expect(
      await setup({ token: "forged", username: "owner", password: "a-long-password", confirm: "a-long-password" }),
    ).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await setup({ token, username: "owner", password: "a-long-password", confirm: "a-long-password" })).toEqual({
      ok: true,
    });
    expect(
      await setup({ token, username: "second", password: "a-long-password", confirm: "a-long-password" }),
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
    const ok = await attempt("ops", "from-the-environment", "1.1.1.1", Date.now());
    expect(ok.ok).toBe(true);
    expect(await h.db.selectFrom("admin_setup_tokens").selectAll().execute()).toEqual([]);
  });
});
