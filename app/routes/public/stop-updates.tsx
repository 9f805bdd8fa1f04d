import { useTranslation } from "react-i18next";
import { Form, data, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field";
import type { Route } from "./+types/stop-updates";
import { servicesContext } from "~/context";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { STOP_UPDATES_MESSAGES } from "~/domain/buyer-messages/messages";
import { stopOrderUpdatesByLink } from "~/domain/buyer-messages/privacy.server";
import { createRateLimiter, takeOrRefuse } from "~/lib/server/rate-limit";
import { refusalInit } from "~/lib/server/api.server";
import { noStoreWithRetryAfter } from "~/lib/server/retry-after";
import { TRACK_MESSAGES } from "~/domain/orders/order-messages";
import { isAppError } from "~/lib/app-error";
import { useMessageText } from "~/components/use-message";
import { HYDRATE_ON_INTENT } from "~/lib/page-handle";
import { formFailure, parseForm } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";
import { stopLinkFormSchema } from "~/domain/buyer-messages/stop-link";

/**
 * The update e-mail's "stop" link (app/domain/buyer-messages/stop-link.server.ts):
 * opening it shows one button and changes nothing (mail scanners open links);
 * the tap posts the link's order id and token back and stops the order's
 * updates, as "Stop updates" on /track does.
 */

// As /track's actions: a buyer taps once, a script guessing tokens many times.
const taps = createRateLimiter(10);

export const handle = HYDRATE_ON_INTENT;
/** Never kept; a refused tap (429) says when to come back. */
export const headers: Route.HeadersFunction = noStoreWithRetryAfter;
export const meta: Route.MetaFunction = () => [{ title: "Stop updates" }, { name: "robots", content: "noindex" }];

function linkOf(request: Request) {
  const url = new URL(request.url);
  return { orderId: (url.searchParams.get("order") ?? "").slice(0, 60), token: (url.searchParams.get("t") ?? "").slice(0, 64) };
}

export function loader({ request }: Route.LoaderArgs) {
  return linkOf(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "";
  const limited = takeOrRefuse(taps, ip, TRACK_MESSAGES.tooMany);
  if (limited) return data({ done: false, error: limited.message }, refusalInit(limited));
  const submission = await parseForm(request, stopLinkFormSchema);
  if (submission.status !== "success") {
    const refused = formFailure(submission);
    return data({ done: false, error: refused.data.message }, { status: refused.init?.status ?? 400 });
  }
  const { order: orderId, t: token } = submission.value;
  try {
    await stopOrderUpdatesByLink(context.get(servicesContext).db, { orderId, token }, requestClient(request));
    return { done: true, error: null };
  } catch (failure) {
    if (!isAppError(failure)) throw failure;
    return data({ done: false, error: STOP_UPDATES_MESSAGES.badLink }, { status: 404 });
  }
}

export default function StopUpdates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("updates");
  const message = useMessageText();
  const navigation = useNavigation();
  return (
    <main className="min-h-[60vh] bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <Card className="mx-auto max-w-md">
        <h1 className="text-2xl font-extrabold">{t("stopPage.title")}</h1>
        {actionData?.done ? (
          <p role="status" className="mt-4 text-green-900" data-testid="stop-done">
            {message(STOP_UPDATES_MESSAGES.done)}
          </p>
        ) : (
          <Form method="post" className="mt-4 space-y-4 text-sm">
            <input type="hidden" name="order" value={loaderData.orderId} />
            <input type="hidden" name="t" value={loaderData.token} />
            <p>{t("stopPage.text", { orderId: loaderData.orderId })}</p>
            <Button type="submit" disabled={navigation.state !== "idle"} className="w-full">
              {t("stopPage.button")}
            </Button>
            {actionData?.error && <FieldError className="mt-0">{message(actionData.error)}</FieldError>}
          </Form>
        )}
      </Card>
    </main>
  );
}
