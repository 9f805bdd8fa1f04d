import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import {
  type HostileShop,
  PAYLOADS,
  RUNS,
  TWO_MB,
  encodeSegment,
  expectJsonRefusal,
  expectNoLeak,
  expectSafe,
  hostileJsonText,
  hostileObject,
  hostileSegment,
  hostileString,
  hostileValue,
  query,
  send,
  snapshot,
  startShop,
  CREATE_ORDER_KEYS,
} from "../support/hostile";
import { TEST_ADMIN_ENV } from "../support/test-accounts";

const ORDER_KEYS = CREATE_ORDER_KEYS;
const SCRIPTISH = /<script>alert\(1\)<\/script>|<img src=x onerror=alert\(1\)>|<svg onload=alert\(1\)>/;

/**
 * Every public endpoint and page, fed malformed, oversized, wrongly typed,
 * Unicode-heavy, SQL-ish and script-ish input by the real production server:
 * never a 5xx, never internal detail, JSON refusals in the API's shape, and a
 * refused request leaves the database exactly as it was.
 */
describe.each(testDatabases())("hostile input to the public site on $name", (kind) => {
  let shop: HostileShop;
  let planId: number;
  let orderId: string;

  const json = (path: string, body: string, method = "POST") =>
    send(`${shop.url}${path}`, { method, headers: { "content-type": "application/json" }, body });

  beforeAll(async () => {
    shop = await startShop(kind, { ...TEST_ADMIN_ENV });
    const plans = (await (await fetch(`${shop.url}/api/plans?serviceType=followers`)).json()) as {
      plans: Array<{ _id: string }>;
    };
    planId = Number(plans.plans[0]!._id);
    const created = await json(
      "/api/create-order",
      JSON.stringify({
        planId,
        username: "priya.bakes",
        customerName: "Priya",
        customerPhone: "9876543210",
        agreedToTerms: true,
      }),
    );
    expect(created.status).toBe(201);
    orderId = (created.json as { order: { orderId: string } }).order.orderId;
  });
  afterAll(async () => shop?.stop());

  it("POST /api/create-order: a hostile body is refused with 4xx JSON and stores nothing", async () => {
    await fc.assert(
      fc.asyncProperty(hostileJsonText(ORDER_KEYS), async (body) => {
        const before = await snapshot(shop.db);
        const answer = await json("/api/create-order", body);
        // A hostile value can still be a legitimate order (e.g. a name in Arabic): then it is stored as sent.
        if (answer.status === 201) return;
        expectJsonRefusal(answer, `create-order ${body.slice(0, 200)}`, [400, 404, 413]);
        expect(await snapshot(shop.db)).toEqual(before);
      }),
      RUNS,
    );
  });

  it("POST /api/create-order: one hostile field in an otherwise valid order is refused or stored verbatim", async () => {
    const valid = {
      planId,
      username: "rahul_k",
      customerName: "Priya",
      customerPhone: "9876543210",
      agreedToTerms: true,
    };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ORDER_KEYS), hostileValue, async (key, value) => {
        const before = await snapshot(shop.db);
        const body = { ...valid, [key]: value };
        const answer = await json("/api/create-order", JSON.stringify(body));
        const label = `create-order ${JSON.stringify(body).slice(0, 200)}`;
        // A valid key sent a second time returns the order it created (200): idempotency, not a failure.
        if (answer.status === 201 || (key === "idempotencyKey" && answer.status === 200)) {
          expectSafe(answer, label);
          const order = (answer.json as { order: { orderId: string } }).order;
          const row = await shop.db.db
            .selectFrom("orders")
            .selectAll()
            .where("order_id", "=", order.orderId)
            .executeTakeFirstOrThrow();
          // What reaches the database is exactly the (trimmed) text the buyer sent, nothing executed or mangled.
          if (key === "customerName")
            expect(row.customer_name).toBe(String(value).trim().replace(/\s+/g, " ").slice(0, 80));
          return;
        }
        expectJsonRefusal(answer, label, [400, 404, 413]);
        expect(await snapshot(shop.db)).toEqual(before);
      }),
      RUNS,
    );
  });

  it("POST /api/orders/:orderId/utr: hostile ids and bodies are refused, the order untouched", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileSegment, fc.constant(orderId)),
        fc.constant("utr"),
        hostileJsonText(["utr"]),
        async (id, what, body) => {
          const before = await snapshot(shop.db);
          const answer = await json(`/api/orders/${id}/${what}`, body);
          const label = `${what} ${id} ${body.slice(0, 200)}`;
          if (!answer.type.includes("json")) {
            // A path that no longer names this route (an encoded slash, a "..") is the site's 404/405 page.
            expectSafe(answer, label);
            expect([404, 405], label).toContain(answer.status);
          } else {
            expectJsonRefusal(answer, label, [400, 404, 409, 413, 415, 431]);
          }
          expect(await snapshot(shop.db)).toEqual(before);
        },
      ),
      RUNS,
    );
  });

  it("GET /api/plans, /api/recent-orders and /api/order-status: hostile query strings get 4xx JSON", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/plans", "/api/recent-orders", "/api/order-status"),
        hostileString,
        async (path, value) => {
          const param = path === "/api/order-status" ? "orderId" : "serviceType";
          const answer = await send(`${shop.url}${path}?${query({ [param]: value })}`);
          // Node itself refuses a request line beyond its 16 KB header limit, before the app sees it.
          if (answer.status === 431) return;
          expectJsonRefusal(answer, `${path} ${JSON.stringify(value)}`, [400, 404]);
        },
      ),
      RUNS,
    );
    // Raw, malformed query strings too (URLSearchParams would have cleaned them).
    for (const raw of [
      "orderId=%",
      "orderId=%00",
      "orderId=%ED%A0%80",
      "orderId[]=1&orderId=2",
      "orderId=%E0%A4%A",
      "serviceType=%ZZ",
    ]) {
      for (const path of ["/api/plans", "/api/recent-orders", "/api/order-status"]) {
        const answer = await send(`${shop.url}${path}?${raw}`);
        if (path === "/api/plans" && !raw.startsWith("serviceType") && !raw.includes("%00")) {
          // An unknown parameter is ignored: the full plan list is the right answer.
          expect(answer.status).toBe(200);
          continue;
        }
        expectJsonRefusal(answer, `${path}?${raw}`, [400, 404]);
      }
    }
  });

  it("GET public pages with hostile paths and query strings: a page or a 404, never a 5xx, never the markup reflected", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/blog/",
          "/track?order=",
          "/checkout?order=",
          "/followers?plan=",
          "/likes?q=",
          "/?utm_source=",
          "/blog?page=",
          "/nope/",
        ),
        fc.oneof(hostileSegment, hostileString.map(encodeSegment)),
        fc.boolean(),
        async (prefix, value, data) => {
          const path = `${prefix}${value}`;
          // `.data` is what the browser's router fetches for the same page.
          const [base, qs] = [path.split("?")[0]!, path.includes("?") ? path.slice(path.indexOf("?")) : ""];
          const url = data ? `${base === "/" ? "/_root" : base.replace(/\/$/, "")}.data${qs}` : path;
          const answer = await send(`${shop.url}${url}`);
          expectSafe(answer, url);
          expect([200, 202, 204, 301, 302, 308, 400, 404, 431], `${url} → ${answer.status}`).toContain(answer.status);
          // HTML must never carry the markup live; .data payloads are data the router renders as text.
          if (answer.type.includes("text/html")) expect(answer.text, url).not.toMatch(SCRIPTISH);
        },
      ),
      RUNS,
    );
  });

  it("POST /track: hostile order ids and phones find nothing and change nothing", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (order, phone) => {
        const before = await snapshot(shop.db);
        const answer = await send(`${shop.url}/track.data`, {
          method: "POST",
          headers: { origin: shop.url },
          body: new URLSearchParams({ orderId: order, phone }),
        });
        expectSafe(answer, `track ${JSON.stringify([order, phone])}`);
        if (answer.type.includes("text/html")) expect(answer.text).not.toMatch(SCRIPTISH);
        expect(await snapshot(shop.db)).toEqual(before);
      }),
      // The lookup form allows 30 tries a minute per address; stay under it so every run reaches the database.
      { ...RUNS, numRuns: 25 },
    );
  });

  const SIGN_IN_UNTOUCHED = ["orders", "plans", "settings", "admin_users"] as const;
  const otherAuditEntries = async () =>
    Number(
      (
        await shop.db.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("action", "not in", ["login.failed", "login.locked"])
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("POST /admin/login: hostile credentials never sign in, never 5xx, change no data", async () => {
    await fc.assert(
      fc.asyncProperty(hostileObject(["username", "password", "redirectTo"]), fc.boolean(), async (fields, data) => {
        // A refused sign-in is audited on purpose (login.failed, login.locked); everything else stays as it was.
        const before = await snapshot(shop.db, SIGN_IN_UNTOUCHED);
        const audited = await otherAuditEntries();
        const form = new URLSearchParams(
          Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]),
        );
        const path = data ? "/admin/login.data" : "/admin/login";
        const res = await fetch(`${shop.url}${path}`, { method: "POST", body: form, redirect: "manual" });
        const text = await res.text();
        expect(res.status, `${path} ${form} → ${text.slice(0, 200)}`).toBeLessThan(500);
        expect([400, 401, 429]).toContain(res.status);
        expectNoLeak(text, `${path} ${form}`);
        expect(res.headers.get("set-cookie") ?? "").not.toMatch(/admin_session=[^;]+/);
        expect(await snapshot(shop.db, SIGN_IN_UNTOUCHED)).toEqual(before);
        expect(await otherAuditEntries()).toBe(audited);
      }),
      RUNS,
    );
  });

  it("refuses a 2 MB body with 413 on the JSON API, the sign-in form and the public forms", async () => {
    const before = await snapshot(shop.db);
    const bigJson = JSON.stringify({
      planId,
      username: "rahul_k",
      customerName: TWO_MB,
      customerPhone: "9876543210",
      agreedToTerms: true,
    });
    for (const path of ["/api/create-order", `/api/orders/${orderId}/utr`]) {
      const answer = await json(path, bigJson);
      expectJsonRefusal(answer, path, [413]);
      expect(answer.json?.message).toBe("Request body is too large");
    }
    for (const path of ["/admin/login", "/admin/login.data", "/admin/setup", "/track", "/track.data"]) {
      const answer = await send(`${shop.url}${path}`, {
        method: "POST",
        body: new URLSearchParams({ username: TWO_MB, password: "x" }),
      });
      expect(answer.status, path).toBe(413);
      expect(answer.text).toBe("Request body is too large");
    }
    // A streamed body of undeclared length cannot slip past the limit.
    const streamed = await fetch(`${shop.url}/admin/login`, {
      method: "POST",
      body: new Blob([TWO_MB]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(411);
    expect(await snapshot(shop.db)).toEqual(before);
  });

  it("answers a malformed %-escape in any path with 400, never a 500", async () => {
    for (const bad of ["%C0%AF", "%", "%E0%A4%A", "%ED%A0%80"]) {
      for (const path of [`/blog/${bad}`, `/${bad}`, `/api/orders/${bad}/utr`, `/api/admin/orders/${bad}`]) {
        const answer = await send(`${shop.url}${path}`, { method: path.includes("/api/orders/") ? "POST" : "GET" });
        expectSafe(answer, path);
        expect(answer.status, path).toBe(400);
        if (path.startsWith("/api/")) expect(answer.json).toEqual({ success: false, message: "Bad request" });
      }
    }
  });

  it("answers an address too long for the server with 431 JSON saying so", async () => {
    const long = encodeURIComponent("👨‍👩‍👧‍👦🇮🇳".repeat(300));
    for (const path of [`/api/orders/${long}/utr`, `/blog/${long}`]) {
      const answer = await send(`${shop.url}${path}`, { method: path.startsWith("/api/") ? "POST" : "GET" });
      expect(answer.status, "431").toBe(431);
      expect(answer.json).toEqual({ success: false, message: "The request address or headers are too large" });
    }
  });

  it("refuses NUL characters and lone surrogates with 400 on every engine (PostgreSQL cannot store NUL)", async () => {
    const before = await snapshot(shop.db);
    for (const path of [
      "/blog/a%00b",
      "/track?order=BK%00",
      "/checkout?order=%00",
      "/api/orders/BK%00/utr",
      "/api/recent-orders?serviceType=%00",
    ]) {
      const answer = await send(`${shop.url}${path}`);
      expectSafe(answer, path);
      expect(answer.status, path).toBe(400);
    }
    for (const customerName of ["Priya\\u0000", "Priya \\ud800"]) {
      const body = `{"planId":${planId},"username":"rahul_k","customerName":"${customerName}","customerPhone":"9876543210","agreedToTerms":true}`;
      const answer = await json("/api/create-order", body);
      expectJsonRefusal(answer, body, [400]);
      expect(answer.json?.message).toBe("The request contains characters that are not allowed");
    }
    const login = await send(`${shop.url}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ username: "owner\u0000", password: "x" }),
    });
    expect(login.status).toBe(400);
    expect(await snapshot(shop.db)).toEqual(before);
  });

  it("refuses a page form post that is not a form with 415, never a 500", async () => {
    for (const path of ["/track", "/track.data", "/admin/login", "/admin/login.data", "/admin/setup"]) {
      for (const [type, body] of [
        ["application/json", '{"orderId":"x"}'],
        ["text/plain", "orderId=x"],
        ["", "orderId=x"],
      ] as const) {
        const answer = await send(`${shop.url}${path}`, {
          method: "POST",
          headers: type ? { "content-type": type } : {},
          body,
        });
        expectSafe(answer, `${path} ${type}`);
        // The lookup form's per-address limit (spent by the property above) is checked before the body is read.
        if (path.startsWith("/track") && answer.text.includes("Too many lookups")) continue;
        expect(answer.status, `${path} ${type}`).toBe(415);
      }
      const broken = await send(`${shop.url}${path}`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=zzz" },
        body: "--zzz\r\nnot a part",
      });
      expectSafe(broken, `${path} broken multipart`);
      if (path.startsWith("/track") && broken.text.includes("Too many lookups")) continue;
      expect(broken.status).toBe(400);
    }
  });

  it("still serves buyers after the barrage", async () => {
    expect((await fetch(`${shop.url}/`)).status).toBe(200);
    const status = await send(`${shop.url}/api/order-status?orderId=${orderId}`);
    expect(status.json).toEqual({ success: true, status: "awaiting_payment" });
    for (const p of PAYLOADS.slice(0, 3))
      expect((await fetch(`${shop.url}/blog/${encodeSegment(p)}`)).status).toBe(404);
  });
});
