import { useTranslation } from "react-i18next";
import { localizedPath } from "~/lib/i18n/locale";
import { useLocale } from "~/lib/i18n/use-locale";
import { useEffect, useEffectEvent, useReducer } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import type { CheckoutView } from "~/domain/payments/checkout.server";
import type { BuyerError } from "~/domain/buyer-messages/catalogue";
import { POLL_MS, TICK_MS, checkoutActivities, checkoutReducer, checkoutView, initCheckout } from "./checkout-state";
import { fetchOrderStatus, sendUtr } from "./checkout-requests";
import { PAYMENT_DETAILS_KEY, remove } from "./storage";

export type OrderCheckoutView = Extract<CheckoutView, { kind: "order" }>;

/**
 * Everything the open checkout does in the browser, driven by the order's
 * lifecycle (`checkout-state.ts`): the clock, the status poll and the reloads
 * it asks for, the warning before leaving mid-payment, the stored payment
 * details, and the buyer's "I have paid". Nothing here changes the order
 * except the UTR the buyer sends: the server decides every state.
 */
export function useCheckout(view: OrderCheckoutView) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, dispatch] = useReducer(
    checkoutReducer,
    { order: view.order, payable: view.payment !== null, serverNow: view.serverNow },
    initCheckout,
  );
  // A reload brought the order again: take it in before this render shows anything from the old one.
  if (state.order !== view.order) dispatch({ type: "loaded", order: view.order, payable: view.payment !== null });

  const activities = checkoutActivities(state);

  // The clock, on the server's time (taken again after every load).
  useEffect(() => {
    if (!activities.clock) return;
    const offset = view.serverNow - Date.now();
    const timer = setInterval(() => dispatch({ type: "tick", now: Date.now() + offset }), TICK_MS);
    return () => clearInterval(timer);
  }, [activities.clock, view.serverNow]);

  // The status poll; a hidden tab skips its turn.
  const poll = useEffectEvent(async () => {
    if (document.visibilityState === "hidden") return;
    dispatch({ type: "polled", status: await fetchOrderStatus(state.order.orderId) });
  });
  useEffect(() => {
    if (!activities.poll) return;
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => clearInterval(timer);
  }, [activities.poll]);

  // Each reload the reducer asks for fetches the order from the server again.
  const reload = useEffectEvent(() => void revalidator.revalidate());
  useEffect(() => {
    if (state.reloads > 0) reload();
  }, [state.reloads]);

  useEffect(() => {
    if (!activities.guardLeaving) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [activities.guardLeaving]);

  useEffect(() => {
    if (!activities.keepPaymentDetails) remove("session", PAYMENT_DETAILS_KEY);
  }, [activities.keepPaymentDetails]);

  useEffect(() => {
    if (view.paymentError) toast.error(t("checkout:initFailed"));
  }, [view.paymentError, t]);

  return {
    ...checkoutView(state),
    /** Sends the buyer's UTR; null when taken (the order is reloaded before this returns), else the message to show. */
    claimPayment: async (utr: string): Promise<BuyerError | null> => {
      const refused = await sendUtr(state.order.orderId, utr);
      if (refused) return refused;
      toast.success(t("checkout:utrReceived"));
      await revalidator.revalidate();
      return null;
    },
    /** Back: leaving before paying drops the stored details. */
    leave: () => {
      remove("session", PAYMENT_DETAILS_KEY);
      if (window.history.length <= 1) void navigate(localizedPath("/", locale));
      else void navigate(-1);
    },
  };
}
