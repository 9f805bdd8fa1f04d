import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/checkout";
import { useSiteChrome } from "./layout";
import {
  AwaitingPayment,
  OrderMissing,
  OrderUnderWay,
  PaymentError,
  PaymentExpired,
  Preparing,
} from "~/components/buying/checkout-views";
import { PAYMENT_DETAILS_KEY, type PaymentDetails, readJson, remove } from "~/components/buying/storage";
import { useCheckout } from "~/components/buying/use-checkout";
import { servicesContext } from "~/context";
import { loadCheckout } from "~/domain/payments/checkout.server";
import { apiCall } from "~/lib/api-client";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { orderUtrEndpoint } from "~/routes/api/order-utr.types";

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("order")?.trim() ?? "";
  if (!orderId) return { view: null };
  return { view: await loadCheckout(context.get(servicesContext), orderId) };
}

// This page shows one buyer's order: no browser or proxy may keep a copy of it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seoMeta({
    title: `Checkout | ${site.brandName}`,
    description: "Pay for your order by UPI.",
    path: "/checkout",
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
    noindex: true,
  });
};

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <main className="min-h-[70vh] bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      {view === null ? <FindOrder /> : view.kind === "missing" ? <OrderMissing /> : <OrderCheckout view={view} />}
    </main>
  );
}

/** /checkout without an order in the address: take it from router state or session storage. */
function FindOrder() {
  const location = useLocation();
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const fromState = (location.state as { paymentDetails?: PaymentDetails } | null)?.paymentDetails;
    const details = fromState ?? readJson<PaymentDetails>("session", PAYMENT_DETAILS_KEY);
    if (details?.orderId) {
      navigate(`/checkout?order=${encodeURIComponent(details.orderId)}`, { replace: true, state: location.state });
      return;
    }
    setMissing(true);
    toast.error("Payment Details Not Found", {
      description: "Unable to load payment details. Please try selecting your plan again.",
    });
  }, [location.state, navigate]);

  return missing ? <OrderMissing /> : <Preparing />;
}

type OrderView = Extract<NonNullable<Route.ComponentProps["loaderData"]["view"]>, { kind: "order" }>;

function OrderCheckout({ view }: { view: OrderView }) {
  const { order, payment, paymentError } = view;
  const navigate = useNavigate();
  const { whatsappNumber } = useSiteChrome();
  const checkout = useCheckout(order, view.serverNow);
  const paying = checkout.stage === "pay";

  useEffect(() => {
    if (paymentError) toast.error("Failed to initialize payment. Please try again.");
  }, [paymentError]);

  // Leave warning while the buyer may be paying; leaving before paying drops the stored details.
  useEffect(() => {
    if (!paying || !payment) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [paying, payment]);
  useEffect(() => {
    if (!paying) remove("session", PAYMENT_DETAILS_KEY);
  }, [paying]);

  function back() {
    remove("session", PAYMENT_DETAILS_KEY);
    if (window.history.length <= 1) navigate("/");
    else navigate(-1);
  }

  async function submitUtr(utr: string): Promise<string | null> {
    const sent = await apiCall(orderUtrEndpoint, { params: { orderId: order.orderId }, body: { utr } });
    if (!sent.ok) return sent.error.message;
    toast.success("Payment reference received");
    await checkout.refresh();
    return null;
  }

  if (checkout.stage === "expired") {
    return (
      <PaymentExpired
        order={order}
        whatsappNumber={whatsappNumber}
        lateUtrOpen={checkout.lateUtrOpen}
        onSubmitUtr={submitUtr}
      />
    );
  }
  if (!paying) return <OrderUnderWay order={order} />;
  if (paymentError || !payment) {
    return <PaymentError message={paymentError ?? "Failed to create payment. Please try again or contact support."} />;
  }
  return (
    <AwaitingPayment
      order={order}
      payment={payment}
      remainingMs={checkout.remainingMs}
      onBack={back}
      onSubmitUtr={submitUtr}
    />
  );
}
