/**
 * What the shop needs from an online payment gateway (Razorpay today; Cashfree
 * or PhonePe would be one more file implementing this and a line in
 * `registry.server.ts`). The gateway never decides the price and its browser
 * callback never confirms anything: an order is confirmed only by a webhook
 * whose signature verified, or by the shop asking the gateway itself.
 */

/** The gateway's keys, as the operator saved them in Settings → Payment gateway. */
export interface GatewayCredentials {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** A gateway-side order made for one shop order, at the shop's price. */
export interface GatewayOrder {
  gatewayOrderId: string;
  amountPaise: number;
  currency: "INR";
}

/** A payment the gateway reports, normalised: the same shape from a webhook or a reconciliation fetch. */
export interface GatewayPayment {
  paymentId: string;
  gatewayOrderId: string | null;
  amountPaise: number;
  currency: string;
  /** "captured" is the only status that confirms an order. */
  status: "captured" | "authorized" | "failed" | "refunded" | "other";
  /** The UPI reference (RRN/UTR), when the gateway gives one. */
  utr: string | null;
  payerVpa: string | null;
  method: string | null;
  /** Seconds-precision time the gateway created the payment, as ms. */
  at: number;
}

/** One verified webhook delivery, normalised. */
export interface GatewayEvent {
  /** The gateway's id for this delivery: the same event sent again carries the same id. */
  eventId: string | null;
  type: string;
  payment: GatewayPayment | null;
}

export type WebhookCheck = { ok: true; event: GatewayEvent } | { ok: false; status: 400 | 401; message: string };

export interface WebhookRequest {
  rawBody: Buffer;
  headers: { get(name: string): string | null };
}

/** What the browser needs to open the gateway's checkout for one order. */
export interface CheckoutLaunch {
  gateway: string;
  /** The public key id (not a secret). */
  keyId: string;
  gatewayOrderId: string;
  amountPaise: number;
  currency: "INR";
  scriptUrl: string;
}

/** The browser's callback after paying: a hint to look now, never a confirmation. */
export interface HandlerResponse {
  gatewayOrderId: string;
  paymentId: string;
  signature: string;
}

export interface PaymentGateway {
  /** The name on `paid_by` (`gateway:<name>`) and in the credit's reporter. */
  readonly name: string;
  readonly scriptUrl: string;
  /** Makes the gateway-side order for exactly `amountPaise`; the receipt is the shop's order id. */
  createOrder(
    credentials: GatewayCredentials,
    input: { amountPaise: number; receipt: string; notes: Record<string, string> },
  ): Promise<GatewayOrder>;
  /** Checks the signature over the raw body, then reads it. Nothing in the body is believed before. */
  readWebhook(credentials: GatewayCredentials, request: WebhookRequest): WebhookCheck;
  /** Whether the browser's callback was signed by the gateway for this order (constant time). */
  verifyHandler(credentials: GatewayCredentials, response: HandlerResponse): boolean;
  /** Every payment the gateway has for one of its orders. */
  orderPayments(credentials: GatewayCredentials, gatewayOrderId: string): Promise<GatewayPayment[]>;
}
