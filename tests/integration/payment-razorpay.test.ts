import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { gatewaySettings } from "~/domain/payments/gateways/gateway-settings.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { type RazorpayDouble, startRazorpayDouble, startRazorpayShop } from "../support/razorpay-double";
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { submitSettings } from "../support/admin-forms";
import { hostileJsonText, hostileSegment } from "../support/hostile";
import type { ServerProcess } from "../support/server-process";
import { firstPlanId, placeOrder } from "../support/shop-orders";
import type { TestShop } from "../support/test-shop";

/**
 * "Pay with Razorpay" through the real production server and a local Razorpay
 * double: the Razorpay order is made once per shop order at the server's
 * price; only a webhook signed with the webhook secret (each event id once) or
 * the shop's own question to Razorpay confirms; whatever does not fit the
 * order it names waits for the operator.
 */

describe.each(testDatabases())("Razorpay payments on $name", (kind: TestDatabase) => {
  let shop: TestShop;
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let double: RazorpayDouble;
  let planId = 0;
  let seq = 0;

  beforeAll(async () => {
    double = await startRazorpayDouble();
    // One server writes the database and its jobs run only when the test asks: the webhooks, or the
    // test, decide when an order is paid.
    shop = await startRazorpayShop(kind, double, "asked");
    ({ server, db: handle } = shop);
    planId = await firstPlanId(server.url);
  });
  afterAll(async () => {
    await shop?.stop();
    await double?.stop();
  });

  const order = () => placeOrder(server.url, { planId, username: `rzp_${seq++}` });
  async function startPay(orderId: string, body?: string) {
    const res = await fetch(`${server.url}/api/orders/${orderId}/gateway`, {
      method: "POST",
      headers: body ? { "content-type": "application/json" } : {},
      body,
    });
    return {
      status: res.status,
      json: (await res.json()) as { gatewayOrderId: string; amountPaise: number; keyId: string },
    };
  }
  async function paidOrder(orderId: string) {
    return handle.db
      .selectFrom("orders")
      .select(["status", "paid_at", "paid_by", "payment_evidence", "utr"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
  }
  const creditsFor = (paymentId: string) =>
    handle.db
      .selectFrom("payment_credits")
      .selectAll()
      .where("dedupe_key", "like", `%`)
      .execute()
      .then((rows) => rows.filter((r) => (JSON.parse(r.evidence) as { paymentId?: string }).paymentId === paymentId));
  async function paying() {
    const shop = await order();
    const { json } = await startPay(shop.orderId);
    return { ...shop, gatewayOrderId: json.gatewayOrderId };
  }

  it("makes one Razorpay order per shop order, at the server's price, however often and with whatever body it is asked", async () => {
    const { orderId, pricePaise } = await order();
    const clicks = await Promise.all([
      startPay(orderId),
      startPay(orderId, JSON.stringify({ amount: 100 })),
      startPay(orderId, JSON.stringify({ amountPaise: 1, price: 1 })),
    ]);
    const again = await startPay(orderId);
    for (const click of [...clicks, again]) {
      expect(click.status).toBe(200);
      expect(click.json).toMatchObject({ amountPaise: pricePaise, keyId: double.keys.keyId });
    }
    expect(new Set([...clicks, again].map((c) => c.json.gatewayOrderId)).size).toBe(1);
    const made = [...double.orders.values()].filter((o) => o.receipt === orderId);
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(pricePaise);
  });

  it("confirms the order when Razorpay's signed webhook reports the capture: paid by gateway:razorpay, with evidence", async () => {
    const { orderId, pricePaise, gatewayOrderId } = await paying();
    const payment = double.capture(gatewayOrderId, { rrn: "612345678901", vpa: "asha@okaxis" });
    const res = await double.sendWebhook(server.url, "payment.captured", payment);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, outcome: "confirmed", orderId });
    const row = await paidOrder(orderId);
    expect(row.paid_by).toBe("gateway:razorpay");
    expect(row.utr).toBe("612345678901");
    expect(JSON.parse(row.payment_evidence!)).toMatchObject({
      source: "razorpay",
      matchedBy: "order",
      amountPaise: pricePaise,
      utr: "612345678901",
      payerVpa: "asha@okaxis",
    });
    const status = (await (await fetch(`${server.url}/api/order-status?orderId=${orderId}`)).json()) as {
      status: string;
    };
    expect(["paid", "sending", "sent", "processing"]).toContain(status.status);
  });

  it("takes each event once: the same event id again, and order.paid for the same payment, change nothing", async () => {
    const { orderId, gatewayOrderId } = await paying();
    const payment = double.capture(gatewayOrderId);
    expect(
      await (await double.sendWebhook(server.url, "payment.captured", payment, { eventId: "evt_dup1" })).json(),
    ).toMatchObject({ outcome: "confirmed" });
    const paidAt = (await paidOrder(orderId)).paid_at;
    const again = await double.sendWebhook(server.url, "payment.captured", payment, { eventId: "evt_dup1" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: "duplicate" });
    const orderPaid = await double.sendWebhook(server.url, "order.paid", payment);
    expect(orderPaid.status).toBe(200);
    expect(await orderPaid.json()).toMatchObject({ outcome: "duplicate" });
    expect((await paidOrder(orderId)).paid_at).toBe(paidAt);
    expect(await creditsFor(payment.id)).toHaveLength(1);
  });

  it("refuses a webhook with a bad signature (401) and it changes nothing", async () => {
    const { orderId, gatewayOrderId } = await paying();
    const payment = double.capture(gatewayOrderId);
    const forged = await double.sendWebhook(server.url, "payment.captured", payment, {
      eventId: "evt_forged",
      secret: "not-the-webhook-secret",
    });
    expect(forged.status).toBe(401);
    const body = double.webhookBody("payment.captured", payment);
    const unsigned = await fetch(`${server.url}/api/payments/razorpay-webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(unsigned.status).toBe(401);
    const junk = await double.sendWebhook(server.url, "payment.captured", payment, { body: "{not json" });
    expect(junk.status).toBe(400);
    expect((await paidOrder(orderId)).paid_at).toBeNull();
    expect(await creditsFor(payment.id)).toHaveLength(0);
    // The refused event id was not remembered: the genuine delivery of it still counts.
    const genuine = await double.sendWebhook(server.url, "payment.captured", payment, { eventId: "evt_forged" });
    expect(await genuine.json()).toMatchObject({ outcome: "confirmed" });
  });

  it("sends a payment of another amount, or for an order the shop never made, to Unmatched payments", async () => {
    const { orderId, pricePaise, gatewayOrderId } = await paying();
    const short = double.capture(gatewayOrderId, { amount: pricePaise - 100 });
    expect(await (await double.sendWebhook(server.url, "payment.captured", short)).json()).toMatchObject({
      outcome: "unmatched",
      reason: "amount_differs",
    });
    expect((await paidOrder(orderId)).paid_at).toBeNull();
    const [credit] = await creditsFor(short.id);
    expect(credit).toMatchObject({ status: "unmatched", reason: "amount_differs", order_id: orderId });
    const shown = JSON.parse(credit!.evidence) as { text: string; from: string };
    expect(shown.text).toContain(short.id);
    expect(shown.from).toBe("razorpay");

    // A Razorpay order made elsewhere (another shop on the account, a payment link) at this very price.
    const other = await paying();
    double.orders.set("order_Elsewhere0001", {
      ...double.orders.get(other.gatewayOrderId)!,
      id: "order_Elsewhere0001",
    });
    const stray = double.capture("order_Elsewhere0001");
    expect(await (await double.sendWebhook(server.url, "payment.captured", stray)).json()).toMatchObject({
      outcome: "unmatched",
      reason: "unknown_order",
    });
    expect((await paidOrder(other.orderId)).paid_at).toBeNull();
  });

  it("handles events in any order: a failure before or after the capture undoes nothing", async () => {
    const { orderId, gatewayOrderId } = await paying();
    const failed = double.capture(gatewayOrderId, { status: "failed" });
    expect(await (await double.sendWebhook(server.url, "payment.failed", failed)).json()).toMatchObject({
      outcome: "ignored",
    });
    expect((await paidOrder(orderId)).paid_at).toBeNull();
    const payment = double.capture(gatewayOrderId);
    // order.paid arrives before payment.captured, then a late failure report of the first attempt.
    expect(await (await double.sendWebhook(server.url, "order.paid", payment)).json()).toMatchObject({
      outcome: "confirmed",
    });
    expect(await (await double.sendWebhook(server.url, "payment.failed", failed)).json()).toMatchObject({
      outcome: "ignored",
    });
    expect(await (await double.sendWebhook(server.url, "payment.captured", payment)).json()).toMatchObject({
      outcome: "duplicate",
    });
    const row = await paidOrder(orderId);
    expect(row.paid_by).toBe("gateway:razorpay");
    expect(row.status).not.toBe("cancelled");
  });

  it("does not believe the checkout's handler: a bad signature is refused, a good one makes the shop ask Razorpay", async () => {
    const { orderId, gatewayOrderId } = await paying();
    const check = (body: unknown) =>
      fetch(`${server.url}/api/orders/${orderId}/gateway/check`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    // Claims of a payment Razorpay never took, however they are signed.
    const invented = {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: "pay_Invented00001",
      razorpay_signature: "0".repeat(64),
    };
    expect((await check(invented)).status).toBe(401);
    expect(
      (await check({ ...double.handlerResponse({ ...double.capture(gatewayOrderId, { status: "failed" }) }) })).status,
    ).toBe(200);
    expect((await paidOrder(orderId)).paid_at).toBeNull();

    const payment = double.capture(gatewayOrderId);
    const res = await check(double.handlerResponse(payment));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, confirmed: true });
    expect((await paidOrder(orderId)).paid_by).toBe("gateway:razorpay");
    expect(double.requests).toContain(`GET /v1/orders/${gatewayOrderId}/payments`);
  });

  it("asks Razorpay once for a handler response replayed over and over", async () => {
    const { orderId, gatewayOrderId } = await paying();
    const failed = double.handlerResponse(double.capture(gatewayOrderId, { status: "failed" }));
    const asked = () => double.requests.filter((r) => r === `GET /v1/orders/${gatewayOrderId}/payments`).length;
    const before = asked();
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.url}/api/orders/${orderId}/gateway/check`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(failed),
      });
      expect(res.status).toBe(200);
    }
    expect(asked() - before).toBeLessThanOrEqual(2);
  });

  it("confirms a payment whose webhook never came, by asking Razorpay (the reconciliation job)", async () => {
    const { orderId, gatewayOrderId } = await paying();
    const unpaid = await paying();
    const payment = double.capture(gatewayOrderId);
    expect((await paidOrder(orderId)).paid_at).toBeNull();
    // The next ask is an interval away (an hour here): its time comes now, and the jobs take their turn.
    await handle.db
      .updateTable("payment_gateway_orders")
      .set({ next_check_at: Date.now() - 1 })
      .where("order_id", "in", [orderId, unpaid.orderId])
      .execute();
    await shop.runJobs();
    const row = await paidOrder(orderId);
    expect(row.paid_by).toBe("gateway:razorpay");
    expect(JSON.parse(row.payment_evidence!)).toMatchObject({ source: "razorpay", matchedBy: "order" });
    expect((await paidOrder(unpaid.orderId)).paid_at).toBeNull();
    // The webhook arriving late after all: the same payment, nothing new.
    expect(await (await double.sendWebhook(server.url, "payment.captured", payment)).json()).toMatchObject({
      outcome: "duplicate",
    });
    expect(await creditsFor(payment.id)).toHaveLength(1);
  });

  it("saves the keys write-only from Settings, refuses bad ones saving nothing, and audits without the secrets", async () => {
    const settings = (fields: Record<string, string>) => submitSettings(shop, fields);
    const before = await gatewaySettings(handle.db);

    const badId = await settings({
      intent: "gateway-save",
      keyId: "pk_live_123",
      keySecret: "NewSecretValue0123456789",
    });
    expect(badId.status).toBe(400);
    expect(badId.text).toContain("rzp_live_");
    expect(badId.text).not.toContain("NewSecretValue0123456789");
    expect(await gatewaySettings(handle.db)).toEqual(before);

    const saved = await settings({
      intent: "gateway-save",
      keyId: double.keys.keyId,
      keySecret: double.keys.keySecret,
      webhookSecret: double.keys.webhookSecret,
    });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(double.keys.keySecret);
    const page = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie: shop.cookie } })).text();
    expect(page).not.toContain(double.keys.keySecret);
    expect(page).not.toContain(double.keys.webhookSecret);
    expect(page).toContain(`saved, ending …${double.keys.keySecret.slice(-4)}`);
    expect(page).toContain("/api/payments/razorpay-webhook");

    expect((await settings({ intent: "gateway-disable" })).status).toBe(200);
    expect((await startPay((await order()).orderId)).status).toBe(503);
    expect((await settings({ intent: "gateway-enable" })).status).toBe(200);
    expect((await gatewaySettings(handle.db)).enabled).toBe(true);

    const audit = await handle.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "payments.gateway")
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(audit);
    expect(text).not.toContain(double.keys.keySecret);
    expect(text).not.toContain(double.keys.webhookSecret);
  });

  it("answers hostile ids and bodies on the gateway endpoints with 4xx JSON, signed or not, and pays nothing", async () => {
    const { orderId, gatewayOrderId } = await paying();
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileSegment, fc.constant(orderId)),
        hostileJsonText(["razorpay_order_id", "razorpay_payment_id", "razorpay_signature", "event", "payload"]),
        fc.boolean(),
        async (id, body, signed) => {
          const signature = createHmac("sha256", signed ? double.keys.webhookSecret : "wrong")
            .update(body)
            .digest("hex");
          const answers = [
            await post(`/api/orders/${id}/gateway/check`, body),
            await post(`/api/orders/${id}/gateway`, body),
            await post("/api/payments/razorpay-webhook", body, {
              "x-razorpay-signature": signature,
              "x-razorpay-event-id": `evt_h${Math.random()}`,
            }),
          ];
          for (const answer of answers) {
            const label = `${answer.url} ${body.slice(0, 120)}`;
            expect(answer.status, label).toBeLessThan(500);
            await answer.body?.cancel();
          }
        },
      ),
      { numRuns: 40 },
    );
    expect((await paidOrder(orderId)).paid_at).toBeNull();
    expect(double.payments.filter((p) => p.order_id === gatewayOrderId)).toHaveLength(0);
  });

  it("allows Checkout.js in the storefront's CSP only, and the checkout page does not load it", async () => {
    const { orderId } = await order();
    const checkout = await fetch(`${server.url}/checkout?order=${orderId}`);
    expect(checkout.headers.get("content-security-policy")).toContain("https://checkout.razorpay.com");
    const html = await checkout.text();
    expect(html).toContain("Pay with Razorpay");
    expect(html).not.toContain("checkout.razorpay.com");
    const admin = await fetch(`${server.url}/admin/login`);
    expect(admin.headers.get("content-security-policy")).not.toContain("razorpay");
  });
});
