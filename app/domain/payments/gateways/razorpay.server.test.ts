import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { type RazorpayDouble, startRazorpayDouble } from "../../../../tests/support/razorpay-double";
import type { GatewayCredentials } from "./gateway";
import { verifyHandlerSignature, verifyWebhookSignature } from "./razorpay-signature";
import { normalisePayment, razorpayGateway } from "./razorpay.server";

const sign = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest("hex");
const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? null });

describe("Razorpay signatures", () => {
  const body = Buffer.from('{"event":"payment.captured"}');

  it("accepts the hex HMAC-SHA256 of the raw body with the webhook secret, and nothing else", () => {
    expect(verifyWebhookSignature("whsec-123456789", body, sign("whsec-123456789", body.toString()))).toBe(true);
    expect(verifyWebhookSignature("whsec-123456789", body, sign("another-secret", body.toString()))).toBe(false);
    expect(
      verifyWebhookSignature(
        "whsec-123456789",
        Buffer.concat([body, Buffer.from(" ")]),
        sign("whsec-123456789", body.toString()),
      ),
    ).toBe(false);
    expect(verifyWebhookSignature("whsec-123456789", body, null)).toBe(false);
    expect(verifyWebhookSignature("whsec-123456789", body, "zz")).toBe(false);
    // No secret saved: nothing verifies, not even a signature made with the empty key.
    expect(verifyWebhookSignature("", body, sign("", body.toString()))).toBe(false);
  });

  it("checks the handler's signature over order_id|payment_id with the key secret", () => {
    const good = sign("keysecret0123456789", "order_A|pay_B");
    expect(verifyHandlerSignature("keysecret0123456789", "order_A", "pay_B", good)).toBe(true);
    expect(verifyHandlerSignature("keysecret0123456789", "order_A", "pay_C", good)).toBe(false);
    expect(verifyHandlerSignature("keysecret0123456789", "order_X", "pay_B", good)).toBe(false);
  });
});

describe("Razorpay payment normalisation", () => {
  it("reads amount, order, VPA and a 12-digit RRN as the UTR; other statuses are not captures", () => {
    const p = normalisePayment({
      id: "pay_1",
      amount: 34899,
      currency: "INR",
      status: "captured",
      order_id: "order_1",
      method: "upi",
      vpa: "a@okicici",
      acquirer_data: { rrn: "412345678901" },
      created_at: 1_700_000_000,
    });
    expect(p).toMatchObject({ paymentId: "pay_1", gatewayOrderId: "order_1", amountPaise: 34899, status: "captured" });
    expect(p).toMatchObject({ utr: "412345678901", payerVpa: "a@okicici", at: 1_700_000_000_000 });
    expect(normalisePayment({ id: "p", amount: 1, currency: "INR", status: "failed" }).status).toBe("failed");
    expect(normalisePayment({ id: "p", amount: 1, currency: "INR", status: "created" }).status).toBe("other");
    // A card payment's reference is not a UPI UTR.
    expect(
      normalisePayment({ id: "p", amount: 1, currency: "INR", status: "captured", acquirer_data: { rrn: "ABC12" } })
        .utr,
    ).toBeNull();
  });
});

describe("Razorpay adapter against the local double", () => {
  let double: RazorpayDouble;
  let credentials: GatewayCredentials;
  beforeAll(async () => {
    double = await startRazorpayDouble();
    credentials = double.keys;
  });
  afterAll(() => double.stop());
  const gateway = () => razorpayGateway({ baseUrl: double.url, timeoutMs: 5_000 });

  it("makes an order for exactly the amount, and lists its payments", async () => {
    const made = await gateway().createOrder(credentials, { amountPaise: 34899, receipt: "BK1", notes: { a: "b" } });
    expect(double.orders.get(made.gatewayOrderId)).toMatchObject({ amount: 34899, currency: "INR", receipt: "BK1" });
    expect(await gateway().orderPayments(credentials, made.gatewayOrderId)).toEqual([]);
    const paid = double.capture(made.gatewayOrderId, { rrn: "512345678901" });
    const [payment] = await gateway().orderPayments(credentials, made.gatewayOrderId);
    expect(payment).toMatchObject({ paymentId: paid.id, status: "captured", amountPaise: 34899, utr: "512345678901" });
  });

  it("reports wrong keys and an unreachable API as upstream failures", async () => {
    const wrong = { ...credentials, keySecret: "wrongsecret0123456789" };
    await expect(gateway().createOrder(wrong, { amountPaise: 100, receipt: "x", notes: {} })).rejects.toMatchObject({
      code: "UPSTREAM_FAILED",
    });
    expect(double.refused).toBeGreaterThan(0);
    const down = razorpayGateway({ baseUrl: "http://127.0.0.1:1", timeoutMs: 2_000 });
    await expect(down.orderPayments(credentials, "order_x")).rejects.toBeInstanceOf(AppError);
  });

  it("reads a signed webhook, refuses a bad signature (401) or body (400)", async () => {
    const made = await gateway().createOrder(credentials, { amountPaise: 500, receipt: "BK2", notes: {} });
    const payment = double.capture(made.gatewayOrderId);
    const body = double.webhookBody("order.paid", payment);
    const signed = sign(credentials.webhookSecret, body);
    const ok = gateway().readWebhook(credentials, {
      rawBody: Buffer.from(body),
      headers: headers({ "x-razorpay-signature": signed, "x-razorpay-event-id": "evt_1" }),
    });
    expect(ok).toMatchObject({ ok: true, event: { eventId: "evt_1", type: "order.paid" } });
    if (ok.ok) expect(ok.event.payment).toMatchObject({ paymentId: payment.id, gatewayOrderId: made.gatewayOrderId });

    const forged = gateway().readWebhook(credentials, {
      rawBody: Buffer.from(body.replace('"amount":500', '"amount":50')),
      headers: headers({ "x-razorpay-signature": signed }),
    });
    expect(forged).toMatchObject({ ok: false, status: 401 });
    const junk = "not json";
    expect(
      gateway().readWebhook(credentials, {
        rawBody: Buffer.from(junk),
        headers: headers({ "x-razorpay-signature": sign(credentials.webhookSecret, junk) }),
      }),
    ).toMatchObject({ ok: false, status: 400 });
  });
});
