import { Form, data, useNavigation, useSearchParams } from "react-router";
import { CANCEL_TEXT } from "~/domain/self-service/cancel-messages";
import { REFILL_TEXT } from "~/domain/self-service/refill-messages";
import { OrderProgress } from "~/components/buying/order-progress";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { Route } from "./+types/track";
import { servicesContext } from "~/context";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { findBuyerOrder, trackedOrder } from "~/domain/orders/buyer.server";
import { SelfService } from "~/components/buying/self-service";
import { cancelBeforeDelivery } from "~/domain/self-service/cancel.server";
import { requestOrderRefill } from "~/domain/self-service/refill.server";
import { selfServiceView } from "~/domain/self-service/track.server";
import { isAppError } from "~/lib/app-error";
import { createRateLimiter } from "~/domain/orders/create-rate-limit";
import { formatCount } from "~/lib/money";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { PAGE_TITLES, socialImage } from "~/lib/social-image";
import { formFailure, parseForm } from "~/lib/parse.server";
import { trackActionSchema } from "~/domain/orders/track-lookup";

// Order ids cannot be guessed, but a lookup form still should not be an oracle for scripts.
const lookups = createRateLimiter(30);


// This page shows one buyer's order: no browser or proxy may keep a copy of it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seoMeta({
    title: `${PAGE_TITLES.track} | ${site.brandName}`,
    image: socialImage("track", PAGE_TITLES.track),
    description: "Check the status of your Instagram order with your order ID and phone number.",
    path: "/track",
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
  });
};

/** The action's answer carries it too (the page's `headers` covers the document). */
const NO_STORE = { headers: { "Cache-Control": "no-store" } };

const NO_MATCH = "No order matches this order ID and phone number";

/**
 * Looks the order up by its id and phone; a refill or a cancel asks for the
 * same proof, so nobody acts on an order by guessing its id. Refusals come
 * back as a code (`errorCode`) with its words.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const empty = { order: null, selfService: null, lookup: null, notice: null, errorCode: null };
  if (!lookups.take(request.headers.get(CLIENT_IP_HEADER) ?? "")) {
    return data({ ...empty, error: "Too many lookups. Please wait a minute and try again." }, NO_STORE);
  }
  const submission = await parseForm(request, trackActionSchema);
  if (submission.status !== "success") {
    const refused = formFailure(submission);
    return data({ ...empty, error: refused.data.message }, { ...NO_STORE, status: refused.init?.status });
  }
  const { orderId, phone, intent } = submission.value;
  const services = context.get(servicesContext);
  const row = await findBuyerOrder(services.db, orderId, phone);
  if (!row) return data({ ...empty, error: NO_MATCH }, NO_STORE);

  let notice: string | null = null;
  let error: string | null = null;
  let errorCode: string | null = null;
  if (intent !== "track") {
    try {
      if (intent === "refill") {
        await requestOrderRefill(services, row.order_id, { kind: "buyer" });
        notice = REFILL_TEXT.requested;
      } else {
        await cancelBeforeDelivery(services, row.order_id, { kind: "buyer" });
        notice = CANCEL_TEXT.done;
      }
    } catch (failure) {
      if (!isAppError(failure)) throw failure;
      error = failure.message;
      errorCode = typeof failure.details.reason === "string" ? failure.details.reason : failure.code;
    }
  }
  // Shown as it now is, after whatever was asked.
  const current = (await findBuyerOrder(services.db, orderId, phone)) ?? row;
  return data(
    {
      error,
      errorCode,
      notice,
      order: trackedOrder(current),
      selfService: await selfServiceView(services, current),
      lookup: { orderId: current.order_id, phone },
    },
    NO_STORE,
  );
}

export default function Track({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const order = actionData?.order;
  return (
    <main className="min-h-[70vh] bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-3xl font-extrabold">Track your order</h1>
        <Card asChild>
          <Form method="post" className="mt-6 space-y-4">
            <Field id="orderId" label="Order ID">
              {(control) => (
                <Input
                  {...control}
                  name="orderId"
                  defaultValue={params.get("order") ?? ""}
                  autoCapitalize="characters"
                  autoComplete="off"
                  required
                  maxLength={60}
                />
              )}
            </Field>
            <Field
              id="phone"
              label="Phone number used for the order"
              hint="Your 10-digit mobile number; with +91 or a leading 0 is fine too."
            >
              {/* No fixed "+91" in front: people type it, or a leading 0, and the server takes it either way. */}
              {(control) => (
                <Input
                  {...control}
                  name="phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  required
                  maxLength={20}
                  placeholder="98765 43210"
                />
              )}
            </Field>
            <Button type="submit" disabled={navigation.state !== "idle"} className="w-full">
              {navigation.state !== "idle" ? "Checking..." : "Track order"}
            </Button>
            {actionData?.error && !order && <FieldError className="mt-0">{actionData.error}</FieldError>}
          </Form>
        </Card>
        {order && (
          <Card asChild className="mt-6">
          <section aria-labelledby="order-status-title">
            <h2 id="order-status-title" className="text-lg font-bold">
              Order {order.orderId}
            </h2>
            <div className="mt-4">
              <OrderProgress order={order} headingLevel={2} />
            </div>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-gray-600">Service</dt>
              <dd className="capitalize">Instagram {order.serviceType}</dd>
              <dt className="text-gray-600">Quantity</dt>
              <dd>{formatCount(order.quantity)}</dd>
              <dt className="text-gray-600">Target</dt>
              <dd className="break-all">{order.target}</dd>
              {order.startCount !== null && (
                <>
                  <dt className="text-gray-600">Start count</dt>
                  <dd>{formatCount(order.startCount)}</dd>
                </>
              )}
              {order.view.delivered !== null && (
                <>
                  <dt className="text-gray-600">Delivered so far</dt>
                  <dd>
                    {formatCount(order.view.delivered)} of {formatCount(order.quantity)}
                  </dd>
                </>
              )}
            </dl>
            {actionData?.selfService && actionData.lookup && (
              <SelfService
                view={actionData.selfService}
                lookup={actionData.lookup}
                busy={navigation.state !== "idle"}
                notice={actionData.notice}
                error={actionData.error}
              />
            )}
          </section>
          </Card>
        )}
      </div>
    </main>
  );
}
