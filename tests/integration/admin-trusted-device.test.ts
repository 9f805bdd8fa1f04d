import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "~/domain/auth/session.server";
import { testDatabases } from "../support/databases";
import { type HostileShop, startShop } from "../support/hostile";
import { makeOrder } from "../support/orders";
import { NEW_PASSWORD, TEST_ADMIN_ENV, WRONG_PASSWORD } from "../support/test-accounts";

const OWNER = TEST_ADMIN_ENV;
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Staying signed in on the operator's own phone (issue 33): "remember this
 * device" for up to 30 days, forgotten in My Account or by a new password,
 * while the danger zone, secrets, account changes and restores ask for the
 * password again once it was not typed for 15 minutes. Time is driven by
 * moving the session's own timestamps, never by waiting.
 */
describe.each(testDatabases())("a remembered device on $name", (kind) => {
  let shop: HostileShop;
  beforeAll(async () => {
    shop = await startShop(kind, OWNER);
  });
  afterAll(async () => shop?.stop());

  async function signIn(remember: boolean, userAgent = PHONE) {
    const body = new URLSearchParams({ username: OWNER.ADMIN_USERNAME, password: OWNER.ADMIN_PASSWORD });
    if (remember) body.set("remember", "on");
    const res = await fetch(`${shop.url}/admin/login`, {
      method: "POST",
      headers: { "user-agent": userAgent },
      body,
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const header = res.headers.get("set-cookie") ?? "";
    const cookie = header.split(";")[0]!;
    const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
    const row = await shop.db.db
      .selectFrom("admin_sessions")
      .selectAll()
      .where("id", "=", hashToken(token))
      .executeTakeFirstOrThrow();
    return { cookie, header, row, id: row.id };
  }

  const session = (id: string) =>
    shop.db.db.selectFrom("admin_sessions").selectAll().where("id", "=", id).executeTakeFirst();
  /** The password was last typed `minutes` ago on this session. */
  const typedAgo = (id: string, minutes: number) =>
    shop.db.db
      .updateTable("admin_sessions")
      .set({ password_at: Date.now() - minutes * 60_000 })
      .where("id", "=", id)
      .execute();
  const settings = (cookie: string, fields: Record<string, string>) =>
    fetch(`${shop.url}/admin/settings.data`, {
      method: "POST",
      headers: { cookie, origin: shop.url },
      body: new URLSearchParams(fields),
    });
  const api = (cookie: string, path: string, method: string, body?: unknown) =>
    fetch(`${shop.url}${path}`, {
      method,
      headers: { cookie, origin: shop.url, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const signedIn = async (cookie: string) => (await api(cookie, "/api/admin/pulse", "GET")).status === 200;

  it("keeps the 2-hour session without the opt-in, and 30 days with it, naming the device", async () => {
    const plain = await signIn(false);
    expect(plain.header).toMatch(/Max-Age=7200\b/);
    expect(plain.row.remembered).toBe(0);
    expect(Math.abs(plain.row.expires_at - (Date.now() + 2 * HOUR))).toBeLessThan(60_000);

    const phone = await signIn(true);
    expect(phone.header).toMatch(/Max-Age=2592000\b/);
    expect(phone.row).toMatchObject({ remembered: 1, device: "Chrome on Android" });
    expect(Math.abs(phone.row.expires_at - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(await signedIn(phone.cookie)).toBe(true);

    // Three weeks on, the phone is still signed in; a session without the opt-in is long gone.
    await shop.db.db
      .updateTable("admin_sessions")
      .set((eb) => ({ created_at: eb("created_at", "-", 21 * DAY), expires_at: eb("expires_at", "-", 21 * DAY) }))
      .where("id", "in", [plain.id, phone.id])
      .execute();
    expect(await signedIn(phone.cookie)).toBe(true);
    expect(await signedIn(plain.cookie)).toBe(false);
  });

  it("asks for the password again before the danger zone, a restore or a secret after 15 minutes", async () => {
    const phone = await signIn(true);
    const order = await makeOrder(shop.db.db, { target: "keep_me" });
    const orders = async () => (await shop.db.db.selectFrom("orders").select("order_id").execute()).length;
    const before = await orders();

    await typedAgo(phone.id, 16);
    const refused: Array<Record<string, string>> = [
      { intent: "delete-selected", deleteOptions: "orders" },
      { intent: "delete-all" },
      { intent: "restore-backup", backup: "orders-2026.jsonl.gz" },
      { intent: "sms-secret-rotate" },
      { intent: "gateway-save", keyId: "rzp_test_abcdefgh12", keySecret: "abcdefghijklmnop1234", webhookSecret: "" },
    ];
    for (const fields of refused) {
      const res = await settings(phone.cookie, fields);
      expect(res.status, fields.intent).toBe(403);
      const text = await res.text();
      expect(text, fields.intent).toContain("PASSWORD_REQUIRED");
      expect(text).toContain("Enter your password again to do this (it is asked again after 15 minutes)");
    }
    const api403 = await api(phone.cookie, "/api/admin/delete-all-data", "DELETE");
    expect(api403.status).toBe(403);
    expect(await api403.json()).toMatchObject({ success: false, code: "FORBIDDEN", reason: "PASSWORD_REQUIRED" });
    expect(
      (await api(phone.cookie, "/api/admin/setting", "POST", { key: "VITE_SMM_PANEL_API_KEY", value: "new-key-123" }))
        .status,
    ).toBe(403);
    expect(await orders()).toBe(before);
    expect((await session(phone.id))?.password_at).toBeLessThan(Date.now() - 15 * 60_000);

    // Where paid orders go is as sensitive (issue 47 point 1): a panel's URL or key, by the Panels page or the
    // settings API, a new default panel, a deleted one.
    const panelsBefore = await shop.db.db.selectFrom("panels").selectAll().orderBy("id").execute();
    const panels = (fields: Record<string, string>) =>
      fetch(`${shop.url}/admin/panels.data`, {
        method: "POST",
        headers: { cookie: phone.cookie, origin: shop.url },
        body: new URLSearchParams(fields),
      });
    const attacker = { apiUrl: "https://attacker.example/api/v2", apiKey: "attacker-key-123" };
    const panelRefused: Array<Record<string, string>> = [
      { intent: "save", name: "Attacker", ...attacker },
      ...panelsBefore.flatMap((p) => [
        { intent: "save", id: String(p.id), name: p.name, ...attacker },
        { intent: "save", id: String(p.id), name: p.name, apiUrl: p.api_url, apiKey: attacker.apiKey },
        { intent: "delete", id: String(p.id) },
        { intent: "make-default", id: String(p.id) },
      ]),
    ];
    for (const fields of panelRefused) {
      const res = await panels(fields);
      expect(res.status, JSON.stringify(fields)).toBe(403);
      expect(await res.text()).toContain("PASSWORD_REQUIRED");
    }
    const viaApi = await api(phone.cookie, "/api/admin/setting", "POST", {
      key: "VITE_SMM_PANEL_URL",
      value: attacker.apiUrl,
    });
    expect(viaApi.status).toBe(403);
    expect(await shop.db.db.selectFrom("panels").selectAll().orderBy("id").execute()).toEqual(panelsBefore);

    // Everyday changes do not ask: a card saved with its secret left empty ("keep the saved one").
    const store = await settings(phone.cookie, {
      intent: "payment",
      upiId: "shop@okaxis",
      merchantName: "Shop",
      autoSendPaidOrders: "true",
    });
    expect(store.status).toBe(200);

    // A wrong password is refused (and counted like a sign-in); the right one opens 15 minutes.
    const wrong = await api(phone.cookie, "/api/admin/confirm-password", "POST", { password: WRONG_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: "Current password is incorrect", field: "password" });
    const failed = await shop.db.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "=", "admin.password.confirm.failed")
      .execute();
    expect(failed.length).toBeGreaterThan(0);
    const right = await api(phone.cookie, "/api/admin/confirm-password", "POST", { password: OWNER.ADMIN_PASSWORD });
    expect(right.status).toBe(200);
    expect(Date.now() - (await session(phone.id))!.password_at!).toBeLessThan(60_000);

    const deleted = await settings(phone.cookie, { intent: "delete-selected", deleteOptions: "orders" });
    expect(deleted.status).toBe(200);
    expect(
      await shop.db.db.selectFrom("orders").select("order_id").where("order_id", "=", order.order_id).execute(),
    ).toEqual([]);

    // Fourteen minutes after typing it, no question; sixteen, the question again.
    await typedAgo(phone.id, 14);
    expect(
      (await api(phone.cookie, "/api/admin/setting", "POST", { key: "VITE_SMM_PANEL_API_KEY", value: "" })).status,
    ).toBe(200);
    expect((await settings(phone.cookie, { intent: "delete-selected", deleteOptions: "orders" })).status).toBe(200);
    await typedAgo(phone.id, 16);
    expect((await settings(phone.cookie, { intent: "delete-selected", deleteOptions: "orders" })).status).toBe(403);
  });

  it("lists remembered devices in My Account, forgets one there, and forgets all with a new password", async () => {
    const phone = await signIn(true);
    const laptop = await signIn(
      true,
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15",
    );
    const tablet = await signIn(
      true,
      "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
    );
    const page = await (await fetch(`${shop.url}/admin/account`, { headers: { cookie: phone.cookie } })).text();
    expect(page).toContain("Remembered devices");
    expect(page).toContain("Safari on macOS");
    expect(page).toContain("Chrome on iOS");

    const forgot = await fetch(`${shop.url}/admin/account`, {
      method: "POST",
      headers: { cookie: phone.cookie, origin: shop.url },
      body: new URLSearchParams({ intent: "forget-device", device: laptop.id }),
      redirect: "manual",
    });
    expect(forgot.status).toBe(302);
    expect(await signedIn(laptop.cookie)).toBe(false);
    expect(await signedIn(phone.cookie)).toBe(true);
    const audit = await shop.db.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "=", "admin.device.forget")
      .execute();
    expect(audit).toHaveLength(1);

    // A new password: every other session ends, and this device is no longer remembered (back to 2 hours).
    const changed = await fetch(`${shop.url}/admin/account`, {
      method: "POST",
      headers: { cookie: phone.cookie, origin: shop.url },
      body: new URLSearchParams({
        intent: "password",
        currentPassword: OWNER.ADMIN_PASSWORD,
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      }),
      redirect: "manual",
    });
    expect(changed.status).toBe(302);
    expect(await signedIn(tablet.cookie)).toBe(false);
    expect(await signedIn(phone.cookie)).toBe(true);
    const kept = (await session(phone.id))!;
    expect(kept.remembered).toBe(0);
    expect(kept.expires_at).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
    const after = await (await fetch(`${shop.url}/admin/account`, { headers: { cookie: phone.cookie } })).text();
    expect(after).toContain("No device is remembered.");
  });
});
