import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WRONG_CURRENT_PASSWORD } from "~/domain/auth/current-password.server";
import { USERNAME_TAKEN } from "~/domain/auth/credentials.server";
import { CURRENT_PASSWORD_NEEDED, PASSWORDS_DIFFER, PASSWORD_RULE, USERNAME_RULE } from "~/domain/auth/rules";
import { createAdminUser } from "~/domain/auth/setup.server";
import { testDatabases } from "../support/databases";
import { type HostileShop, adminLogin, snapshot, startShop } from "../support/hostile";
import { NEW_PASSWORD, TEST_ADMIN, WRONG_PASSWORD } from "../support/test-accounts";

const PASSWORD = TEST_ADMIN.password;

/** Signs in as the sign-in form does; answers the session cookie, or null when refused. */
async function signIn(shop: HostileShop, username: string, password: string): Promise<string | null> {
  const res = await fetch(`${shop.url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  return res.status === 302 && cookie.startsWith("admin_session=") ? cookie : null;
}

/** Submits one My Account form as the page does (same origin); answers the status and the action's data. */
async function account(shop: HostileShop, cookie: string, fields: Record<string, string>) {
  const res = await fetch(`${shop.url}/admin/account.data`, {
    method: "POST",
    headers: { cookie, origin: shop.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: res.status, text: await res.text(), toast: res.headers.get("set-cookie") ?? "" };
}

/** Whether an admin page opens with this cookie (200) or sends the browser to sign in (302). */
async function pageStatus(shop: HostileShop, cookie: string, path = "/admin/dashboard") {
  return (await fetch(`${shop.url}${path}`, { headers: { cookie }, redirect: "manual" })).status;
}

async function auditRows(shop: HostileShop, action: string) {
  const rows = await shop.db.db
    .selectFrom("audit_log")
    .select(["actor", "details"])
    .where("action", "=", action)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    actor: r.actor,
    details: (typeof r.details === "string" ? JSON.parse(r.details) : r.details) as Record<string, unknown>,
  }));
}

describe.each(testDatabases())("My Account on $name", (kind) => {
  let shop: HostileShop;
  beforeAll(async () => {
    shop = await startShop(kind, { ADMIN_USERNAME: "owner", ADMIN_PASSWORD: PASSWORD });
  });
  afterAll(async () => shop?.stop());

  it("refuses each bad input with its message on the field, and changes nothing", async () => {
    const cookie = await adminLogin(shop.url, "owner", PASSWORD);
    await createAdminUser(shop.db.db, "taken-name", NEW_PASSWORD);
    const before = await snapshot(shop.db, ["admin_users", "settings"]);
    const sessions = await shop.db.db.selectFrom("admin_sessions").select("id").execute();

    const cases: Array<[Record<string, string>, number, string]> = [
      [
        { intent: "password", currentPassword: WRONG_PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
        400,
        WRONG_CURRENT_PASSWORD,
      ],
      [{ intent: "password", currentPassword: PASSWORD, password: "short", confirm: "short" }, 400, PASSWORD_RULE],
      [
        { intent: "password", currentPassword: PASSWORD, password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` },
        400,
        PASSWORDS_DIFFER,
      ],
      [
        { intent: "password", currentPassword: "", password: NEW_PASSWORD, confirm: NEW_PASSWORD },
        400,
        CURRENT_PASSWORD_NEEDED,
      ],
      [{ intent: "username", username: "no spaces allowed", currentPassword: PASSWORD }, 400, USERNAME_RULE],
      [{ intent: "username", username: "ab", currentPassword: PASSWORD }, 400, USERNAME_RULE],
      [{ intent: "username", username: "taken-name", currentPassword: PASSWORD }, 409, USERNAME_TAKEN],
      [{ intent: "username", username: "new-owner", currentPassword: WRONG_PASSWORD }, 400, WRONG_CURRENT_PASSWORD],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await account(shop, cookie, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.text).toContain(message);
      expect(answer.toast).not.toContain("toast=");
    }

    expect(await snapshot(shop.db, ["admin_users", "settings"])).toEqual(before);
    expect(await shop.db.db.selectFrom("admin_sessions").select("id").execute()).toEqual(sessions);
    expect(await signIn(shop, "owner", PASSWORD)).not.toBeNull();
    // The refusals the current-password check made are audited, with their reason and no password.
    expect(await auditRows(shop, "admin.password.failed")).toEqual([
      { actor: "owner", details: { reason: "wrong current password" } },
    ]);
    expect(await auditRows(shop, "admin.username.failed")).toEqual([
      { actor: "owner", details: { reason: "username taken" } },
      { actor: "owner", details: { reason: "wrong current password" } },
    ]);
  });

  it("changes the password: the old one no longer signs in, other sessions end, this one stays", async () => {
    const here = await adminLogin(shop.url, "owner", PASSWORD);
    const elsewhere = await adminLogin(shop.url, "owner", PASSWORD);
    const dashboard = await (await fetch(`${shop.url}/admin/dashboard`, { headers: { cookie: here } })).text();
    expect(dashboard).toContain('data-unsafe-default="admin-password-env"');
    expect(dashboard).toContain('href="/admin/account"');

    const changed = await account(shop, here, {
      intent: "password",
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(changed.status, changed.text).toBe(202);
    expect(changed.toast).toContain("toast=password-changed");

    expect(await pageStatus(shop, here)).toBe(200);
    expect(await pageStatus(shop, elsewhere)).toBe(302);
    expect(await signIn(shop, "owner", PASSWORD)).toBeNull();
    expect(await signIn(shop, "owner", NEW_PASSWORD)).not.toBeNull();
    // No longer the password from the environment: the banner's item is gone.
    const after = await (await fetch(`${shop.url}/admin/dashboard`, { headers: { cookie: here } })).text();
    expect(after).not.toContain('data-unsafe-default="admin-password-env"');

    const [audit] = await auditRows(shop, "admin.password.change");
    expect(audit!.actor).toBe("owner");
    expect(audit!.details.otherSessionsEnded).toBeGreaterThanOrEqual(1);
    const stored = JSON.stringify(await shop.db.db.selectFrom("audit_log").select("details").execute());
    expect(stored).not.toContain(NEW_PASSWORD);
    expect(stored).not.toContain(PASSWORD);
  });

  it("changes the username: the new name signs in, the old one does not, and the page says who is signed in", async () => {
    const cookie = await adminLogin(shop.url, "owner", NEW_PASSWORD);
    const renamed = await account(shop, cookie, {
      intent: "username",
      username: "shop-owner",
      currentPassword: NEW_PASSWORD,
    });
    expect(renamed.status, renamed.text).toBe(202);
    expect(renamed.toast).toContain("toast=username-changed");

    expect(await signIn(shop, "owner", NEW_PASSWORD)).toBeNull();
    const fresh = await signIn(shop, "shop-owner", NEW_PASSWORD);
    expect(fresh).not.toBeNull();
    // Renaming signs nobody out.
    expect(await pageStatus(shop, cookie)).toBe(200);
    const page = await (await fetch(`${shop.url}/admin/account`, { headers: { cookie: fresh! } })).text();
    expect(page).toContain("shop-owner");
    expect(await auditRows(shop, "admin.username.change")).toEqual([
      { actor: "shop-owner", details: { from: "owner", to: "shop-owner" } },
    ]);
  });
});
