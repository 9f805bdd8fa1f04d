import type { z } from "zod";
import type { AppServices } from "~/context";
import { AppError } from "~/lib/app-error";
import { parseJsonText } from "~/lib/server/parse.server";
import { firstSighting } from "./replay-guard.server";
import { SIGNATURE_TOLERANCE_MS, verifySignature } from "./signature";

/**
 * A request a forwarder on the operator's phone signed (the SMS and the
 * payment-app notification sources): `X-Signature` is the hex HMAC-SHA256 of
 * the raw body followed by `X-Timestamp`, with the source's own secret. It is
 * read only when the signature verifies, the timestamp is within 5 minutes and
 * the signature was not seen before (every instance shares the replay guard);
 * each refusal is thrown as an AppError and changes nothing.
 */

export interface SignedRequest {
  rawBody: Buffer;
  contentType: string | null;
  timestamp: string | null;
  signature: string | null;
}

export async function readSignedJson<S extends z.ZodType>(
  services: Pick<AppServices, "db" | "logger">,
  secret: string,
  request: SignedRequest,
  { source, maxBytes, schema, now }: { source: "sms" | "app"; maxBytes: number; schema: S; now: number },
): Promise<z.output<S>> {
  if (request.rawBody.length > maxBytes) throw new AppError("BODY_TOO_LARGE", "Request body is too large");
  const check = verifySignature(secret, request.rawBody, request.timestamp, request.signature, now);
  if (!check.ok) {
    services.logger.warn({ source, reason: check.message }, "payment alert refused");
    throw new AppError("UNAUTHORIZED", check.message);
  }
  if (!(await firstSighting(services.db, `${source}:${check.signature}`, now + 2 * SIGNATURE_TOLERANCE_MS, now))) {
    throw new AppError("CONFLICT", "This request was already received");
  }
  if (!/^application\/json\b/i.test(request.contentType ?? "")) {
    throw new AppError("UNSUPPORTED_BODY", "Send the request body as application/json");
  }
  return parseJsonText(request.rawBody.toString("utf8"), schema);
}
