import { type IncomingHttpHeaders, get } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { publicTopicChanged } from "~/domain/public-pages/changes.server";
import { SETTINGS } from "~/domain/settings/registry";
import { cspScriptHashes, runnableInlineScripts, sha256Sources } from "../support/csp";
import { testDatabases } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";

/** Node's fetch decodes bodies itself; this keeps the bytes as sent. */
function raw(url: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on("error", reject);
    }).on("error", reject);
  });
}

async function page(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  return { res, csp: res.headers.get("content-security-policy") ?? "", html: await res.text() };
}

/** Asks until `check` holds (another instance picks changes up in the background), at most ~10 s. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * The public pages are the same for every visitor: each is rendered once per
 * change of its data and served from memory, and a change (by this instance,
 * or by another sharing the database) shows on the pages.
 */
describe.each(testDatabases())("public page cache on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;
  let other: ServerProcess | undefined;
  let handle: DatabaseHandle;
  let cookie = "";
  let planId = 0;

  beforeAll(async () => {
    shop = await startTestShop({ engine: kind, env: { TRUST_PROXY: "1", HTTPS_REDIRECT: "false" } });
    ({ server, db: handle, cookie } = shop);
    // Several instances share one PostgreSQL; SQLite is one instance's file.
    if (kind.name === "postgres") other = await shop.startAnother();
    const plan = await handle.db
      .selectFrom("plans")
      .select("id")
      .where("service_type", "=", "followers")
      .where("is_enabled", "=", 1)
      .orderBy("price_paise")
      .executeTakeFirstOrThrow();
    planId = plan.id;
  }, 60_000);

  afterAll(async () => {
    await shop?.stop();
  });

  it("serves a second request from memory: a database write behind its back shows only once its topic is bumped", async () => {
    expect((await page(`${server.url}/followers`)).html).not.toContain("Renamed Behind The Back");
    // A write that bumps no topic: a page read from the database per request would show it.
    await handle.db.updateTable("plans").set({ name: "Renamed Behind The Back" }).where("id", "=", planId).execute();
    for (let i = 0; i < 3; i++) {
      expect((await page(`${server.url}/followers`)).html).not.toContain("Renamed Behind The Back");
    }
    // The plans topic bumped from outside the server process: as another instance's write reaches this one.
    await publicTopicChanged(handle.db, "plans");
    expect(
      await eventually(async () => (await page(`${server.url}/followers`)).html.includes("Renamed Behind The Back")),
    ).toBe(true);
  });

  it("shows a plan changed in the admin on the next request", async () => {
    await page(`${server.url}/followers`);
    const saved = await fetch(`${server.url}/api/admin/plans/${planId}`, {
      method: "PUT",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Fresh Plan Name", amount: 1000, price: 123, tags: [] }),
    });
    expect(saved.status).toBe(200);
    expect((await page(`${server.url}/followers`)).html).toContain("Fresh Plan Name");
  });

  it("shows a setting changed in the admin on the next request", async () => {
    await page(`${server.url}/`);
    const saved = await fetch(`${server.url}/api/admin/setting`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ key: SETTINGS.brandName.key, value: "CacheBrand" }),
    });
    expect(saved.status).toBe(200);
    expect((await page(`${server.url}/`)).html).toContain("CacheBrand");
  });

  it("shows the change on another instance sharing the database", async (context) => {
    if (!other) return context.skip();
    const otherUrl = other.url;
    await page(`${otherUrl}/likes`);
    await page(`${otherUrl}/`);
    const likes = await handle.db
      .selectFrom("plans")
      .select("id")
      .where("service_type", "=", "likes")
      .where("is_enabled", "=", 1)
      .executeTakeFirstOrThrow();
    const saved = await fetch(`${server.url}/api/admin/plans/${likes.id}`, {
      method: "PUT",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Shared Instance Plan", amount: 1000, price: 99, tags: [] }),
    });
    expect(saved.status).toBe(200);
    const setting = await fetch(`${server.url}/api/admin/setting`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ key: SETTINGS.brandName.key, value: "OtherInstanceBrand" }),
    });
    expect(setting.status).toBe(200);
    expect(await eventually(async () => (await page(`${otherUrl}/likes`)).html.includes("Shared Instance Plan"))).toBe(
      true,
    );
    // Its settings copy is dropped with the pages, not kept for the settings cache's 30 s.
    expect(await eventually(async () => (await page(`${otherUrl}/`)).html.includes("OtherInstanceBrand"))).toBe(true);
  });

  it("allows exactly the page's inline scripts by hash, with no nonce, on every cached page", async () => {
    for (const path of ["/", "/followers", "/blog", "/terms-of-service", "/contact-us", "/track"]) {
      const { res, csp, html } = await page(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(csp, path).not.toContain("'nonce-");
      expect(html, path).not.toContain("nonce=");
      expect(cspScriptHashes(csp).sort(), path).toEqual(sha256Sources(runnableInlineScripts(html)).sort());
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("sends the same bytes as brotli, gzip and identity, varying on Accept-Encoding", async () => {
    const br = await raw(`${server.url}/`, "gzip, deflate, br");
    const gz = await raw(`${server.url}/`, "gzip, br;q=0");
    const plain = await raw(`${server.url}/`, "identity");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const r of [br, gz, plain]) expect(r.headers.vary).toBe("Accept-Encoding");
    const identity = plain.bytes;
    expect(identity.toString("utf8")).toMatch(/^<!DOCTYPE html>/i);
    expect(brotliDecompressSync(br.bytes).equals(identity)).toBe(true);
    expect(gunzipSync(gz.bytes).equals(identity)).toBe(true);
    expect(Number(plain.headers["content-length"])).toBe(identity.length);
  });

  it("answers 304 to If-None-Match, and HEAD with the headers only", async () => {
    const first = await fetch(`${server.url}/blog`, { headers: { "accept-encoding": "br" } });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    await first.arrayBuffer();
    const again = await fetch(`${server.url}/blog`, { headers: { "accept-encoding": "br", "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const stale = await fetch(`${server.url}/blog`, { headers: { "if-none-match": '"something-else"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();

    const head = await fetch(`${server.url}/blog`, { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-encoding")).toBe("gzip");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    // The cached page's policy: no nonce (the blog runs no inline script, ADR 0010, so no hash either).
    expect(head.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(head.headers.get("content-security-policy")).not.toMatch(/'nonce-/);
  });

  it("renders per request, with a nonce, for a query string or a toast cookie; other cookies still get the cached page", async () => {
    const nonced = (csp: string) => /'nonce-[^']+'/.test(csp) && !csp.includes("'sha256-");
    expect(nonced((await page(`${server.url}/followers?ref=ad`)).csp)).toBe(true);
    expect(nonced((await page(`${server.url}/`, { headers: { cookie: "toast=loggedOut" } })).csp)).toBe(true);
    expect(nonced((await page(`${server.url}/`, { headers: { cookie: "_ga=GA1.1.1" } })).csp)).toBe(false);
    // Not a cached page at all: the checkout is per order.
    expect(nonced((await page(`${server.url}/checkout`)).csp)).toBe(true);
  });

  it("sends HSTS on a cached page reached over HTTPS through the trusted proxy", async () => {
    const res = await fetch(`${server.url}/`, { headers: { "x-forwarded-proto": "https" } });
    await res.arrayBuffer();
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    const plain = await fetch(`${server.url}/`);
    await plain.arrayBuffer();
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });
});
