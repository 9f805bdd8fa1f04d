import type { Route } from "./+types/whatsapp-webhook";
import { servicesContext } from "~/context";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import {
  MAX_WEBHOOK_BODY_BYTES,
  receiveWhatsAppWebhook,
  verifySubscription,
} from "~/domain/buyer-messages/whatsapp/webhook.server";
import { createRateLimiter, takeOrRefuse } from "~/lib/server/rate-limit";
import { apiError, apiFailure, apiHandle, noStore } from "~/lib/server/api.server";
import { readRawBody } from "~/lib/server/parse.server";

/** Meta delivers from a few addresses, a few requests a second at most for a small shop; a flood is not Meta. */
const deliveries = createRateLimiter(600);
const TOO_MANY_DELIVERIES = "Too many requests. Please try again later.";

/**
 * WhatsApp's webhook (docs/buyer-messages.md; what it trusts: docs/security.md).
 * GET: Meta's verification of the callback URL (hub.mode, hub.verify_token,
 * hub.challenge). POST: messages and status callbacks, signed by Meta
 * (X-Hub-Signature-256), read raw since the signature covers the bytes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const verified = await verifySubscription(services, new URL(request.url).searchParams);
  if (!verified.ok) {
    return new Response("Verification failed", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(verified.challenge, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, "Use POST to send a WhatsApp webhook"));
  const limited = takeOrRefuse(deliveries, request.headers.get(CLIENT_IP_HEADER) ?? "", TOO_MANY_DELIVERIES);
  if (limited) return noStore(apiFailure(limited));
  const services = context.get(servicesContext);
  return noStore(
    await apiHandle(async () => {
      const rawBody = await readRawBody(request, MAX_WEBHOOK_BODY_BYTES);
      const outcome = await receiveWhatsAppWebhook(services, {
        rawBody,
        signature: request.headers.get("x-hub-signature-256"),
      });
      return Response.json(outcome);
    }),
  );
}
