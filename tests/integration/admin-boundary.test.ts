import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { type HostileShop, adminLogin, snapshot, startShop, ADMIN_AND_PANEL } from "../support/hostile";
import { makeOrder } from "../support/orders";
import { TEST_ADMIN } from "../support/test-accounts";

/** Headers a page of another site (or a sibling subdomain) makes the operator's browser send. */
const CROSS_SITE: Array<Record<string, string>> = [
  { origin: "https://evil.example" },
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
  { "sec-fetch-site": "same-site", origin: "https://shop.evil.example" },
];

/**
 * Every way a client may spell one admin path that React Router still routes to
 * it: it matches case-insensitively and after percent-decoding, and takes `.data`
 * and `?_routes=` for its data requests.
 */
function spellings(path: string): string[] {
  const upper = path.toUpperCase().replace(/BK0+/i, (id) => id);
  const encodedA = path.replace("admin", "%61dmin");
  const encodedAll = path.replace("admin", "%61%64%6D%69%6E");
  return [
    path,
    upper,
    path.replace("admin", "Admin"),
    encodedA,
    encodedAll,
    `${path}/`,
    path.replace(/^\//, "//"),
    path.replace("/admin", "//admin"),
    `${path}.data`,
    `${encodedA}.data`,
    `${upper}.data`,
    `${path}?_routes=${encodeURIComponent("routes/admin/orders")}`,
    `${path}.data?_routes=${encodeURIComponent("routes/admin/orders")}`,
  ];
}

describe.each(testDatabases())("the admin's cross-site boundary on $name", (kind) => {
  let shop: HostileShop;
  let cookie = "";
  let orderId = "";

  beforeAll(async () => {
    shop = await startShop(kind, ADMIN_AND_PANEL);
    cookie = await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password);
    // Unpaid: sending it to the panel would spend the operator's balance for nothing.
    orderId = (await makeOrder(shop.db.db)).order_id;
  });
  afterAll(async () => shop?.stop());

  const apiPaths = () => [
    `/api/admin/orders/${orderId}/place`,
    `/api/admin/orders/${orderId}/cancel`,
    `/api/admin/orders/${orderId}/retry`,
    `/api/admin/orders/${orderId}/update-profit`,
    `/api/admin/orders/${orderId}/delete`,
    "/api/admin/delete-all-data",
    "/api/admin/setting",
  ];
  const pagePaths = () => [
    `/admin/orders/${orderId}`,
    "/admin/orders",
    "/admin/settings",
    "/admin/plans",
    "/admin/logout",
    "/admin/login",
  ];

  it("refuses a cross-site write to any admin API path, however it is spelled, and changes nothing", async () => {
    const before = await snapshot(shop.db);
    for (const path of apiPaths()) {
      for (const spelled of spellings(path)) {
        for (const headers of CROSS_SITE) {
          const label = `POST ${spelled} ${JSON.stringify(headers)}`;
          const res = await fetch(`${shop.url}${spelled}`, {
            method: "POST",
            headers: { ...headers, cookie, "content-type": "application/json" },
            body: JSON.stringify({ key: "brandName", value: "Pwned" }),
            redirect: "manual",
          });
          // 403 from the boundary; 400 where React Router's own check of a foreign Origin on an
          // action answers first; 404/405 for a spelling no route takes. Never a success.
          expect([400, 403, 404, 405], label).toContain(res.status);
          await res.arrayBuffer();
        }
      }
    }
    expect(await snapshot(shop.db)).toEqual(before);
  });

  it("answers 403 (not 404) for the spellings React Router routes to an admin API", async () => {
    const path = `/api/admin/orders/${orderId}/place`;
    for (const spelled of [path.toUpperCase(), path.replace("admin", "%61dmin"), `${path}/`]) {
      const res = await fetch(`${shop.url}${spelled}`, {
        method: "POST",
        headers: { "sec-fetch-site": "same-site", cookie },
        redirect: "manual",
      });
      expect(res.status, spelled).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: "Cross-site request refused" });
    }
  });

  it("refuses a cross-site form post to any admin page, however it is spelled, and changes nothing", async () => {
    const before = await snapshot(shop.db);
    for (const path of pagePaths()) {
      for (const spelled of spellings(path)) {
        for (const headers of CROSS_SITE) {
          const label = `POST ${spelled} ${JSON.stringify(headers)}`;
          const res = await fetch(`${shop.url}${spelled}`, {
            method: "POST",
            headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "place", orderId, username: "owner", password: "x" }),
            redirect: "manual",
          });
          expect([400, 403, 404, 405], label).toContain(res.status);
          await res.arrayBuffer();
        }
      }
    }
    expect(await snapshot(shop.db)).toEqual(before);
    // Still signed in: a cross-site post to /admin/logout did not end the session.
    expect((await fetch(`${shop.url}/api/admin/dashboard`, { headers: { cookie } })).status).toBe(200);
  });

  it("still takes same-origin writes (the boundary is not a blanket refusal)", async () => {
    const res = await fetch(`${shop.url}/API/Admin/orders/${orderId}/cancel`, {
      method: "POST",
      headers: { cookie, "sec-fetch-site": "same-origin", origin: shop.url },
      redirect: "manual",
    });
    expect(res.status).toBe(200);
  });

  it("gives every spelling of every admin page and API the admin's browser policy, signed in or not", async () => {
    // Security round 3, finding 2: `/Admin/…` and `%61dmin` got the storefront's CSP (Razorpay's script and
    // frames), its opener policy and its payment permission, though the router served them as the admin.
    for (const path of [...pagePaths(), "/admin", "/admin/dashboard", ...apiPaths().slice(0, 1), "/api/admin/orders"]) {
      for (const spelled of spellings(path)) {
        for (const headers of [{}, { cookie }] as Record<string, string>[]) {
          const label = `GET ${spelled} ${headers.cookie ? "signed in" : "anonymous"}`;
          const res = await fetch(`${shop.url}${spelled}`, { headers, redirect: "manual" });
          await res.arrayBuffer();
          expect(res.headers.get("content-security-policy"), label).not.toContain("razorpay");
          expect(res.headers.get("content-security-policy"), label).not.toContain("frame-src");
          expect(res.headers.get("cross-origin-opener-policy"), label).toBe("same-origin");
          expect(res.headers.get("permissions-policy"), label).toContain("payment=()");
        }
      }
    }
    // The storefront keeps its own.
    const shopPage = await fetch(`${shop.url}/administrator-tips`, { redirect: "manual" });
    await shopPage.arrayBuffer();
    expect(shopPage.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  });

  it("marks every admin answer, page, data request and API, as not to be stored", async () => {
    for (const path of [
      "/admin/dashboard",
      "/admin/dashboard.data",
      `/admin/orders/${orderId}`,
      "/admin/login",
      "/api/admin/dashboard",
      "/api/admin/orders",
      "/ADMIN/settings",
    ]) {
      const res = await fetch(`${shop.url}${path}`, { headers: { cookie }, redirect: "manual" });
      expect(res.status, path).toBeLessThan(400);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      await res.arrayBuffer();
    }
    const anonymous = await fetch(`${shop.url}/admin/orders`, { redirect: "manual" });
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
  });
});
