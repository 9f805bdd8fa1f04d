import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";
import { sqliteDatabase } from "../support/databases";
import { WRONG_PASSWORD, signInForm } from "../support/test-accounts";

/** Every URL pattern in app/routes.ts with the file that serves it. */
function flatten(entries: RouteConfigEntry[], parent = ""): Array<{ path: string; file: string }> {
  const out: Array<{ path: string; file: string }> = [];
  for (const entry of entries) {
    const path = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
    if (entry.path !== undefined || entry.index) out.push({ path: path || "/", file: entry.file });
    if (entry.children) out.push(...flatten(entry.children, path));
  }
  return out;
}

const PUBLIC_ADMIN = new Set(["/admin/login", "/admin/setup", "/admin/logout"]);
/** Files under /admin anyone may read (outside the admin's boundary: no session, no writes). */
const READ_ONLY_ADMIN = new Set(["/admin/manifest.webmanifest"]);
const all = flatten(routes).map((r) => ({
  ...r,
  url: r.path.replace(/:(\w+)\??/g, "BK0000000000"),
}));
const adminPages = all.filter(
  (r) => /^\/admin(\/|$)/.test(r.path) && !PUBLIC_ADMIN.has(r.path) && !READ_ONLY_ADMIN.has(r.path),
);
const adminApi = all.filter((r) => r.path.startsWith("/api/admin/"));

describe("every admin page and /api/admin route refuses strangers", () => {
  let shop: TestShop;
  let server: ServerProcess;
  beforeAll(async () => {
    shop = await startTestShop({ engine: sqliteDatabase, signIn: false });
    server = shop.server;
  });
  afterAll(async () => shop?.stop());

  it("finds the admin routes in app/routes.ts", () => {
    expect(adminPages.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/admin", "/admin/dashboard", "/admin/orders", "/admin/orders/:orderId"]),
    );
    expect(adminApi.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/api/admin/dashboard", "/api/admin/orders", "/api/admin/orders/:id"]),
    );
  });

  it("redirects an anonymous visitor of any admin page to sign-in, remembering the page", async () => {
    for (const r of adminPages) {
      for (const suffix of ["", ".data"]) {
        const res = await fetch(`${server.url}${r.url}${suffix}`, { redirect: "manual" });
        const where = res.headers.get("location") ?? (await res.text());
        expect([302, 202, 204], `${r.url}${suffix}`).toContain(res.status);
        expect(where, `${r.url}${suffix}`).toContain("/admin/login?redirectTo=");
      }
    }
  });

  it("answers 401 JSON to an anonymous call of any /api/admin route, whatever the method", async () => {
    for (const r of adminApi) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const res = await fetch(`${server.url}${r.url}`, { method, redirect: "manual" });
        expect(res.status, `${method} ${r.url}`).toBe(401);
        expect(await res.json()).toEqual({ success: false, message: "Authentication required" });
      }
    }
  });

  it("refuses a cross-site POST to any admin page or API route with 403, even with a valid session", async () => {
    const form = signInForm();
    const login = await fetch(`${server.url}/admin/login`, { method: "POST", body: form, redirect: "manual" });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^admin_session=.+/);
    const dash = await fetch(`${server.url}/api/admin/dashboard`, { headers: { cookie } });
    expect(dash.status).toBe(200);

    for (const r of [...adminPages, ...adminApi, ...all.filter((x) => PUBLIC_ADMIN.has(x.path))]) {
      for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Array<
        Record<string, string>
      >) {
        const res = await fetch(`${server.url}${r.url}`, {
          method: "POST",
          headers: { ...headers, cookie },
          redirect: "manual",
        });
        const label = `POST ${r.url} ${JSON.stringify(headers)}`;
        // A page action with a foreign Origin meets React Router's own origin check first (400).
        if (headers.origin && !r.path.startsWith("/api/")) expect([400, 403], label).toContain(res.status);
        else expect(res.status, label).toBe(403);
      }
    }
    // What anyone may read takes no write at all, from anywhere.
    for (const path of READ_ONLY_ADMIN) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const res = await fetch(`${server.url}${path}`, { method, headers: { cookie }, redirect: "manual" });
        expect(res.status, `${method} ${path}`).toBe(405);
      }
    }
  });

  it("sets the session cookie httpOnly and SameSite=Lax, Secure only over HTTPS", async () => {
    const form = signInForm();
    const res = await fetch(`${server.url}/admin/login`, { method: "POST", body: form, redirect: "manual" });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(res.headers.get("location")).toBe("/admin/dashboard");
  });

  // Last: it locks this test's address out of signing in.
  it("counts failed sign-ins per real client address, whatever address header a client sends", async () => {
    const attempt = (username: string, i: number) =>
      fetch(`${server.url}/admin/login`, {
        method: "POST",
        body: new URLSearchParams({ username, password: WRONG_PASSWORD }),
        headers: { "x-shop-client-ip": `203.0.113.${i}`, "x-forwarded-for": `198.51.100.${i}` },
        redirect: "manual",
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`nobody${i}`, i)).status).toBe(401);
    expect((await attempt("nobody-else", 9)).status).toBe(429);
  });
});
