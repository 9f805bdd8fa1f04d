import { createHmac, randomBytes } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { saveGatewaySettings } from "~/domain/payments/gateways/gateway-settings.server";
import type { TestDatabase } from "./databases";
import { type TestShop, startTestShop } from "./test-shop";

/**
 * A stand-in for Razorpay's API on 127.0.0.1, answering the endpoints the shop
 * uses in Razorpay's documented shapes: POST /v1/orders and
 * GET /v1/orders/:id/payments, with Basic auth (key id : key secret) checked
 * (401 otherwise). Tests "capture" a payment as a buyer's bank would, then
 * send (or withhold, duplicate, reorder) the signed webhook Razorpay would send.
 */

export interface DoubleKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface DoubleOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface DoublePayment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "captured" | "failed" | "authorized";
  order_id: string;
  method: string;
  vpa: string | null;
  captured: boolean;
  acquirer_data: { rrn: string | null };
  error_code: string | null;
  created_at: number;
}

export interface RazorpayDouble {
  url: string;
  keys: DoubleKeys;
  orders: Map<string, DoubleOrder>;
  payments: DoublePayment[];
  /** Requests refused for bad credentials, and every request seen ("POST /v1/orders"). */
  refused: number;
  requests: string[];
  /** A buyer paid: a captured (or failed) payment on the order. Amount defaults to the order's. */
  capture(
    orderId: string,
    options?: Partial<Pick<DoublePayment, "amount" | "status" | "vpa">> & { rrn?: string | null },
  ): DoublePayment;
  /** What Checkout.js hands the page's handler for this payment, signed with the key secret. */
  handlerResponse(payment: DoublePayment): {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  };
  /** The webhook body Razorpay sends for this event. */
  webhookBody(event: "payment.captured" | "order.paid" | "payment.failed", payment: DoublePayment): string;
  /** Sends a webhook to the shop, signed with the webhook secret (or `secret`), with an event id. */
  sendWebhook(
    shopUrl: string,
    event: "payment.captured" | "order.paid" | "payment.failed",
    payment: DoublePayment,
    options?: { eventId?: string; secret?: string; body?: string },
  ): Promise<Response>;
  /** Answer every API call with this status (500: Razorpay down) until set back to null. */
  failWith: number | null;
  stop(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url").replace(/[-_]/g, "x").slice(0, 14)}`;

export async function startRazorpayDouble(keys: Partial<DoubleKeys> = {}): Promise<RazorpayDouble> {
  const full: DoubleKeys = {
    keyId: keys.keyId ?? "rzp_test_DoubleKey1234ab",
    keySecret: keys.keySecret ?? "doubleKeySecret0123456789",
    webhookSecret: keys.webhookSecret ?? "double-webhook-secret-42",
  };
  const orders = new Map<string, DoubleOrder>();
  const payments: DoublePayment[] = [];
  const requests: string[] = [];
  let rrnSeq = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, description: string) =>
    send(res, status, { error: { code: "BAD_REQUEST_ERROR", description, source: "NA", step: "NA", reason: "NA" } });

  const authorised = (req: IncomingMessage) =>
    req.headers.authorization === `Basic ${Buffer.from(`${full.keyId}:${full.keySecret}`).toString("base64")}`;

  const double: RazorpayDouble = {
    url: "",
    keys: full,
    orders,
    payments,
    refused: 0,
    requests,
    failWith: null,
    capture(orderId, options = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const status = options.status ?? "captured";
      const payment: DoublePayment = {
        id: id("pay"),
        entity: "payment",
        amount: options.amount ?? order.amount,
        currency: "INR",
        status,
        order_id: orderId,
        method: "upi",
        vpa: options.vpa === undefined ? "asha.verma@okicici" : options.vpa,
        captured: status === "captured",
        acquirer_data: {
          rrn:
            options.rrn === undefined
              ? String(600_000_000_000 + ++rrnSeq * 7 + (Date.now() % 1_000_000) * 1000)
              : options.rrn,
        },
        error_code: status === "failed" ? "BAD_REQUEST_ERROR" : null,
        created_at: Math.floor(Date.now() / 1000),
      };
      payments.push(payment);
      order.attempts++;
      if (status === "captured") {
        order.amount_paid += payment.amount;
        order.amount_due = Math.max(0, order.amount - order.amount_paid);
        order.status = order.amount_due === 0 ? "paid" : "attempted";
      } else if (order.status === "created") order.status = "attempted";
      return payment;
    },
    handlerResponse(payment) {
      const signature = createHmac("sha256", full.keySecret).update(`${payment.order_id}|${payment.id}`).digest("hex");
      return { razorpay_payment_id: payment.id, razorpay_order_id: payment.order_id, razorpay_signature: signature };
    },
    webhookBody(event, payment) {
      const payload: Record<string, unknown> = { payment: { entity: payment } };
      if (event === "order.paid") payload.order = { entity: orders.get(payment.order_id) };
      return JSON.stringify({
        entity: "event",
        account_id: "acc_DoubleAccount01",
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
    },
    async sendWebhook(shopUrl, event, payment, options = {}) {
      const body = options.body ?? double.webhookBody(event, payment);
      const signature = createHmac("sha256", options.secret ?? full.webhookSecret)
        .update(body)
        .digest("hex");
      return fetch(`${shopUrl}/api/payments/razorpay-webhook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": signature,
          "x-razorpay-event-id": options.eventId ?? id("evt"),
        },
        body,
      });
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };

  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0]!;
      requests.push(`${req.method} ${path}`);
      if (!authorised(req)) {
        double.refused++;
        return error(res, 401, "The api key provided is invalid");
      }
      if (double.failWith !== null) return error(res, double.failWith, "Something went wrong");
      if (req.method === "POST" && path === "/v1/orders") {
        let body: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
        try {
          body = JSON.parse(raw) as typeof body;
        } catch {
          return error(res, 400, "The request body is not valid JSON");
        }
        if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
          return error(res, 400, "The amount must be atleast INR 1.00");
        }
        if (body.currency !== "INR") return error(res, 400, "The currency is invalid");
        const order: DoubleOrder = {
          id: id("order"),
          entity: "order",
          amount: body.amount as number,
          amount_paid: 0,
          amount_due: body.amount as number,
          currency: "INR",
          receipt: typeof body.receipt === "string" ? body.receipt : null,
          status: "created",
          attempts: 0,
          notes: (body.notes as Record<string, string>) ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(res, 200, order);
      }
      const match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (req.method === "GET" && match) {
        const orderId = decodeURIComponent(match[1]!);
        if (!orders.has(orderId)) return error(res, 400, "The id provided does not exist");
        const items = payments.filter((p) => p.order_id === orderId);
        return send(res, 200, { entity: "collection", count: items.length, items });
      }
      return error(res, 404, "The requested URL was not found on the server.");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}

/**
 * A test shop that takes payments through this double (Razorpay on, its keys saved as the operator would):
 * its jobs run on their own (the payment window every 200 ms), or with "asked" only when the test runs
 * them; the reconciliation job asks Razorpay only once an hour, so a webhook or the test decides when an
 * order is paid.
 */
export async function startRazorpayShop(
  engine: TestDatabase,
  double: RazorpayDouble,
  jobs: "running" | "asked" = "running",
): Promise<TestShop> {
  const shop = await startTestShop({
    engine,
    simulator: true,
    jobs,
    env: { PAYMENT_JOB_INTERVAL_MS: "200", RAZORPAY_API_BASE: double.url, GATEWAY_RECONCILE_INTERVAL_MS: "3600000" },
  });
  await saveGatewaySettings(shop.db.db, { enabled: true, ...double.keys });
  return shop;
}
