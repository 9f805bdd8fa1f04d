import { request as httpRequest } from "node:http";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { testDatabases } from "../support/databases";
import {
  type Answer,
  type HostileShop,
  RUNS,
  adminLogin,
  expectSafe,
  hostileSegment,
  hostileString,
  send,
  snapshot,
  startShop,
} from "../support/hostile";
import { makeOrder } from "../support/orders";
import { TEST_ADMIN, TEST_ADMIN_ENV } from "../support/test-accounts";

/** Every page URL pattern under /admin in app/routes.ts (no API: hostile-admin.test.ts covers /api/admin). */
function adminPagePatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const path = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
    if ((entry.path !== undefined || entry.index) && /^\/admin(\/|$)/.test(path)) out.push(path);
    if (entry.children) out.push(...adminPagePatterns(entry.children, path));
  }
  return [...new Set(out)];
}
const PAGES = adminPagePatterns(routes);

/** Every query parameter an admin page or its guard reads, and React Router's own. */
const PARAMS = [
  "redirectTo",
  "expired",
  "loggedOut",
  "setup",
  "token",
  "q",
  "range",
  "startDate",
  "endDate",
  "status",
  "sort",
  "page",
  "pageSize",
  "timeRange",
  "intent",
  "orderId",
  "_routes",
  "index",
] as const;

/** redirectTo is only followed to an /admin path: the interesting hostile values start there. */
const hostileRedirect = fc.oneof(
  hostileString,
  hostileString.map((s) => `/admin/${s}`),
  fc.constantFrom(
    "/admin/€",
    "/admin/orders?q=€",
    "/admin/orders#€",
    "/admin/\u00e9t\u00e9",
    "/admin/\uD800",
    "/admin/%E2%82%AC",
    "/admin/%",
    "/admin/%ZZ",
    "/admin/\r\nSet-Cookie: x=1",
    "/admin/\u0000",
    "/admin/\u007F",
    "/admin@evil.example",
    "/admin/..//evil.example",
    "/admin/%2F%2Fevil.example",
    "/admin/\\\\evil.example",
  ),
);

/** Query strings as a hostile client writes them: hostile values for known and unknown names, and raw broken escapes. */
const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.dictionary(fc.constantFrom(...PARAMS), hostileString, { maxKeys: 4 }),
        fc.option(hostileRedirect, { nil: undefined }),
        fc.dictionary(hostileString, hostileString, { maxKeys: 2 }),
      )
      .map(([known, redirectTo, unknown]) => {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries({ ...unknown, ...known })) params.append(k, v);
        if (redirectTo !== undefined) params.set("redirectTo", redirectTo);
        return params.toString();
      }),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), hostileSegment), hostileSegment), { maxLength: 3 })
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&")),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "redirectTo=/admin/%E2%82%AC",
      "redirectTo=%2Fadmin%2F%E2%82%AC",
      "redirectTo=/admin/%E2%82",
      "redirectTo=/admin/%ED%A0%80",
      "redirectTo=%",
      "q=%E0%A4%A&range=%ZZ",
      "page=1e309&pageSize=-1",
      "page=9007199254740993&pageSize=NaN",
      "startDate=9999-99-99&endDate=0000-00-00&range=custom",
      "timeRange=custom&startDate=%00&endDate=%00",
      "_routes=%00&index",
      "_routes=routes%2Fadmin%2Forders,__proto__",
      "token=%00",
      "=&&==&",
    ),
  },
);

/**
 * Every admin page (the document and its `.data` request), signed in and
 * signed out, fed hostile query strings by the real production server:
 * never a 5xx, no internal detail, redirects only to this site, and nothing in
 * the database changes.
 */
describe.each(testDatabases())("hostile query strings on admin pages on $name", (kind) => {
  let shop: HostileShop;
  let cookie = "";
  let orderId = "";

  beforeAll(async () => {
    shop = await startShop(kind, { ...TEST_ADMIN_ENV });
    cookie = await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password);
    orderId = (await makeOrder(shop.db.db, { customer_name: "Hostile Test", target: "handle_1" })).order_id;
    await makeOrder(shop.db.db, { status: "failed", target: "https://instagram.com/p/abc" });
  });
  afterAll(async () => shop?.stop());

  const urlFor = (pattern: string, id: string, data: boolean, search: string) => {
    const path = pattern.replace(":orderId", id);
    return `${shop.url}${path}${data ? ".data" : ""}${search ? `?${search}` : ""}`;
  };

  /** Where an answer sends the browser: the Location header, or the redirect inside a `.data` answer. */
  function redirectTarget(status: number, headers: Record<string, string | string[] | undefined>, text: string) {
    if (status >= 300 && status < 400) return String(headers.location ?? "");
    if (!text.startsWith('[["SingleFetchRedirect"')) return null;
    const stream = JSON.parse(text.split("\n")[0]!) as unknown[];
    return String(stream[stream.indexOf("redirect") + 1]);
  }

  /**
   * A GET through node:http, which takes answers with headers of any size: a
   * signed-out visit to a long address is sent to sign-in with that address in
   * the Location header, past what fetch accepts.
   */
  function get(url: string, signedIn: boolean): Promise<Answer & { location: string | null }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { headers: signedIn ? { cookie } : {}, maxHeaderSize: 1 << 20 }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          const type = String(res.headers["content-type"] ?? "");
          resolve({ status, type, text, location: redirectTarget(status, res.headers, text) });
        });
      });
      req.on("error", reject);
      req.end();
    });
  }

  function expectHarmless(answer: Answer & { location: string | null }, label: string) {
    expectSafe(answer, label);
    if (answer.location !== null) {
      // Only a path on this site, in characters a header can carry.
      expect(answer.location, label.slice(0, 300)).toMatch(/^\/(?![/\\])[\x21-\x7E]*$/);
    }
  }

  it("finds every admin page in app/routes.ts", () => {
    expect(PAGES).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/login",
        "/admin/setup",
        "/admin/logout",
        "/admin/dashboard",
        "/admin/orders",
        "/admin/orders/:orderId",
        "/admin/plans",
        "/admin/settings",
      ]),
    );
  });

  it("answers a signed-in admin sent to a non-ASCII page with a percent-encoded redirect, not a 500", async () => {
    for (const data of [false, true]) {
      const answer = await get(urlFor("/admin/login", "", data, "redirectTo=/admin/%E2%82%AC"), true);
      expect(answer.status, answer.text.slice(0, 300)).toBe(data ? 202 : 302);
      expect(answer.location).toBe("/admin/%E2%82%AC");
    }
  });

  it.each(PAGES)("%s: hostile query strings, document and .data, signed in and out", async (pattern) => {
    await fc.assert(
      fc.asyncProperty(
        hostileQuery,
        fc.boolean(),
        fc.boolean(),
        pattern.includes(":orderId") ? fc.oneof(fc.constant("ID"), hostileSegment) : fc.constant(""),
        async (search, data, signedIn, idChoice) => {
          const url = urlFor(pattern, idChoice === "ID" ? orderId : idChoice, data, search);
          const label = `${signedIn ? "signed in" : "signed out"} GET ${url}`;
          const before = await snapshot(shop.db);
          const answer = await get(url, signedIn);
          // Node refuses an address past its 16 KB header limit before the app sees it.
          if (answer.status !== 431) expectHarmless(answer, label);
          expect(await snapshot(shop.db), label.slice(0, 300)).toEqual(before);
        },
      ),
      RUNS,
    );
  });

  it("keeps the session working after the barrage", async () => {
    const answer = await send(`${shop.url}/api/admin/dashboard`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    // No request ended in an error the server had to log with its stack.
    expect(shop.server.output()).not.toMatch(/\n\s+at\s/);
  });
});
