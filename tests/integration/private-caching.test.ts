import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";
import { TEST_ADMIN } from "../support/test-accounts";

const ADMIN = TEST_ADMIN;

/**
 * Answers that carry one person's data (a buyer's order, the operator's panel)
 * must never be kept by the browser or a proxy: on a shared phone or behind a
 * caching proxy the next person would be shown them. Pages that are the same
 * for everyone stay cacheable.
 */
describe.each(testDatabases())("which answers may be cached, on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;
  let orderId: string;
  let createdCacheControl: string | null;
  let blogSlug: string;

  beforeAll(async () => {
    shop = await startTestShop({ engine: kind, admin: ADMIN, signIn: false });
    server = shop.server;
    const plans = (await (await fetch(`${server.url}/api/plans?serviceType=followers`)).json()) as {
      plans: Array<{ _id: string }>;
    };
    const created = await postJson("/api/create-order", {
      planId: plans.plans[0]!._id,
      username: "@rahul_k",
      customerName: "Priya Sharma",
      customerPhone: "9876543210",
      agreedToTerms: true,
    });
    expect(created.status).toBe(201);
    createdCacheControl = created.headers.get("cache-control");
    orderId = ((await created.json()) as { order: { orderId: string } }).order.orderId;
    const rss = await (await fetch(`${server.url}/blog/rss.xml`)).text();
    blogSlug = /\/blog\/([a-z0-9-]+)</.exec(rss)?.[1] ?? "";
    expect(blogSlug).not.toBe("");
  });
  afterAll(async () => shop?.stop());

  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
      redirect: "manual",
    });
  const postForm = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(form), headers, redirect: "manual" });
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers, redirect: "manual" });

  function noStore(res: Response): boolean {
    return /\bno-store\b/.test(res.headers.get("cache-control") ?? "");
  }

  it("tells browsers and proxies to keep no copy of any answer about a buyer's order", async () => {
    const answers: Array<[string, Response]> = [
      ["GET /api/order-status", await get(`/api/order-status?orderId=${orderId}`)],
      ["POST /api/orders/:id/utr (refused)", await postJson(`/api/orders/${orderId}/utr`, { utr: "12" })],
      ["POST /api/orders/:id/utr", await postJson(`/api/orders/${orderId}/utr`, { utr: "112233445566" })],
      ["GET /api/create-order (405)", await get("/api/create-order")],
      ["POST /api/create-order (refused)", await postJson("/api/create-order", { planId: "nope" })],
      ["GET /checkout", await get(`/checkout?order=${orderId}`)],
      ["GET /checkout.data", await get(`/checkout.data?order=${orderId}`)],
      ["GET /checkout (no order)", await get("/checkout")],
      ["GET /track", await get(`/track?order=${orderId}`)],
      ["GET /track.data", await get(`/track.data?order=${orderId}`)],
      ["POST /track", await postForm("/track", { orderId, phone: "9876543210" })],
      ["POST /track.data", await postForm("/track.data", { orderId, phone: "9876543210" })],
    ];
    expect(createdCacheControl, "POST /api/create-order (201)").toMatch(/\bno-store\b/);
    for (const [what, res] of answers) {
      expect(res.status, what).toBeLessThan(500);
      expect(noStore(res), `${what} (${res.status}) Cache-Control: ${res.headers.get("cache-control")}`).toBe(true);
    }
    // The tracked order really is in the answer that must not be kept.
    const tracked = await (await postForm("/track", { orderId, phone: "9876543210" })).text();
    expect(tracked).toContain(orderId);
  });

  it("leaves the pages that are the same for everyone storable, revalidated by their ETag", async () => {
    const pages = ["/", "/followers", "/likes", "/views", "/comments", "/blog", `/blog/${blogSlug}`, "/privacy-policy"];
    pages.push("/terms-of-service", "/delivery-policy", "/refund-policy", "/contact-us");
    for (const page of pages) {
      for (const path of [page, `${page === "/" ? "/_" : page}.data`]) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        const cacheControl = res.headers.get("cache-control") ?? "";
        expect(cacheControl, path).not.toMatch(/no-store|private/);
        // Served from the page cache: browsers keep it and ask again with If-None-Match (docs/decisions/0008).
        if (/no-cache/.test(cacheControl)) expect(res.headers.get("etag"), path).toBeTruthy();
      }
    }
    expect((await get("/api/plans")).headers.get("cache-control")).toBe("public, max-age=30");
  });

  it("tells browsers and proxies to keep no copy of any admin page, .data or JSON answer", async () => {
    const login = await postForm("/admin/login", ADMIN);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^admin_session=.+/);
    const asAdmin = { cookie };

    const pages = ["/admin/dashboard", "/admin/orders", `/admin/orders/${orderId}`, "/admin/plans", "/admin/settings"];
    const api = ["/api/admin/dashboard", "/api/admin/orders", `/api/admin/orders/${orderId}`, "/api/admin/plans"];
    api.push("/api/admin/setting/VITE_UPI_ID", "/api/admin/backups", "/api/admin/orders/export");
    const urls = [...pages, ...pages.map((p) => `${p}.data`), ...api];
    for (const url of urls) {
      const res = await get(url, asAdmin);
      expect(res.status, url).toBe(200);
      expect(noStore(res), `${url} Cache-Control: ${res.headers.get("cache-control")}`).toBe(true);
      await res.body?.cancel();
    }
  });
});
