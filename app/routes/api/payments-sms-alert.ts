import type { Route } from "./+types/payments-sms-alert";
import { servicesContext } from "~/context";
import { receiveSmsAlert } from "~/domain/payments/sms-alert.server";
import { MAX_SMS_BODY_BYTES } from "~/domain/payments/sms-alert.types";
import { apiError, apiHandle, noStore } from "~/lib/server/api.server";
import { readRawBody } from "~/lib/server/parse.server";

export function loader() {
  return noStore(apiError(405, "Use POST to forward an SMS"));
}

/** A bank SMS relayed by the operator's phone, signed (docs/payments.md); read raw, since the signature covers the bytes. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, "Use POST to forward an SMS"));
  const services = context.get(servicesContext);
  return noStore(
    await apiHandle(async () => {
      const rawBody = await readRawBody(request, MAX_SMS_BODY_BYTES);
      return Response.json(
        await receiveSmsAlert(services, {
          rawBody,
          contentType: request.headers.get("content-type"),
          timestamp: request.headers.get("x-timestamp"),
          signature: request.headers.get("x-signature"),
        }),
      );
    }),
  );
}
