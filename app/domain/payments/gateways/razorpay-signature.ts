import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Razorpay's two signatures, both hex HMAC-SHA256: a webhook's
 * `X-Razorpay-Signature` over the raw body with the webhook secret, and the
 * Checkout handler's `razorpay_signature` over `order_id|payment_id` with the
 * key secret. Compared in constant time.
 */

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac("sha256", secret).update(data).digest("hex");
}

export function sameHex(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const value = given.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(value)) return false;
  return timingSafeEqual(Buffer.from(value, "hex"), Buffer.from(expected, "hex"));
}

export function verifyWebhookSignature(secret: string, rawBody: Buffer, signature: string | null): boolean {
  return secret !== "" && sameHex(signature, hmacHex(secret, rawBody));
}

export function verifyHandlerSignature(secret: string, orderId: string, paymentId: string, signature: string): boolean {
  return secret !== "" && sameHex(signature, hmacHex(secret, `${orderId}|${paymentId}`));
}
