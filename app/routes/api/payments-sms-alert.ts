import type { Route } from "./+types/payments-sms-alert";
import { servicesContext } from "~/context";
import { receiveSmsAlert } from "~/domain/payments/sms-alert.server";
import { MAX_SMS_BODY_BYTES } from "~/domain/payments/sms-alert.types";
import { apiError, apiHandle, noStore } from "~/lib/api.server";

export function loader() {
  return noStore(apiError(405, "Use POST to forward an SMS"));
}

/** A bank SMS relayed by the operator's phone, signed (docs/payments.md); read raw, since the signature covers the bytes. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, "Use POST to forward an SMS"));
  if (Number(request.headers.get("content-length") ?? 0) > MAX_SMS_BODY_BYTES) {
    return noStore(apiError(413, "Request body is too large"));
  }
  let rawBody: Buffer;
  try {
    rawBody = Buffer.from(await request.arrayBuffer());
  } catch {
    return noStore(apiError(400, "Could not read the request body"));
  }
  const reply = await apiHandle(async () =>
    Response.json(
      await receiveSmsAlert(context.get(servicesContext), {
        rawBody,
        contentType: request.headers.get("content-type"),
        timestamp: request.headers.get("x-timestamp"),
        signature: request.headers.get("x-signature"),
      }),
    ),
  );
  return noStore(reply);
}
