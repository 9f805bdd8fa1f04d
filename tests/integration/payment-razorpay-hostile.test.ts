import { createHmac, randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { type RazorpayDouble, startRazorpayDouble, startRazorpayShop } from "../support/razorpay-double";
import type { ServerProcess } from "../support/server-process";
import { firstPlanId, placeOrder } from "../support/shop-orders";
import type { TestShop } from "../support/test-shop";

/**
 * A thousand hostile Razorpay webhooks through the real production server:
 * unsigned, signed with another secret or for another body, event ids
 * replayed with other bodies, and payments Razorpay would sign that still pay
 * nothing (another amount, an order the shop never made, another currency, a
 * failure reported as a capture), malformed JSON, wrong content types, huge
 * bodies. None pays an order or gets a 5xx, and Razorpay's genuine capture
 * sent afterwards still confirms its order.
 */

describe.each(testDatabases())("hostile Razorpay webhooks on $name", (kind: TestDatabase) => {
  let shop: TestShop;
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let double: RazorpayDouble;
  /** Shop orders paying by Razorpay, each with its Razorpay order; and UPI orders with none. */
  const paying: { orderId: string; pricePaise: number; gatewayOrderId: string }[] = [];
  const upiOnly: { orderId: string; pricePaise: number }[] = [];
  const replayedIds: string[] = [];

  beforeAll(async () => {
    double = await startRazorpayDouble();
    // The reconciliation job waits an hour: the webhooks, or the test, decide when an order is paid.
    shop = await startRazorpayShop(kind, double);
    ({ server, db: handle } = shop);
    const planId = await firstPlanId(server.url);
    for (let i = 0; i < 6; i++) {
      const placed = await placeOrder(server.url, { planId, username: `rzp_h_${i}` });
      if (i >= 4) {
        upiOnly.push(placed);
        continue;
      }
      const pay = await fetch(`${server.url}/api/orders/${placed.orderId}/gateway`, { method: "POST" });
      expect(pay.status).toBe(200);
      paying.push({ ...placed, gatewayOrderId: ((await pay.json()) as { gatewayOrderId: string }).gatewayOrderId });
    }
    // Event ids Razorpay has already delivered (a failure report each): replayed below with other bodies.
    for (let i = 0; i < 4; i++) {
      const eventId = `evt_Replayed${i}`;
      const res = await post(body("payment.failed", payment(paying[i]!.gatewayOrderId, { status: "failed" })), {
        secret: double.keys.webhookSecret,
        eventId,
      });
      expect(await res.json()).toMatchObject({ outcome: "ignored" });
      replayedIds.push(eventId);
    }
  });
  afterAll(async () => {
    await shop?.stop();
    await double?.stop();
  });

  const paidCount = async () =>
    (await handle.db.selectFrom("orders").select("order_id").where("paid_at", "is not", null).execute()).length;

  function payment(orderId: string | null, fields: Record<string, unknown> = {}): Record<string, unknown> {
    const order = paying.find((p) => p.gatewayOrderId === orderId);
    return {
      id: `pay_${randomBytes(7).toString("hex")}`,
      entity: "payment",
      amount: order?.pricePaise ?? 34_850,
      currency: "INR",
      status: "captured",
      order_id: orderId,
      method: "upi",
      vpa: "asha.verma@okicici",
      captured: true,
      acquirer_data: { rrn: String(600_000_000_000 + Math.floor(Math.random() * 1e11)) },
      created_at: Math.floor(Date.now() / 1000),
      ...fields,
    };
  }
  function body(event: string, entity: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
    return JSON.stringify({
      entity: "event",
      account_id: "acc_DoubleAccount01",
      event,
      contains: ["payment"],
      payload: { payment: { entity } },
      created_at: Math.floor(Date.now() / 1000),
      ...extra,
    });
  }
  const sign = (secret: string, text: string | Buffer) => createHmac("sha256", secret).update(text).digest("hex");

  interface Request {
    body: string | Buffer;
    /** The webhook secret to sign with, a literal signature, or none. */
    secret?: string;
    signature?: string;
    eventId?: string;
    contentType?: string;
  }
  function post(raw: string | Buffer, r: Omit<Request, "body"> = {}) {
    const headers: Record<string, string> = {};
    if (r.contentType !== "") headers["content-type"] = r.contentType ?? "application/json";
    const signature = r.signature ?? (r.secret === undefined ? undefined : sign(r.secret, raw));
    if (signature !== undefined) headers["x-razorpay-signature"] = signature;
    if (r.eventId !== "") headers["x-razorpay-event-id"] = r.eventId ?? `evt_${randomBytes(7).toString("hex")}`;
    return fetch(`${server.url}/api/payments/razorpay-webhook`, {
      method: "POST",
      headers,
      body: typeof raw === "string" ? raw : new Uint8Array(raw),
    });
  }

  type Sample = { what: string; request: () => Request };
  const sample = <T>(what: string, arb: fc.Arbitrary<T>, request: (v: T) => Request) =>
    arb.map((v): Sample => ({ what, request: () => request(v) }));

  const target = fc.nat({ max: 3 });
  const event = fc.constantFrom("payment.captured", "order.paid");
  /** What Razorpay would send for a genuine capture of a target order: forged, below, in every way but the secret. */
  const genuineBody = fc.tuple(target, event).map(([i, e]) => body(e, payment(paying[i]!.gatewayOrderId)));
  const wrongSecret = fc.oneof(
    fc.constantFrom(
      "",
      "not-the-webhook-secret",
      "double-webhook-secret-4",
      "double-webhook-secret-42 ",
      "DOUBLE-WEBHOOK-SECRET-42",
    ),
    fc.string({ maxLength: 40 }),
  );
  const junkSignature = fc.oneof(
    fc.constantFrom(
      "",
      "0".repeat(64),
      "f".repeat(63),
      "g".repeat(64),
      `${"0".repeat(64)},${"1".repeat(64)}`,
      "sha256=",
    ),
    fc.stringMatching(/^[0-9a-fA-F ]{0,130}$/),
    fc.string({ unit: "grapheme-ascii", maxLength: 200 }).map((s) => s.replace(/[\r\n\0]/g, "")),
  );
  const contentType = fc.constantFrom(
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-16",
    "",
  );

  const common: fc.Arbitrary<Sample> = fc.oneof(
    sample("unsigned", genuineBody, (b) => ({ body: b })),
    sample("signed with another secret", fc.tuple(genuineBody, wrongSecret), ([b, secret]) => ({ body: b, secret })),
    sample("a signature that is not one", fc.tuple(genuineBody, junkSignature), ([b, signature]) => ({
      body: b,
      signature,
    })),
    sample("the signature of another body", fc.tuple(genuineBody, genuineBody), ([b, other]) => ({
      body: b,
      signature: sign(double.keys.webhookSecret, other),
    })),
    sample(
      "the signature of the body before it was changed",
      fc.tuple(target, fc.constantFrom("space", "amount", "order", "reserialised", "bom")),
      ([i, how]) => {
        const genuine = body("payment.captured", payment(paying[i]!.gatewayOrderId, { amount: 100 }));
        const changed =
          how === "space"
            ? `${genuine} `
            : how === "amount"
              ? genuine.replace('"amount":100', `"amount":${paying[i]!.pricePaise}`)
              : how === "order"
                ? genuine.replace(paying[i]!.gatewayOrderId, paying[(i + 1) % 4]!.gatewayOrderId)
                : how === "reserialised"
                  ? JSON.stringify(JSON.parse(genuine), null, 2)
                  : `\uFEFF${genuine}`;
        return { body: changed, signature: sign(double.keys.webhookSecret, genuine) };
      },
    ),
    sample(
      "a delivered event id replayed with a capture, signed or not",
      fc.tuple(genuineBody, fc.nat({ max: 3 }), fc.boolean()),
      ([b, id, signed]) => ({
        body: b,
        eventId: replayedIds[id]!,
        ...(signed ? { secret: double.keys.webhookSecret } : { secret: "not-the-webhook-secret" }),
      }),
    ),
    sample(
      "a signed capture of another amount",
      fc.tuple(
        target,
        event,
        fc.oneof(
          fc.integer({ min: -99, max: 99 }).filter((d) => d !== 0),
          fc.constantFrom(-1e6, 1e6),
        ),
      ),
      ([i, e, delta]) => ({
        body: body(e, payment(paying[i]!.gatewayOrderId, { amount: Math.max(0, paying[i]!.pricePaise + delta) })),
        secret: double.keys.webhookSecret,
      }),
    ),
    sample(
      "a signed capture with an amount that is not a whole number of paise",
      fc.tuple(target, fc.constantFrom<unknown>(0.5, "34850", null, -34850, 1e308, [34850], { value: 34850 }, true)),
      ([i, amount]) => ({
        body: body("payment.captured", payment(paying[i]!.gatewayOrderId, { amount })),
        secret: double.keys.webhookSecret,
      }),
    ),
    sample(
      "a signed capture for a Razorpay order the shop never made, at an open order's exact amount",
      fc.tuple(
        fc.nat({ max: 5 }),
        fc.constantFrom<string | null | undefined>(null, undefined, "order_Elsewhere0001", "", "order_"),
      ),
      ([i, orderId]) => {
        const amount = [...paying, ...upiOnly][i]!.pricePaise;
        const entity = payment(null, { amount, order_id: orderId });
        if (orderId === undefined) delete entity.order_id;
        return { body: body("payment.captured", entity), secret: double.keys.webhookSecret };
      },
    ),
    sample(
      "a signed capture in another currency",
      fc.tuple(target, fc.constantFrom("USD", "inr", "", "INR ", "EUR", "₹")),
      ([i, currency]) => ({
        body: body("payment.captured", payment(paying[i]!.gatewayOrderId, { currency })),
        secret: double.keys.webhookSecret,
      }),
    ),
    sample(
      "a signed report of a payment that was not captured",
      fc.tuple(
        target,
        fc.constantFrom("payment.captured", "order.paid", "payment.failed", "payment.authorized", "refund.processed"),
        fc.constantFrom("failed", "authorized", "refunded", "created", "CAPTURED", "captured "),
      ),
      ([i, e, status]) => ({
        body: body(e, payment(paying[i]!.gatewayOrderId, { status, captured: false })),
        secret: double.keys.webhookSecret,
      }),
    ),
    sample(
      "a signed event of another kind carrying a capture",
      fc.tuple(
        target,
        fc.constantFrom("payment.authorized", "refund.created", "order.notification", "", "PAYMENT.CAPTURED"),
      ),
      ([i, e]) => ({ body: body(e, payment(paying[i]!.gatewayOrderId)), secret: double.keys.webhookSecret }),
    ),
    sample(
      "signed malformed JSON",
      fc.oneof(
        fc.constantFrom(
          "",
          "{not json",
          "null",
          "[]",
          '"payment.captured"',
          '{"event":"payment.captured"}',
          '{"event":"payment.captured","payload":null}',
          '{"event":"payment.captured","payload":{"payment":{"entity":null}}}',
          '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_x"}}}}',
          '{"__proto__":{"status":"captured"},"event":"payment.captured","payload":{}}',
          `${"[".repeat(5000)}${"]".repeat(5000)}`,
          '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"\\u0000","amount":1e400}}}}',
        ),
        fc.json({ maxDepth: 4 }),
        fc.string({ unit: "binary", maxLength: 400 }),
        fc.tuple(genuineBody, fc.nat()).map(([b, n]) => b.slice(0, n % b.length)),
      ),
      (b) => ({ body: b, secret: double.keys.webhookSecret }),
    ),
    sample("random bytes, signed", fc.uint8Array({ maxLength: 1024 }), (bytes) => ({
      body: Buffer.from(bytes),
      secret: double.keys.webhookSecret,
    })),
    sample(
      "a hostile event id on a forged capture",
      fc.tuple(genuineBody, fc.string({ unit: "grapheme-ascii", maxLength: 300 })),
      ([b, eventId]) => ({ body: b, eventId: eventId.replace(/[\r\n\0]/g, "") || "x", secret: "wrong" }),
    ),
  );

  const corpus = fc
    .tuple(
      fc.oneof(
        { weight: 199, arbitrary: common },
        {
          // A few only: the server refuses them by their length.
          weight: 1,
          arbitrary: sample(
            "a huge body, signed",
            fc.tuple(target, fc.constantFrom(70 * 1024, 1024 * 1024)),
            ([i, size]) => ({
              body: body("payment.captured", payment(paying[i]!.gatewayOrderId), { padding: "x".repeat(size) }),
              secret: double.keys.webhookSecret,
            }),
          ),
        },
      ),
      fc.option(contentType, { freq: 3 }),
    )
    .map(([s, type]): Sample =>
      type === null
        ? s
        : { what: `${s.what} (${type || "no"} content type)`, request: () => ({ ...s.request(), contentType: type }) },
    );

  it("pays nothing for 1,000 hostile webhooks, answers each 2xx or 4xx, and Razorpay's genuine capture still confirms", async () => {
    const statuses = new Map<number, number>();
    const whats = new Set<string>();
    await fc.assert(
      fc.asyncProperty(corpus, async ({ what, request }) => {
        whats.add(what.replace(/ \(.*\)$/, ""));
        const r = request();
        const res = await post(r.body, r);
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${what}: ${text}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `${what}: ${text}`).toBeLessThan(500);
        expect(text, what).not.toContain('"confirmed"');
        expect(await paidCount(), what).toBe(0);
      }),
      { numRuns: 1_000, seed: 20_251_123, endOnFailure: true },
    );
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(1_000);
    expect(whats.size).toBeGreaterThanOrEqual(15);
    // Refused and processed alike: both the signature check and the matcher were reached.
    expect(statuses.get(401)).toBeGreaterThan(100);
    expect(statuses.get(200)).toBeGreaterThan(100);

    // Every order is still open; Razorpay's own capture of one the corpus aimed at confirms it.
    const genuine = paying[2]!;
    const captured = double.capture(genuine.gatewayOrderId);
    const res = await double.sendWebhook(server.url, "payment.captured", captured);
    expect(await res.json()).toEqual({ success: true, outcome: "confirmed", orderId: genuine.orderId });
    expect(await paidCount()).toBe(1);
  }, 120_000);
});
