import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteDatabase } from "../support/databases";
import { type ServerProcess, runServerExpectingExit } from "../support/server-process";
import { signInForm } from "../support/test-accounts";
import { type TestShop, startTestShop } from "../support/test-shop";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http rather than fetch, which would not let a test choose the Host header. */
function send(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(`${base}${path}`, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const SIX_MONTHS = 15_552_000;

describe("plain HTTP behind the proxy", () => {
  let shop: TestShop;
  let proxied: ServerProcess;
  let listed: ServerProcess;
  let optedOut: ServerProcess;
  let direct: ServerProcess;

  beforeAll(async () => {
    // Without a proxy (the local demo): the test shop itself. The others are instances of it with the proxy's
    // settings, started one after another: each writes the SQLite file as it starts.
    shop = await startTestShop({ engine: sqliteDatabase });
    direct = shop.server;
    // Behind a proxy the placeholder UPI ID takes orders only in the demo: the simulator makes this shop one.
    proxied = await shop.startAnother({
      TRUST_PROXY: "1",
      PUBLIC_BASE_URL: "https://shop.example",
      PANEL_SIMULATOR: "true",
      PANEL_SIMULATOR_PORT: "0",
    });
    // No public address configured (the setting still the local default): only the listed hosts.
    listed = await shop.startAnother({ TRUST_PROXY: "1", HTTPS_REDIRECT_HOSTS: "shop.example, www.shop.example" });
    optedOut = await shop.startAnother({ TRUST_PROXY: "1", HTTPS_REDIRECT: "false" });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it("is sent to the same host, path and query over HTTPS with 308", async () => {
    const viaProxy = { host: "shop.example", "x-forwarded-proto": "http" };
    for (const path of [
      "/",
      "/checkout?order=BK123&x=1",
      "/admin/login",
      "/api/order-status?orderId=BK123",
      "/api/plans",
    ]) {
      const res = await send(proxied.url, path, { headers: viaProxy });
      expect(res.status, path).toBe(308);
      expect(res.headers.location, path).toBe(`https://shop.example${path}`);
      // Never kept by a browser or a shared cache: where it leads may change with the settings.
      expect(res.headers["cache-control"], path).toBe("no-store");
    }
    // A proxy that says nothing about the scheme: the request is not known to be HTTPS.
    const bare = await send(proxied.url, "/track", { headers: { host: "shop.example" } });
    expect(bare.status).toBe(308);
    // HTTPS listens on its standard port, whatever port plain HTTP came in on.
    const withPort = await send(proxied.url, "/blog", { headers: { ...viaProxy, host: "shop.example:8080" } });
    expect(withPort.headers.location).toBe("https://shop.example/blog");
  });

  it("keeps a post a post (308), and the redirected request creates nothing", async () => {
    const https = { "x-forwarded-proto": "https", "content-type": "application/json" };
    const plans = JSON.parse(
      (await send(proxied.url, "/api/plans?serviceType=followers", { headers: https })).body,
    ) as {
      plans: Array<{ _id: string }>;
    };
    const order = JSON.stringify({
      planId: plans.plans[0]!._id,
      username: "@rahul_k",
      customerName: "Priya",
      customerPhone: "9876543210",
      agreedToTerms: true,
      idempotencyKey: "redirected-order-1",
    });
    const res = await send(proxied.url, "/api/create-order", {
      method: "POST",
      headers: { ...https, host: "shop.example", "x-forwarded-proto": "http" },
      body: order,
    });
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe("https://shop.example/api/create-order");
    // The same order over HTTPS is new (201), not the one a plain-HTTP request would have stored (200).
    const again = await send(proxied.url, "/api/create-order", { method: "POST", headers: https, body: order });
    expect(again.status).toBe(201);
  });

  it("refuses a Host that is no host name instead of redirecting to it", async () => {
    const res = await send(listed.url, "/", {
      headers: { host: "shop.example/@evil.example", "x-forwarded-proto": "http" },
    });
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  // Security round 3, finding 3: the redirect went to whatever host X-Forwarded-Host (or Host) named, as a
  // cacheable 308, so one poisoned answer in a shared cache could send every visitor elsewhere.
  it("sends every plain-HTTP request to the configured public host, whatever host the client names", async () => {
    for (const headers of [
      { host: "shop.example", "x-forwarded-host": "evil.example" },
      { host: "evil.example" },
      { host: "evil.example", "x-forwarded-host": "evil.example" },
    ] as Record<string, string>[]) {
      const res = await send(proxied.url, "/checkout?order=BK1", {
        headers: { ...headers, "x-forwarded-proto": "http" },
      });
      expect(res.status, JSON.stringify(headers)).toBe(308);
      expect(res.headers.location, JSON.stringify(headers)).toBe("https://shop.example/checkout?order=BK1");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("with no public address configured, redirects only to a Host in HTTPS_REDIRECT_HOSTS", async () => {
    const plain = { "x-forwarded-proto": "http" };
    const www = await send(listed.url, "/blog", { headers: { ...plain, host: "WWW.Shop.Example:80" } });
    expect(www.status).toBe(308);
    expect(www.headers.location).toBe("https://www.shop.example/blog");
    expect(www.headers["cache-control"]).toBe("no-store");
    for (const headers of [
      { host: "evil.example" },
      { host: "evil.example", "x-forwarded-host": "shop.example" },
      { host: "shop.example.evil.example" },
    ] as Record<string, string>[]) {
      const res = await send(listed.url, "/blog", { headers: { ...plain, ...headers } });
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(res.headers.location, JSON.stringify(headers)).toBeUndefined();
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toContain("PUBLIC_BASE_URL");
    }
  });

  it("follows the Public Base URL setting once the operator sets it", async () => {
    const https = { "x-forwarded-proto": "https", host: "shop.example" };
    const signIn = await send(listed.url, "/admin/login", {
      method: "POST",
      headers: { ...https, "content-type": "application/x-www-form-urlencoded" },
      body: signInForm().toString(),
    });
    const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
    const saved = await send(listed.url, "/api/admin/setting", {
      method: "POST",
      headers: { ...https, cookie, "content-type": "application/json" },
      body: JSON.stringify({ key: "PUBLIC_BASE_URL", value: "https://setting.example:8443" }),
    });
    expect(saved.status).toBe(200);
    const res = await send(listed.url, "/track", {
      headers: { host: "www.shop.example", "x-forwarded-proto": "http" },
    });
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe("https://setting.example:8443/track");
  });

  it("answers the health check over plain HTTP, for the proxy's probes", async () => {
    const res = await send(proxied.url, "/healthz", { headers: { "x-forwarded-proto": "http" } });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: "ok" });
  });

  it("serves HTTPS requests, with HSTS of at least six months", async () => {
    const res = await send(proxied.url, "/", { headers: { host: "shop.example", "x-forwarded-proto": "https" } });
    expect(res.status).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers["strict-transport-security"]))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(SIX_MONTHS);
  });

  it("is served as before when HTTPS_REDIRECT=false, and without a proxy (the local demo)", async () => {
    for (const server of [optedOut, direct]) {
      const res = await send(server.url, "/", { headers: { "x-forwarded-proto": "http" } });
      expect(res.status).toBe(200);
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("refuses to start with HTTPS_REDIRECT=true but no proxy, where it would redirect forever", async () => {
    const { code, output } = await runServerExpectingExit({ HTTPS_REDIRECT: "true", TRUST_PROXY: "0" });
    expect(code).not.toBe(0);
    expect(output).toContain('HTTPS_REDIRECT="true": needs TRUST_PROXY of 1 or more');
  });
});
