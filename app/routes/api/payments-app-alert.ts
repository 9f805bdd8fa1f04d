import type { Route } from "./+types/payments-app-alert";
import { servicesContext } from "~/context";
import { receiveAppAlert } from "~/domain/payments/app-alert.server";
import { MAX_APP_ALERT_BODY_BYTES } from "~/domain/payments/app-alert.types";
import { apiError, apiHandle, noStore } from "~/lib/server/api.server";
import { readRawBody } from "~/lib/server/parse.server";

export function loader() {
  return noStore(apiError(405, "Use POST to forward a payment app's notification"));
}

/** A payment app's notification relayed by the operator's phone, signed (docs/payments.md); read raw, since the signature covers the bytes. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, "Use POST to forward a payment app's notification"));
  const services = context.get(servicesContext);
  return noStore(
    await apiHandle(async () => {
      const rawBody = await readRawBody(request, MAX_APP_ALERT_BODY_BYTES);
      return Response.json(
        await receiveAppAlert(services, {
          rawBody,
          contentType: request.headers.get("content-type"),
          timestamp: request.headers.get("x-timestamp"),
          signature: request.headers.get("x-signature"),
        }),
      );
    }),
  );
}
