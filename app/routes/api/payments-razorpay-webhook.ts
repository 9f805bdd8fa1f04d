import type { Route } from "./+types/payments-razorpay-webhook";
import { servicesContext } from "~/context";
import { MAX_WEBHOOK_BODY_BYTES } from "~/domain/payments/gateways/razorpay.types";
import { receiveGatewayWebhook } from "~/domain/payments/gateways/webhook.server";
import { apiError, apiHandle, noStore } from "~/lib/api.server";

export function loader() {
  return noStore(apiError(405, "Use POST to send a Razorpay webhook"));
}

/** Razorpay's webhook (docs/payments.md): read raw, since the signature covers the bytes. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, "Use POST to send a Razorpay webhook"));
  if (Number(request.headers.get("content-length") ?? 0) > MAX_WEBHOOK_BODY_BYTES) {
    return noStore(apiError(413, "Request body is too large"));
  }
  let rawBody: Buffer;
  try {
    rawBody = Buffer.from(await request.arrayBuffer());
  } catch {
    return noStore(apiError(400, "Could not read the request body"));
  }
  const services = context.get(servicesContext);
  return noStore(
    await apiHandle(async () =>
      Response.json(await receiveGatewayWebhook(services, { rawBody, headers: request.headers })),
    ),
  );
}
