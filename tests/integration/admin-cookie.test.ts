import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";
import { TEST_ADMIN } from "../support/test-accounts";

const ADMIN = TEST_ADMIN;
const HTTPS = { "x-forwarded-proto": "https" };

describe.each(testDatabases())("the admin session cookie, on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;

  beforeAll(async () => {
    // Behind a proxy that passes on both HTTPS and plain HTTP, so one server shows both cookies.
    shop = await startTestShop({
      engine: kind,
      admin: ADMIN,
      signIn: false,
      env: { TRUST_PROXY: "1", HTTPS_REDIRECT: "false" },
    });
    server = shop.server;
  });
  afterAll(async () => shop?.stop());

  /** Signs in and returns the Set-Cookie header and the `name=value` pair a browser would send back. */
  async function signIn(headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      headers,
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const setCookie = res.headers.get("set-cookie") ?? "";
    return { setCookie, pair: setCookie.split(";")[0]! };
  }
  const dashboard = (cookie: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/admin/dashboard`, { headers: { cookie, ...headers } }).then((r) => r.status);

  it("behind HTTPS is __Host-admin_session: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax", async () => {
    const { setCookie, pair } = await signIn(HTTPS);
    expect(pair).toMatch(/^__Host-admin_session=[A-Za-z0-9_-]{40,}$/);
    const attributes = setCookie.split(";").map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["secure", "path=/", "httponly", "samesite=lax"]));
    expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
    expect(await dashboard(pair, HTTPS)).toBe(200);
  });

  it("over plain HTTP (the local demo) keeps the name admin_session, without Secure", async () => {
    const { setCookie, pair } = await signIn();
    expect(pair).toMatch(/^admin_session=.+/);
    expect(setCookie).not.toMatch(/secure/i);
    expect(await dashboard(pair)).toBe(200);
  });

  it("behind HTTPS ignores an unprefixed admin_session, as a sibling subdomain could plant one", async () => {
    const { pair } = await signIn();
    expect(await dashboard(pair)).toBe(200);
    // The very same live session, but under the name anyone on the parent domain can set.
    expect(await dashboard(pair, HTTPS)).toBe(401);
    const page = await fetch(`${server.url}/admin/dashboard`, {
      headers: { cookie: pair, ...HTTPS },
      redirect: "manual",
    });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toContain("/admin/login");
  });

  it("uses no session when two cookies of its name arrive, so a planted one sent first cannot choose it", async () => {
    // A browser sends the cookie with the longer Path first: an attacker's `Path=/admin` cookie would come first.
    const planted = (await signIn()).pair;
    const own = (await signIn()).pair;
    expect(await dashboard(own)).toBe(200);
    expect(await dashboard(`${planted}; ${own}`)).toBe(401);
    expect(await dashboard(`admin_session=junk; ${own}`)).toBe(401);

    const plantedHttps = (await signIn(HTTPS)).pair;
    const ownHttps = (await signIn(HTTPS)).pair;
    expect(await dashboard(`${plantedHttps}; ${ownHttps}`, HTTPS)).toBe(401);
    // Other cookies beside the one session cookie change nothing.
    expect(await dashboard(`theme=dark; ${ownHttps}; ${own}`, HTTPS)).toBe(200);
  });

  it("sign-out clears the cookie under the name it was set with, and ends the session", async () => {
    for (const [transport, name, headers] of [
      ["HTTPS", "__Host-admin_session", HTTPS],
      ["HTTP", "admin_session", {}],
    ] as const) {
      const { pair } = await signIn(headers);
      expect(pair.startsWith(`${name}=`), transport).toBe(true);
      const res = await fetch(`${server.url}/admin/logout`, {
        method: "POST",
        headers: { cookie: pair, ...headers },
        redirect: "manual",
      });
      expect(res.status, transport).toBe(302);
      const cleared = res.headers.get("set-cookie") ?? "";
      expect(cleared, transport).toMatch(new RegExp(`^${name}=;`));
      expect(cleared, transport).toMatch(/Max-Age=0/);
      expect(cleared, transport).toMatch(/Path=\//);
      if (transport === "HTTPS") expect(cleared).toMatch(/Secure/);
      expect(await dashboard(pair, headers), transport).toBe(401);
    }
  });
});
