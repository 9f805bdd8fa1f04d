import { type BuyerStage, SETTLED_STAGES, buyerView } from "~/domain/orders/buyer-stage";
import type { OrderStatus } from "~/domain/orders/lifecycle";
import type { CheckoutOrder } from "~/domain/payments/checkout.server";

/**
 * The open checkout as a pure reducer over the order's lifecycle. The server
 * decides every state; the browser keeps a clock on the server's time (for the
 * countdown and the payment window closing), watches the status, and asks for
 * the order again when the server has moved it on. `useCheckout` feeds it the
 * events and carries out what `checkoutActivities` says.
 */

/**
 * A status poll every this many ms while the order can still change. A
 * payment confirmed by a bank alert or a gateway shows within one poll, and
 * the shop promises "within 5 s" (npm run bench -- payment-confirm); the poll
 * is the server's cheapest answer, so 2.5 s costs little.
 */
export const POLL_MS = 2_500;
/** How often the clock ticks while a countdown or the late-UTR window matters. */
export const TICK_MS = 250;
/** While delivering the status stays the same for minutes: reload every this many polls (20 s) anyway, for the delivered count. */
export const DELIVERY_REFRESH_POLLS = 8;

export interface CheckoutState {
  /** The order as the server last described it. */
  order: CheckoutOrder;
  /** Whether the server gave a way to pay (a QR code and a UPI link). */
  payable: boolean;
  /** Now, on the server's clock. */
  now: number;
  /** The status the server last reported, by a load or a poll. */
  knownStatus: OrderStatus;
  /** Polls since the checkout opened. */
  polls: number;
  /** Reloads asked for so far: each new one means "fetch the order again". */
  reloads: number;
}

export type CheckoutEvent =
  /** The server sent the order again (after a reload). */
  | { type: "loaded"; order: CheckoutOrder; payable: boolean }
  /** The clock moved on; `now` is on the server's clock. */
  | { type: "tick"; now: number }
  /** A status poll came back; null when it failed. */
  | { type: "polled"; status: OrderStatus | null };

export function initCheckout(loaded: { order: CheckoutOrder; payable: boolean; serverNow: number }): CheckoutState {
  return {
    order: loaded.order,
    payable: loaded.payable,
    now: loaded.serverNow,
    knownStatus: loaded.order.status,
    polls: 0,
    reloads: 0,
  };
}

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case "loaded":
      return { ...state, order: event.order, payable: event.payable, knownStatus: event.order.status };
    case "tick":
      return { ...state, now: event.now };
    case "polled": {
      const polls = state.polls + 1;
      // A failed poll only counts; the next one tries again.
      if (event.status === null) return { ...state, polls };
      if (event.status !== state.knownStatus) {
        return { ...state, polls, knownStatus: event.status, reloads: state.reloads + 1 };
      }
      const refresh = checkoutStage(state) === "delivering" && polls % DELIVERY_REFRESH_POLLS === 0;
      return { ...state, polls, reloads: refresh ? state.reloads + 1 : state.reloads };
    }
  }
}

/** The stage as of now: the payment window may close between two loads, and the buyer's clock does not wait for the server's job. */
export function checkoutStage(state: CheckoutState): BuyerStage {
  const { order } = state;
  if (order.view.stage !== "pay") return order.view.stage;
  return buyerView(
    {
      status: order.status,
      quantity: order.quantity,
      paymentDeadlineAt: order.deadlineAt,
      paid: false,
      remains: null,
      refundDuePaise: order.view.refundPaise,
    },
    state.now,
  ).stage;
}

/** What the browser must keep doing in this state. */
export interface CheckoutActivities {
  /** Tick the clock: a countdown runs, or the window for a late UTR may close. */
  clock: boolean;
  /** Poll the status: the server may still move the order on. */
  poll: boolean;
  /** Ask before the page is left: the buyer may be in the middle of paying. */
  guardLeaving: boolean;
  /** Keep the payment details the order dialog stored; once the window has passed they are of no use. */
  keepPaymentDetails: boolean;
}

export function checkoutActivities(state: CheckoutState): CheckoutActivities {
  const stage = checkoutStage(state);
  return {
    clock: stage === "pay" || stage === "expired",
    poll: !SETTLED_STAGES.has(stage),
    guardLeaving: stage === "pay" && state.payable,
    keepPaymentDetails: stage === "pay",
  };
}

/** What the checkout shows: the stage, the time left to pay, and whether a late UTR is still taken. */
export function checkoutView(state: CheckoutState) {
  return {
    stage: checkoutStage(state),
    remainingMs: state.order.deadlineAt - state.now,
    /** A UTR is still taken after the window closed, until this runs out. */
    lateUtrOpen: state.now < state.order.lateUtrUntil,
  };
}
