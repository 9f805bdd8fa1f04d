import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "~/domain/coupons/coupon-messages";
import { CREATE_ORDER_MESSAGES, TRACK_MESSAGES } from "~/domain/orders/order-messages";
import { TOO_MANY_ATTEMPTS } from "~/domain/auth/login.server";
import { en } from "~/locales/en";
import { testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import { type TestShop, startTestShop } from "../support/test-shop";

const ORDERS_PER_MINUTE = 3;

/**
 * One way to refuse (issue 49, point 5; ADR 0051): every rate limit of the
 * shop, tripped over HTTP, answers 429 with Retry-After in seconds and the
 * same shape: an API `{ success: false, code: "RATE_LIMITED", message,
 * retryAfter }`, a page its own view with the words in it (never a 200), a
 * download the words as text. Each limit is tripped from an address of its
 * own (the shop believes X-Forwarded-For: TRUST_PROXY=1), so none spends another's.
 */
describe.each(testDatabases())("every rate limit refuses one way on $name", (engine) => {
  let shop: TestShop;
  let address = 0;
  /** A client address no other step used. */
  const newAddress = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    shop = await startTestShop({
      engine,
      env: { TRUST_PROXY: "1", HTTPS_REDIRECT: "false", ORDER_RATE_LIMIT_PER_MINUTE: String(ORDERS_PER_MINUTE) },
    });
  }, 120_000);
  afterAll(async () => shop?.stop());

  const post = (path: string, from: string, body: string, type: string) =>
    fetch(`${shop.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": type,
        "x-forwarded-for": from,
        ...(path.startsWith("/api/admin/") ? { cookie: shop.cookie } : {}),
      },
      body,
      redirect: "manual",
    });
  const json = (value: unknown) => [JSON.stringify(value), "application/json"] as const;
  const form = (fields: Record<string, string>) =>
    [new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded"] as const;

  /** Sends the same request until the answer is a 429 (at most `limit` + 1 times); returns that answer. */
  async function trip(path: string, limit: number, body: () => readonly [string, string], from = newAddress()) {
    for (let i = 0; i <= limit; i++) {
      const res = await post(path, from, ...body());
      if (res.status === 429) {
        expect(i, `${path}: refused after ${i} of ${limit} allowed`).toBe(limit);
        return res;
      }
      await res.arrayBuffer();
    }
    throw new Error(`${path}: never refused after ${limit + 1} attempts`);
  }

  /** The seconds to wait, as every refusal sends them: a whole number of seconds, at most the limit's window. */
  function retryAfterOf(res: Response, atMost: number): number {
    const header = res.headers.get("retry-after") ?? "";
    expect(header, `${res.url} Retry-After`).toMatch(/^\d+$/);
    const seconds = Number(header);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(atMost);
    return seconds;
  }

  async function expectApiRefusal(res: Response, message: string, atMost = 60) {
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const seconds = retryAfterOf(res, atMost);
    expect(await res.json()).toMatchObject({ success: false, code: "RATE_LIMITED", message, retryAfter: seconds });
  }

  async function expectPageRefusal(res: Response, shown: string, atMost = 60) {
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    retryAfterOf(res, atMost);
    expect(await res.text()).toContain(shown);
  }

  /** An order of a buyer of its own (its phone), to look up, complain about or erase. */
  let buyers = 0;
  async function buyerOrder() {
    const phone = String(9_800_000_000 + ++buyers);
    const order = await makeOrder(shop.db.db, { customer_phone: `+91${phone}` });
    return { orderId: order.order_id, phone };
  }

  it("the checkout's Continue to payment (/api/create-order, ORDER_RATE_LIMIT_PER_MINUTE)", async () => {
    const res = await trip("/api/create-order", ORDERS_PER_MINUTE, () => json({}));
    await expectApiRefusal(res, CREATE_ORDER_MESSAGES.tooMany);
  });

  it("coupon codes tried (/api/coupons/quote)", async () => {
    const planId = Object.values(shop.planIds)[0]!;
    const res = await trip("/api/coupons/quote", 10, () => json({ planId: String(planId), code: "GUESS" }));
    await expectApiRefusal(res, COUPON_MESSAGES.tooManyTries);
  });

  it("an order's browser notifications (/api/orders/:id/notifications)", async () => {
    const { orderId } = await buyerOrder();
    const res = await trip(`/api/orders/${orderId}/notifications`, 30, () => json({}));
    await expectApiRefusal(res, TRACK_MESSAGES.tooMany);
  });

  it("WhatsApp's webhook (/api/whatsapp/webhook): a flood is not Meta", async () => {
    const res = await trip("/api/whatsapp/webhook", 600, () => json({ object: "whatsapp_business_account" }));
    await expectApiRefusal(res, "Too many requests. Please try again later.");
  });

  it("the order lookup on /track", async () => {
    const res = await trip("/track", 30, () => form({ orderId: "IB-NOPE", phone: "9812345678" }));
    await expectPageRefusal(res, TRACK_MESSAGES.tooMany);
  });

  it("complaints on /track, shown beside the order", async () => {
    const order = await buyerOrder();
    const complaint = () => form({ ...order, intent: "complaint", message: "My followers have not arrived yet." });
    const res = await trip("/track", 5, complaint);
    await expectPageRefusal(res, en.track.complaint.errors.COMPLAINT_TOO_FAST);
  });

  it("erasure requests on /track", async () => {
    const from = newAddress();
    const orders = await Promise.all([buyerOrder(), buyerOrder(), buyerOrder(), buyerOrder()]);
    let next = 0;
    const res = await trip("/track", 3, () => form({ ...orders[next++]!, intent: "erase" }), from);
    await expectPageRefusal(res, en.track.erase.tooMany);
  });

  it("the receipt lookup on /receipt", async () => {
    const res = await trip("/receipt", 30, () => form({ orderId: "IB-NOPE", phone: "9812345678" }));
    await expectPageRefusal(res, TRACK_MESSAGES.tooMany);
  });

  it("the receipt download (/receipt.pdf), as text", async () => {
    const res = await trip("/receipt.pdf", 30, () => form({ orderId: "IB-NOPE", phone: "9812345678" }));
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    retryAfterOf(res, 60);
    expect(await res.text()).toBe(TRACK_MESSAGES.tooMany);
  });

  it("the e-mail's stop link (/stop-updates)", async () => {
    const res = await trip("/stop-updates", 10, () => form({ order: "IB-NOPE", t: "not-a-token" }));
    await expectPageRefusal(res, TRACK_MESSAGES.tooMany);
  });

  it("the operator's sign-in (/admin/login), locked for the window", async () => {
    const res = await trip("/admin/login", 5, () => form({ username: "owner", password: "a-wrong-guess" }));
    await expectPageRefusal(res, TOO_MANY_ATTEMPTS, 15 * 60);
  });

  it("the operator's password typed again (/api/admin/confirm-password), limited like sign-in", async () => {
    const res = await trip("/api/admin/confirm-password", 5, () => json({ password: "a-wrong-guess" }));
    await expectApiRefusal(res, TOO_MANY_ATTEMPTS, 15 * 60);
  });
});
