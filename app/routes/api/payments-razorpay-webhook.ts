import type { Route } from "./+types/payments-razorpay-webhook";
import { servicesContext } from "~/context";
import { MAX_WEBHOOK_BODY_BYTES } from "~/domain/payments/gateways/razorpay.types";
import { receiveGatewayWebhook } from "~/domain/payments/gateways/webhook.server";
import { apiError, apiHandle, noStore } from "~/lib/server/api.server";
import { readRawBody } from "~/lib/server/parse.server";

export function loader() {
  return noStore(apiError(405, "Use POST to send a Razorpay webhook"));
}

/** Razorpay's webhook (docs/payments.md): read raw, since the signature covers the bytes. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, "Use POST to send a Razorpay webhook"));
  const services = context.get(servicesContext);
  return noStore(
    await apiHandle(async () => {
      const rawBody = await readRawBody(request, MAX_WEBHOOK_BODY_BYTES);
      return Response.json(await receiveGatewayWebhook(services, { rawBody, headers: request.headers }));
    }),
  );
}
