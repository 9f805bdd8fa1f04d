import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { SETTLED_STAGES, buyerView } from "~/domain/orders/buyer-view";
import type { OrderStatus } from "~/domain/orders/lifecycle";
import type { CheckoutOrder } from "~/domain/payments/checkout.server";
import { apiCall } from "~/lib/api-client";
import { orderStatusEndpoint } from "~/routes/api/order-status.types";

const POLL_MS = 4_000;
/** While delivering: reload the order every this many polls (20 s), for the delivered count. */
const DELIVERY_REFRESH_POLLS = 5;

/**
 * The checkout's view of its order, driven by the lifecycle: the server's
 * state (from the loader), a clock on the server's time for the countdown,
 * and a light status poll that reloads the order whenever the server moves it
 * (payment confirmed by the operator, a bank alert or a gateway; delivery
 * progress). Nothing here changes the order: the server decides every state.
 */
export function useCheckout(order: CheckoutOrder, serverNow: number) {
  const revalidator = useRevalidator();
  const [now, setNow] = useState(serverNow);
  const [offset] = useState(() => serverNow - Date.now());

  // The stage as of now: the window may close between two loads.
  const view = buyerView(
    {
      status: order.status,
      quantity: order.quantity,
      paymentDeadlineAt: order.deadlineAt,
      paid: order.view.stage !== "pay" && order.view.stage !== "expired",
      remains: null,
      refundDuePaise: order.view.refundPaise,
    },
    now,
  );
  const stage = order.view.stage === "pay" ? view.stage : order.view.stage;
  const settled = SETTLED_STAGES.has(stage);

  // Clock, while a countdown or the late-UTR window matters.
  useEffect(() => {
    if (stage !== "pay" && stage !== "expired") return;
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [stage, offset]);

  // Status poll; a change reloads the whole order from the server. While the panel delivers, the
  // status stays the same for minutes: reload every few polls anyway, so the delivered count moves.
  const delivering = stage === "delivering";
  useEffect(() => {
    if (settled) return;
    let known: OrderStatus = order.status;
    let polls = 0;
    const timer = setInterval(async () => {
      if (document.visibilityState === "hidden") return;
      polls++;
      // A failed poll (offline, a refusal) changes nothing: the next one tries again.
      const reply = await apiCall(orderStatusEndpoint, { params: { orderId: order.orderId } });
      if (!reply.ok) return;
      if (reply.data.status !== known) {
        known = reply.data.status;
        void revalidator.revalidate();
      } else if (delivering && polls % DELIVERY_REFRESH_POLLS === 0) {
        void revalidator.revalidate();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
    // The revalidator changes identity on every render; the poll must not restart for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, delivering, order.orderId, order.status]);

  return {
    stage,
    remainingMs: order.deadlineAt - now,
    /** A UTR is still taken after the window closed, until this runs out. */
    lateUtrOpen: now < order.lateUtrUntil,
    refresh: () => revalidator.revalidate(),
  };
}
