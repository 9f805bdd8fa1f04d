import { Form, data, useNavigation, useSearchParams } from "react-router";
import { OrderProgress } from "~/components/buying/order-progress";
import type { Route } from "./+types/track";
import { servicesContext } from "~/context";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { trackOrder } from "~/domain/orders/buyer.server";
import { createRateLimiter } from "~/domain/orders/create-rate-limit";
import { formatCount } from "~/lib/money";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { formFailure, parseForm } from "~/lib/parse.server";
import { trackLookupSchema } from "~/domain/orders/track-lookup";

// Order ids cannot be guessed, but a lookup form still should not be an oracle for scripts.
const lookups = createRateLimiter(30);


// This page shows one buyer's order: no browser or proxy may keep a copy of it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seoMeta({
    title: `Track your order | ${site.brandName}`,
    description: "Check the status of your Instagram order with your order ID and phone number.",
    path: "/track",
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
  });
};

/** The action's answer carries it too (the page's `headers` covers the document). */
const NO_STORE = { headers: { "Cache-Control": "no-store" } };

export async function action({ request, context }: Route.ActionArgs) {
  if (!lookups.take(request.headers.get(CLIENT_IP_HEADER) ?? "")) {
    return data({ error: "Too many lookups. Please wait a minute and try again.", order: null }, NO_STORE);
  }
  const submission = await parseForm(request, trackLookupSchema);
  if (submission.status !== "success") {
    const refused = formFailure(submission);
    return data({ error: refused.data.message, order: null }, { ...NO_STORE, status: refused.init?.status });
  }
  const { orderId, phone } = submission.value;
  const order = await trackOrder(context.get(servicesContext).db, orderId, phone);
  if (!order) return data({ error: "No order matches this order ID and phone number", order: null }, NO_STORE);
  return data({ error: null, order }, NO_STORE);
}

export default function Track({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const order = actionData?.order;
  const field = "mt-1 block w-full rounded-xl border border-gray-300 px-4 py-3 text-base outline-none focus:ring-2 focus:ring-brand-500";
  return (
    <main className="min-h-[70vh] bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-3xl font-extrabold">Track your order</h1>
        <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <div>
            <label htmlFor="orderId" className="block text-sm font-semibold">
              Order ID
            </label>
            <input id="orderId" name="orderId" defaultValue={params.get("order") ?? ""} autoCapitalize="characters" autoComplete="off" required maxLength={60} className={field} />
          </div>
          <div>
            <label htmlFor="phone" className="block text-sm font-semibold">
              Phone number used for the order
            </label>
            {/* No fixed "+91" in front: people type it, or a leading 0, and the server takes it either way. */}
            <input
              id="phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={20}
              placeholder="98765 43210"
              aria-describedby="phone-hint"
              className={field}
            />
            <p id="phone-hint" className="mt-1 text-xs text-gray-600">
              Your 10-digit mobile number; with +91 or a leading 0 is fine too.
            </p>
          </div>
          <button type="submit" disabled={navigation.state !== "idle"} className="w-full rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {navigation.state !== "idle" ? "Checking..." : "Track order"}
          </button>
          {actionData?.error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {actionData.error}
            </p>
          )}
        </Form>
        {order && (
          <section aria-labelledby="order-status-title" className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
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
          </section>
        )}
      </div>
    </main>
  );
}
