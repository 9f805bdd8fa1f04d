import { Form, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/track";
import { servicesContext } from "~/context";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { trackOrder } from "~/domain/orders/buyer.server";
import { createRateLimiter } from "~/domain/orders/create-rate-limit";
import { formatCount } from "~/lib/money";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { readForm } from "~/lib/form.server";

// Order ids cannot be guessed, but a lookup form still should not be an oracle for scripts.
const lookups = createRateLimiter(30);

const STATUS_TEXT: Record<string, string> = {
  pending: "Waiting for payment confirmation",
  processing: "Payment confirmed, starting soon",
  in_progress: "In progress",
  completed: "Completed",
  partial: "Partly delivered",
  failed: "Failed – please contact support",
  cancelled: "Cancelled",
};

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

export async function action({ request, context }: Route.ActionArgs) {
  if (!lookups.take(request.headers.get(CLIENT_IP_HEADER) ?? "")) {
    return { error: "Too many lookups. Please wait a minute and try again.", order: null };
  }
  const form = await readForm(request);
  const orderId = String(form.get("orderId") ?? "").slice(0, 60);
  const phone = String(form.get("phone") ?? "").slice(0, 40);
  if (!orderId.trim() || !phone.trim()) return { error: "Please enter your order ID and phone number", order: null };
  const order = await trackOrder(context.get(servicesContext).db, orderId, phone);
  if (!order) return { error: "No order matches this order ID and phone number", order: null };
  return { error: null, order };
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
            <div className="mt-1 flex rounded-xl border border-gray-300 focus-within:ring-2 focus-within:ring-brand-500">
              <span className="flex items-center border-r border-gray-300 px-3 font-medium text-gray-700">+91</span>
              <input id="phone" name="phone" type="tel" inputMode="numeric" autoComplete="tel-national" required maxLength={10} className="w-full rounded-r-xl px-3 py-3 text-base outline-none" />
            </div>
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
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-gray-600">Status</dt>
              <dd className="font-semibold" data-testid="track-status">{STATUS_TEXT[order.status] ?? order.status}</dd>
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
              {order.delivered !== null && (
                <>
                  <dt className="text-gray-600">Delivered so far</dt>
                  <dd>
                    {formatCount(order.delivered)} of {formatCount(order.quantity)}
                  </dd>
                </>
              )}
            </dl>
            {order.status === "pending" && order.utrSubmitted && (
              <p className="mt-3 text-sm text-gray-700">We received your payment reference and are confirming the payment.</p>
            )}
          </section>
        )}
      </div>
    </main>
  );
}
