import type { Route } from "./+types/alerts-telegram";
import { servicesContext } from "~/context";
import { MAX_TELEGRAM_BODY_BYTES, receiveTelegramUpdate } from "~/domain/order-actions/telegram-button.server";
import { apiError, apiHandle, noStore } from "~/lib/server/api.server";
import { readRawBody } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";

export function loader() {
  return noStore(apiError(405, "Use POST to send a Telegram update"));
}

/** Telegram's webhook for the alerts' "Confirm payment" button (docs/operator-alerts.md); read raw like every webhook. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, "Use POST to send a Telegram update"));
  const services = context.get(servicesContext);
  return noStore(
    await apiHandle(async () => {
      const rawBody = await readRawBody(request, MAX_TELEGRAM_BODY_BYTES);
      return Response.json(
        await receiveTelegramUpdate(services, {
          secretHeader: request.headers.get("x-telegram-bot-api-secret-token"),
          rawBody,
          client: requestClient(request),
        }),
      );
    }),
  );
}
