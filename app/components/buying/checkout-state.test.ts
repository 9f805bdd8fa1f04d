import { describe, expect, it } from "vitest";
import { buyerView } from "~/domain/orders/buyer-stage";
import type { OrderStatus } from "~/domain/orders/lifecycle";
import type { CheckoutOrder } from "~/domain/payments/checkout.server";
import {
  type CheckoutEvent,
  type CheckoutState,
  DELIVERY_REFRESH_POLLS,
  checkoutActivities,
  checkoutReducer,
  checkoutView,
  initCheckout,
} from "./checkout-state";

const OPENED = Date.UTC(2026, 0, 15, 10, 0, 0);
const WINDOW_MS = 5 * 60_000;
const GRACE_MS = 24 * 60 * 60_000;

/** An order as the checkout's loader describes it at `at`. */
function order(status: OrderStatus, at = OPENED, extra: { remains?: number; refund?: number } = {}): CheckoutOrder {
  const deadlineAt = OPENED + WINDOW_MS;
  return {
    orderId: "BK0000000001",
    status,
    view: buyerView(
      {
        status,
        quantity: 1000,
        paymentDeadlineAt: deadlineAt,
        paid: !["awaiting_payment", "payment_claimed", "expired", "cancelled"].includes(status),
        remains: extra.remains ?? null,
        refundDuePaise: extra.refund ?? null,
      },
      at,
    ),
    serviceType: "followers",
    planName: "Starter Followers",
    quantity: 1000,
    pricePaise: 4900,
    couponCode: null,
    discountPaise: 0,
    target: "someone",
    comments: null,
    createdAt: OPENED,
    utrSubmitted: status !== "awaiting_payment" && status !== "expired",
    paid: !["awaiting_payment", "payment_claimed", "expired", "cancelled"].includes(status),
    startCount: null,
    deadlineAt,
    listedPricePaise: 4900,
    lateUtrUntil: deadlineAt + GRACE_MS,
  };
}

function open(status: OrderStatus, payable = status === "awaiting_payment", at = OPENED): CheckoutState {
  return initCheckout({ order: order(status, at), payable, serverNow: at });
}

const run = (state: CheckoutState, ...events: CheckoutEvent[]) => events.reduce(checkoutReducer, state);
const polled = (status: OrderStatus | null): CheckoutEvent => ({ type: "polled", status });

describe("the checkout while the buyer may pay", () => {
  it("counts down on the server's clock and does what paying needs", () => {
    const state = run(open("awaiting_payment"), { type: "tick", now: OPENED + 61_000 });
    expect(checkoutView(state)).toEqual({ stage: "pay", remainingMs: WINDOW_MS - 61_000, lateUtrOpen: true });
    expect(checkoutActivities(state)).toEqual({
      clock: true,
      poll: true,
      guardLeaving: true,
      keepPaymentDetails: true,
    });
  });

  it("does not hold the buyer on the page when there is no way to pay", () => {
    expect(checkoutActivities(open("awaiting_payment", false)).guardLeaving).toBe(false);
  });

  it("closes the window when the clock passes the deadline, before the server's job has run", () => {
    const state = run(open("awaiting_payment"), { type: "tick", now: OPENED + WINDOW_MS });
    expect(state.order.status).toBe("awaiting_payment");
    expect(checkoutView(state)).toMatchObject({ stage: "expired", remainingMs: 0, lateUtrOpen: true });
    expect(checkoutActivities(state)).toEqual({
      // The clock keeps going: the late-UTR window has its own end.
      clock: true,
      poll: true,
      guardLeaving: false,
      keepPaymentDetails: false,
    });
  });
});

describe("after the payment window", () => {
  it("takes a late UTR until the grace period ends", () => {
    const expired = open("expired", false, OPENED + WINDOW_MS + 1_000);
    expect(checkoutView(expired)).toMatchObject({ stage: "expired", lateUtrOpen: true });
    const late = run(expired, { type: "tick", now: OPENED + WINDOW_MS + GRACE_MS });
    expect(checkoutView(late).lateUtrOpen).toBe(false);
  });
});

describe("following the server", () => {
  it("reloads once when a poll sees the order moved on, not again for the same status", () => {
    let state = run(open("awaiting_payment"), polled("awaiting_payment"));
    expect(state.reloads).toBe(0);
    state = run(state, polled("payment_claimed"));
    expect(state).toMatchObject({ reloads: 1, knownStatus: "payment_claimed" });
    state = run(state, polled("payment_claimed"));
    expect(state.reloads).toBe(1);
  });

  it("counts a failed poll and asks for nothing", () => {
    const state = run(open("payment_claimed"), polled(null), polled(null));
    expect(state).toMatchObject({ polls: 2, reloads: 0, knownStatus: "payment_claimed" });
  });

  it("shows the reloaded order and compares later polls with it", () => {
    const claimed = order("payment_claimed");
    let state = run(open("awaiting_payment"), { type: "loaded", order: claimed, payable: false });
    expect(state.order).toBe(claimed);
    expect(checkoutView(state).stage).toBe("confirming");
    expect(checkoutActivities(state)).toEqual({
      clock: false,
      poll: true,
      guardLeaving: false,
      keepPaymentDetails: false,
    });
    // The buyer's own UTR reloaded the order: the poll that then sees it asks for nothing more.
    state = run(state, polled("payment_claimed"));
    expect(state.reloads).toBe(0);
    state = run(state, polled("paid"));
    expect(state.reloads).toBe(1);
  });

  it("while delivering, reloads every few polls for the delivered count", () => {
    const delivering = initCheckout({
      order: order("delivering", OPENED, { remains: 400 }),
      payable: false,
      serverNow: OPENED,
    });
    const polls = Array.from({ length: DELIVERY_REFRESH_POLLS * 2 }, () => polled("delivering"));
    const reloadsAfter = polls.map((_, i) => run(delivering, ...polls.slice(0, i + 1)).reloads);
    // A reload on every DELIVERY_REFRESH_POLLS-th poll: the 8th and the 16th.
    expect(reloadsAfter).toEqual(polls.map((_, i) => Math.floor((i + 1) / DELIVERY_REFRESH_POLLS)));
    expect(reloadsAfter.at(-1)).toBe(2);
  });

  it("before delivery, an unchanged status never reloads", () => {
    const state = run(open("paid"), ...Array.from({ length: DELIVERY_REFRESH_POLLS * 2 }, () => polled("paid")));
    expect(state.reloads).toBe(0);
  });

  it.each<OrderStatus>(["delivered", "refunded", "cancelled"])("stops polling once the order is %s", (status) => {
    expect(checkoutActivities(open(status))).toEqual({
      clock: false,
      poll: false,
      guardLeaving: false,
      keepPaymentDetails: false,
    });
  });

  it.each<OrderStatus>(["payment_claimed", "paid", "sending", "sent", "delivering", "partial", "failed", "refund_due"])(
    "keeps polling while the order is %s",
    (status) => {
      expect(checkoutActivities(open(status)).poll).toBe(true);
    },
  );
});
