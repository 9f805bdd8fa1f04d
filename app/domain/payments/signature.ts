import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature Android SMS forwarders send with each forwarded SMS (the
 * scheme of "SMS Gateway for Android"): `X-Signature` is the hex
 * HMAC-SHA256, with the shared secret, of the raw request body followed by
 * `X-Timestamp` (Unix seconds). Binding the time into the signature means an
 * old request cannot be given a fresh timestamp.
 */

export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export function signBody(secret: string, rawBody: string | Buffer, timestamp: string): string {
  return createHmac("sha256", secret)
    .update(Buffer.concat([Buffer.from(rawBody), Buffer.from(timestamp)]))
    .digest("hex");
}

export type SignatureCheck = { ok: true; signature: string } | { ok: false; message: string };

export const SIGNATURE_MESSAGES = {
  missing: "Sign the request: X-Signature and X-Timestamp headers are required",
  badTimestamp: "X-Timestamp must be the Unix time in seconds",
  stale: "The request's timestamp is more than 5 minutes from the server's clock",
  badSignature: "The signature does not match the body",
} as const;

export function verifySignature(
  secret: string,
  rawBody: Buffer,
  timestamp: string | null,
  signature: string | null,
  now = Date.now(),
): SignatureCheck {
  if (!timestamp || !signature) return { ok: false, message: SIGNATURE_MESSAGES.missing };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, message: SIGNATURE_MESSAGES.badTimestamp };
  if (Math.abs(now - Number(timestamp) * 1000) > SIGNATURE_TOLERANCE_MS) {
    return { ok: false, message: SIGNATURE_MESSAGES.stale };
  }
  const given = signature
    .trim()
    .replace(/^sha256=/i, "")
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return { ok: false, message: SIGNATURE_MESSAGES.badSignature };
  const expected = signBody(secret, rawBody, timestamp);
  if (!timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"))) {
    return { ok: false, message: SIGNATURE_MESSAGES.badSignature };
  }
  return { ok: true, signature: given };
}
