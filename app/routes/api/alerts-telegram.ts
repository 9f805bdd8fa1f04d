import type { Route } from "./+types/alerts-telegram";
import { servicesContext } from "~/context";
import { MAX_TELEGRAM_BODY_BYTES, receiveTelegramUpdate } from "~/domain/alerts/telegram-webhook.server";
import { apiError, apiHandle, noStore } from "~/lib/api.server";
import { requestClient } from "~/lib/request-client.server";

export function loader() {
  return noStore(apiError(405, "Use POST to send a Telegram update"));
}

/** Telegram's webhook for the alerts' "Confirm payment" button (docs/alerts.md). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, "Use POST to send a Telegram update"));
  if (Number(request.headers.get("content-length") ?? 0) > MAX_TELEGRAM_BODY_BYTES) {
    return noStore(apiError(413, "Request body is too large"));
  }
  let rawBody: Buffer;
  try {
    rawBody = Buffer.from(await request.arrayBuffer());
  } catch {
    return noStore(apiError(400, "Could not read the request body"));
  }
  if (rawBody.length > MAX_TELEGRAM_BODY_BYTES) return noStore(apiError(413, "Request body is too large"));
  const services = context.get(servicesContext);
  return noStore(
    await apiHandle(async () =>
      Response.json(
        await receiveTelegramUpdate(services, {
          secretHeader: request.headers.get("x-telegram-bot-api-secret-token"),
          rawBody,
          client: requestClient(request),
        }),
      ),
    ),
  );
}
