import type { z } from "zod";
import { AppError, isAppError } from "~/lib/app-error";
import { parseJsonText } from "~/lib/server/parse.server";
import type { GatewayCredentials, GatewayEvent, GatewayPayment, PaymentGateway, WebhookCheck } from "./gateway";
import { verifyHandlerSignature, verifyWebhookSignature } from "./razorpay-signature";
import {
  MAX_WEBHOOK_BODY_BYTES,
  type RazorpayPayment,
  razorpayOrderSchema,
  razorpayPaymentsSchema,
  razorpayWebhookSchema,
} from "./razorpay.types";

/**
 * Razorpay through its REST API (Basic auth with key id and key secret) and
 * Standard Checkout: POST /v1/orders makes the order the buyer pays,
 * GET /v1/orders/:id/payments tells what was paid, and webhooks report it as
 * it happens. `baseUrl` is configurable so tests talk to a local double.
 */

export const RAZORPAY_CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

export interface RazorpayOptions {
  baseUrl: string;
  timeoutMs?: number;
}

const STATUSES: Record<string, GatewayPayment["status"]> = {
  captured: "captured",
  authorized: "authorized",
  failed: "failed",
  refunded: "refunded",
};

/** A Razorpay payment entity in the shop's terms. The RRN is a UTR only when it is the 12-digit UPI reference. */
export function normalisePayment(p: RazorpayPayment): GatewayPayment {
  const rrn = p.acquirer_data?.rrn == null ? null : String(p.acquirer_data.rrn);
  return {
    paymentId: p.id,
    gatewayOrderId: p.order_id ?? null,
    amountPaise: p.amount,
    currency: p.currency,
    status: STATUSES[p.status] ?? "other",
    utr: rrn && /^\d{12}$/.test(rrn) ? rrn : null,
    payerVpa: p.vpa ?? null,
    method: p.method ?? null,
    at: (p.created_at ?? 0) * 1000,
  };
}

export function razorpayGateway({ baseUrl, timeoutMs = 15_000 }: RazorpayOptions): PaymentGateway {
  const root = baseUrl.replace(/\/+$/, "");

  async function call(credentials: GatewayCredentials, path: string, body?: unknown): Promise<string> {
    const auth = Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString("base64");
    let res: Response;
    try {
      res = await fetch(`${root}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          Authorization: `Basic ${auth}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch {
      throw new AppError("UPSTREAM_UNKNOWN", "Razorpay did not answer. Please try again.");
    }
    const text = await res.text().catch(() => "");
    if (res.status === 401) throw new AppError("UPSTREAM_FAILED", "Razorpay refused the key id and key secret");
    if (!res.ok) {
      const described = /"description"\s*:\s*"([^"]{1,200})"/.exec(text)?.[1];
      throw new AppError("UPSTREAM_FAILED", `Razorpay refused the request${described ? `: ${described}` : ""}`);
    }
    return text;
  }

  function read<T>(text: string, schema: import("zod").ZodType<T>): T {
    try {
      return parseJsonText(text, schema);
    } catch (error) {
      if (!isAppError(error)) throw error;
      throw new AppError("UPSTREAM_FAILED", "Razorpay answered in an unexpected form");
    }
  }

  return {
    name: "razorpay",
    scriptUrl: RAZORPAY_CHECKOUT_SCRIPT,

    async createOrder(credentials, { amountPaise, receipt, notes }) {
      const text = await call(credentials, "/v1/orders", { amount: amountPaise, currency: "INR", receipt, notes });
      const order = read(text, razorpayOrderSchema);
      // The buyer must be asked for exactly the shop's price, whatever anyone sent.
      if (order.amount !== amountPaise || order.currency !== "INR") {
        throw new AppError("UPSTREAM_FAILED", "Razorpay made the order for a different amount");
      }
      return { gatewayOrderId: order.id, amountPaise, currency: "INR" };
    },

    readWebhook(credentials, { rawBody, headers }): WebhookCheck {
      if (rawBody.length > MAX_WEBHOOK_BODY_BYTES) return { ok: false, status: 400, message: "Body too large" };
      if (!verifyWebhookSignature(credentials.webhookSecret, rawBody, headers.get("x-razorpay-signature"))) {
        return { ok: false, status: 401, message: "The signature does not match the body" };
      }
      let body: z.output<typeof razorpayWebhookSchema>;
      try {
        body = parseJsonText(rawBody.toString("utf8"), razorpayWebhookSchema);
      } catch (error) {
        if (!isAppError(error)) throw error;
        return { ok: false, status: 400, message: error.message };
      }
      const eventId = headers.get("x-razorpay-event-id")?.trim().slice(0, 100) || null;
      const entity = body.payload.payment?.entity;
      const payment = entity ? normalisePayment(entity) : null;
      // order.paid names its order beside the payment; a payment entity without one is filled in from it.
      if (payment && !payment.gatewayOrderId && body.payload.order) {
        payment.gatewayOrderId = body.payload.order.entity.id;
      }
      const event: GatewayEvent = { eventId, type: body.event, payment };
      return { ok: true, event };
    },

    verifyHandler(credentials, { gatewayOrderId, paymentId, signature }) {
      return verifyHandlerSignature(credentials.keySecret, gatewayOrderId, paymentId, signature);
    },

    async orderPayments(credentials, gatewayOrderId) {
      const text = await call(credentials, `/v1/orders/${encodeURIComponent(gatewayOrderId)}/payments`);
      return read(text, razorpayPaymentsSchema).items.map(normalisePayment);
    },
  };
}
