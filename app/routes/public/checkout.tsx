import { useTranslation } from "react-i18next";
import { CREATE_ORDER_MESSAGES } from "~/domain/orders/order-messages";
import { metaTexts } from "~/locales/meta";
import { localizedPath } from "~/lib/i18n/locale";
import { useLocale } from "~/lib/i18n/use-locale";
import { useEffect, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/components/ui/toast";
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
import { PAYMENT_DETAILS_KEY, type PaymentDetails, readJson } from "~/components/buying/storage";
import { type OrderCheckoutView, useCheckout } from "~/components/buying/use-checkout";
import { servicesContext } from "~/context";
import { BuyerUpdates } from "~/components/buying/buyer-updates";
import { OpenReceipt } from "~/components/buying/receipt-view";
import type { UpdatesOffer } from "~/domain/buyer-messages/offer";
import { updatesOffer } from "~/domain/buyer-messages/offer.server";
import { loadCheckout } from "~/domain/payments/checkout.server";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { PAGE_TITLES } from "~/lib/social-image";

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("order")?.trim() ?? "";
  if (!orderId) return { view: null, updates: null };
  const services = context.get(servicesContext);
  return { view: await loadCheckout(services, orderId), updates: await updatesOffer(services) };
}

// This page shows one buyer's order: no browser or proxy may keep a copy of it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const { t, locale, image } = metaTexts(location.pathname);
  return seoMeta({
    title: `${t("checkout:title")} | ${site.brandName}`,
    image: image("checkout", locale === "en" ? PAGE_TITLES.checkout : t("checkout:title")),
    description: t("checkout:description"),
    path: "/checkout",
    locale,
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
    noindex: true,
  });
};

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <main className="min-h-[70vh] bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      {view === null ? (
        <FindOrder />
      ) : view.kind === "missing" ? (
        <OrderMissing />
      ) : (
        <OrderCheckout view={view} updates={loaderData.updates} />
      )}
    </main>
  );
}

const noSubscription = () => () => {};

/** /checkout without an order in the address: take it from router state or session storage. */
function FindOrder() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation("checkout");
  // A string, not a function: the effect below must run once per order found, or its toast would repeat.
  const checkoutPath = localizedPath("/checkout", useLocale());
  // Session storage exists only in the browser: the server and the first (hydrating) render say "preparing".
  const orderId = useSyncExternalStore(
    noSubscription,
    () => {
      const fromState = (location.state as { paymentDetails?: PaymentDetails } | null)?.paymentDetails;
      return (fromState ?? readJson<PaymentDetails>("session", PAYMENT_DETAILS_KEY))?.orderId || null;
    },
    () => undefined,
  );

  useEffect(() => {
    if (orderId) {
      void navigate(`${checkoutPath}?order=${encodeURIComponent(orderId)}`, { replace: true, state: location.state as unknown });
    } else if (orderId === null) {
      toast.error(t("missingToast"), { description: t("missingText") });
    }
  }, [orderId, location.state, navigate, t, checkoutPath]);

  return orderId === null ? <OrderMissing /> : <Preparing />;
}

function OrderCheckout({ view, updates }: { view: OrderCheckoutView; updates: UpdatesOffer | null }) {
  const { order, payment, paymentError } = view;
  // The phone the order was placed with, kept in this tab's history: "Notify me" needs it, as /track does.
  const phone = (useLocation().state as { paymentDetails?: PaymentDetails } | null)?.paymentDetails?.customerPhone;
  const { whatsappNumber } = useSiteChrome();
  const checkout = useCheckout(view);

  if (checkout.stage === "expired") {
    return (
      <PaymentExpired
        order={order}
        whatsappNumber={whatsappNumber}
        lateUtrOpen={checkout.lateUtrOpen}
        onSubmitUtr={checkout.claimPayment}
      />
    );
  }
  if (checkout.stage !== "pay") {
    return (
      <OrderUnderWay order={order}>
        {order.paid && (
          <OpenReceipt orderId={order.orderId} phone={phone} />
        )}
        {updates && <BuyerUpdates orderId={order.orderId} phone={phone} offer={updates} />}
      </OrderUnderWay>
    );
  }
  if (paymentError || !payment) {
    return <PaymentError error={paymentError ?? { message: CREATE_ORDER_MESSAGES.paymentSetup }} />;
  }
  return (
    <AwaitingPayment
      order={order}
      payment={payment}
      remainingMs={checkout.remainingMs}
      onBack={checkout.leave}
      onSubmitUtr={checkout.claimPayment}
    />
  );
}
