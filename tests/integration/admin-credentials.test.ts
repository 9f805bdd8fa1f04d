import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { changeAdminCredentials } from "~/domain/auth/credentials.server";
import { TOO_MANY_ATTEMPTS } from "~/domain/auth/login.server";
import { bootstrapAdmin, completeSetup, createAdminUser, issueSetupToken } from "~/domain/auth/setup.server";
import { loadConfig } from "../../app/lib/server/config.server";
import { createLogger } from "../../app/lib/server/logger.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { outcome } from "../support/outcome";

describe.each(testDatabases())("the current-password check in Settings on $name", (kind) => {
  let h: DatabaseHandle & { cleanup(): Promise<void> };
  let admin: { adminUserId: number; sessionId: string; username: string };
  beforeEach(async () => {
    h = await freshDatabase(kind);
    await createAdminUser(h.db, "owner", "a-long-password");
    const row = await h.db.selectFrom("admin_users").select("id").executeTakeFirstOrThrow();
    admin = { adminUserId: row.id, sessionId: "session-hash", username: "owner" };
  });
  afterEach(async () => h.cleanup());

  const change = (currentPassword: string, ip: string, now: number, delays: number[] = []) =>
    outcome(
      changeAdminCredentials(
        h.db,
        admin,
        { username: "owner", currentPassword, newPassword: "" },
        { ip, userAgent: "vitest" },
        { now, sleep: (ms) => Promise.resolve(void delays.push(ms)) },
      ),
    );

  it("locks after five wrong current passwords per admin and address, and slows the admin's further checks", async () => {
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 5; i++) {
      expect(await change(`guess-${i}`, "203.0.113.9", t0 + i)).toMatchObject({
        ok: false,
        message: "Current password is incorrect",
      });
    }
    // Even the right password is refused from that address until the window passes.
    expect(await change("a-long-password", "203.0.113.9", t0 + 10)).toMatchObject({
      ok: false,
      code: "RATE_LIMITED",
      message: TOO_MANY_ATTEMPTS,
      retryAfter: 900,
    });
    const delays: number[] = [];
    expect(await change("a-long-password", "192.0.2.1", t0 + 20, delays)).toMatchObject({ ok: true });
    expect(delays).toEqual([500]);
    expect(await change("a-long-password", "203.0.113.9", t0 + 15 * 60_000 + 10)).toMatchObject({ ok: true });
  });

  it("counts a burst of parallel checks before any verdict", async () => {
    const now = 1_700_000_000_000;
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => change(i === 19 ? "a-long-password" : `guess-${i}`, "203.0.113.9", now)),
    );
    expect(burst.filter((r) => !("code" in r && r.code === "RATE_LIMITED")).length).toBeLessThanOrEqual(5);
  });

  it("audits every attempt, refused or not, with the client's address and browser", async () => {
    const t0 = 1_700_000_000_000;
    await change("a-long-password", "192.0.2.1", t0);
    await outcome(
      changeAdminCredentials(
        h.db,
        admin,
        { username: "", currentPassword: "x" },
        { ip: "192.0.2.1", userAgent: "vitest" },
        { now: t0 + 1 },
      ),
    );
    for (let i = 0; i < 5; i++) await change("wrong-password", "203.0.113.9", t0 + 2 + i);
    await change("a-long-password", "203.0.113.9", t0 + 10);
    const rows = await h.db
      .selectFrom("audit_log")
      .select(["actor", "action", "details", "client_ip", "user_agent"])
      .orderBy("id")
      .execute();
    expect(
      rows.map((r) => [r.action, r.client_ip, (JSON.parse(r.details ?? "{}") as { reason?: string }).reason]),
    ).toEqual([
      ["admin.credentials", "192.0.2.1", undefined],
      ["admin.credentials.failed", "192.0.2.1", "invalid input"],
      ...Array.from({ length: 5 }, () => ["admin.credentials.failed", "203.0.113.9", "wrong current password"]),
      ["admin.credentials.failed", "203.0.113.9", "too many attempts"],
    ]);
    expect(rows.every((r) => r.actor === "owner" && r.user_agent === "vitest")).toBe(true);
    expect(JSON.stringify(rows)).not.toContain("wrong-password");
  });
});

describe.each(testDatabases())("setting up the admin on $name", (kind) => {
  let h: DatabaseHandle & { cleanup(): Promise<void> };
  beforeEach(async () => {
    h = await freshDatabase(kind);
  });
  afterEach(async () => h.cleanup());

  it("audits the account's creation through the setup link, with the client", async () => {
    const token = await issueSetupToken(h.db);
    const password = "a-long-password";
    const client = { ip: "192.0.2.1", userAgent: "vitest" };
    expect(await completeSetup(h.db, { token, username: "owner", password, confirm: password }, client)).toEqual({
      ok: true,
    });
    const rows = await h.db.selectFrom("audit_log").selectAll().execute();
    expect(rows).toMatchObject([
      { actor: "owner", action: "admin.setup", target_type: "admin", client_ip: "192.0.2.1", user_agent: "vitest" },
    ]);
    expect(JSON.stringify(rows)).not.toContain(password);
  });

  it("audits the account's creation from the environment once", async () => {
    const logger = createLogger("silent");
    const config = loadConfig({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: "from-the-environment" });
    await bootstrapAdmin({ db: h.db, config, logger });
    await bootstrapAdmin({ db: h.db, config, logger });
    const rows = await h.db.selectFrom("audit_log").selectAll().execute();
    expect(rows).toMatchObject([{ actor: "ops", action: "admin.setup", client_ip: null }]);
  });
});
