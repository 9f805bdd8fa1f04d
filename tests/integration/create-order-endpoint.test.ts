import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREATE_ORDER_MAX_BYTES } from "~/domain/orders/custom-comments";
import { writeSettings } from "~/domain/settings/settings.server";
import { testDatabases } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * POST /api/create-order as a buyer's browser (or anything else on the
 * internet) meets it, now that the server answers it ahead of Express and
 * React Router (server/hot-routes/create-order.ts, ADR 0022): the answers,
 * their headers, the per-address limit behind a trusted proxy, and the access
 * log. Each test speaks from its own address (X-Forwarded-For through the one
 * trusted proxy), so the limit of one never spills into another.
 */
const LIMIT = 3;
const TOO_MANY = "Too many orders from this connection. Please wait a minute and try again.";

describe.each(testDatabases())("POST /api/create-order on $name", (engine) => {
  let shop: TestShop;
  let lastAddress = 10;
  const newAddress = () => `203.0.113.${++lastAddress}`;

  beforeAll(async () => {
    shop = await startTestShop({
      engine,
      admin: false,
      prepare: (handle) => writeSettings(handle.db, { upiId: "shop@okaxis", merchantName: "Shop" }),
      env: {
        ORDER_RATE_LIMIT_PER_MINUTE: String(LIMIT),
        TRUST_PROXY: "1",
        HTTPS_REDIRECT: "false",
        LOG_LEVEL: "debug",
      },
    });
  });
  afterAll(async () => shop?.stop());

  const order = (extra: Record<string, unknown> = {}) => ({
    planId: shop.planIds["Starter Followers"],
    username: "@rahul_k",
    customerName: "Priya",
    customerPhone: "9876543210",
    agreedToTerms: true,
    ...extra,
  });
  const post = (from: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${shop.url}/api/create-order`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from, ...headers },
      body,
    });
  const ordersWithKey = async (key: string) =>
    (await shop.db.db.selectFrom("orders").select("order_id").where("idempotency_key", "=", key).execute()).length;
  const orderCount = async () =>
    Number(
      (
        await shop.db.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("creates the order (201) with the API's private, locked-down headers", async () => {
    const key = `endpoint-${engine.name}-new`;
    const res = await post(newAddress(), JSON.stringify(order({ idempotencyKey: key })), {
      "x-forwarded-proto": "https",
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; order: { orderId: string; status: string; amount: number } };
    expect(body).toMatchObject({ success: true, order: { status: "awaiting_payment", amount: 100 } });
    expect(body.order.orderId).toMatch(/^BK[0-9A-Z]{10}$/);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      // Reached over HTTPS through the trusted proxy.
      "strict-transport-security": "max-age=31536000; includeSubDomains",
    });
    expect(await ordersWithKey(key)).toBe(1);
    const status = await fetch(`${shop.url}/api/order-status?orderId=${body.order.orderId}`);
    expect(await status.json()).toEqual({ success: true, status: "awaiting_payment" });
  });

  it("answers a replayed idempotency key with the same order (200), stored once", async () => {
    const from = newAddress();
    const key = `endpoint-${engine.name}-replay`;
    const first = await post(from, JSON.stringify(order({ idempotencyKey: key })));
    const again = await post(from, JSON.stringify(order({ idempotencyKey: key })));
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(await again.json()).toEqual(await first.json());
    expect(await ordersWithKey(key)).toBe(1);
  });

  it("refuses a body over the limit (413) or without a length (411) before reading it, storing nothing", async () => {
    const before = await orderCount();
    const padding = "x".repeat(CREATE_ORDER_MAX_BYTES);
    const big = await post(newAddress(), JSON.stringify(order({ customerName: padding })));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ success: false, message: "Request body is too large" });

    const streamed = await fetch(`${shop.url}/api/create-order`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": newAddress() },
      body: new Blob([JSON.stringify(order())]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(411);
    expect(await streamed.json()).toEqual({ success: false, message: "Send the request body with a Content-Length" });
    expect(await orderCount()).toBe(before);
  });

  it("refuses what is not JSON (415) and broken JSON (400), storing nothing", async () => {
    const before = await orderCount();
    const form = await post(newAddress(), new URLSearchParams({ planId: "1" }).toString(), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({
      success: false,
      message: "Send the request body as application/json",
      code: "UNSUPPORTED_BODY",
    });
    const broken = await post(newAddress(), '{"planId": 1,');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      success: false,
      message: "The request body is not valid JSON",
      code: "INVALID_INPUT",
    });
    const refused = await post(newAddress(), JSON.stringify(order({ agreedToTerms: false })));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "INVALID_INPUT", field: "agreedToTerms" });
    expect(await orderCount()).toBe(before);
  });

  // Security round 4, finding 5: a spread of the array into `push` in the body checker overflowed the stack (500).
  it("refuses a huge or deeply nested JSON body with a 4xx, never a 500, storing nothing", async () => {
    const before = await orderCount();
    const huge = await post(newAddress(), `[${new Array(200_000).fill("0").join(",")}]`);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      success: false,
      message: "The request holds a list of more than 1000 items",
      code: "BODY_TOO_LARGE",
    });
    const inField = await post(newAddress(), JSON.stringify(order({ username: new Array(150_000).fill(1) })));
    expect(inField.status).toBe(413);
    const deep = await post(newAddress(), `${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    expect(deep.status).toBeGreaterThanOrEqual(400);
    expect(deep.status).toBeLessThan(500);
    expect(await orderCount()).toBe(before);
    expect(shop.server.output()).not.toContain("order creation failed");
  });

  it("makes no order from another site's page: what a page can send cross-site without CORS is refused", async () => {
    const before = await orderCount();
    // A hostile page's form post (no preflight): form or text/plain encodings only, never application/json.
    for (const type of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
      const res = await post(newAddress(), JSON.stringify(order()), {
        "content-type": type,
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      });
      expect(res.status, type).toBe(415);
      // No CORS grant: a page of another site that asked first (a preflight) is never allowed to send it.
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
    const preflight = await fetch(`${shop.url}/api/create-order`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(await orderCount()).toBe(before);
  });

  it(`limits one address to ${LIMIT} attempts a minute (429), as the trusted proxy names it`, async () => {
    const from = newAddress();
    for (let i = 0; i < LIMIT; i++) {
      const res = await post(from, JSON.stringify(order({ idempotencyKey: `endpoint-${engine.name}-limit-${i}` })));
      expect(res.status).toBe(201);
    }
    const over = await post(from, JSON.stringify(order()));
    expect(over.status).toBe(429);
    // The one refusal of every rate limit (ADR 0051): RATE_LIMITED, the words, and when to come back.
    const wait = Number(over.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await over.json()).toEqual({ success: false, message: TOO_MANY, code: "RATE_LIMITED", retryAfter: wait });
    expect(over.headers.get("cache-control")).toBe("no-store");
    // Addresses the client wrote itself further left are not believed; the proxy's word is.
    const spoofed = await post(`198.51.100.99, ${from}`, JSON.stringify(order()));
    expect(spoofed.status).toBe(429);
    // Another buyer is not held back.
    expect((await post(newAddress(), JSON.stringify(order()))).status).toBe(201);
  });

  it("answers any other method with 405 and says to POST", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await fetch(`${shop.url}/api/create-order`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ success: false, message: "Use POST to create an order" });
    }
  });

  // After the tests above, which drew every answer once.
  it("writes every answer to the access log", async () => {
    await post(newAddress(), "{");
    await fetch(`${shop.url}/api/create-order`);
    const lines = shop.server
      .output()
      .split("\n")
      .filter((line) => line.includes('"path":"/api/create-order"'));
    for (const status of [201, 200, 400, 405, 411, 413, 415, 429]) {
      expect(
        lines.some((line) => line.includes(`"status":${status}`)),
        `status ${status}`,
      ).toBe(true);
    }
  });
});
