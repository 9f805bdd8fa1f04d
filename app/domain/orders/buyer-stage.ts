import type { CancelledBy, OrderStatus } from "./lifecycle";

/**
 * What a buyer is told about their order, in plain words, from its state. The
 * checkout and /track both show this, so they never disagree. An order with a
 * UTR or a payment is never "expired" to the buyer.
 */
export type BuyerStage =
  /** Pay now: the window is open. */
  | "pay"
  /** The window closed with nothing paid; a late UTR is still welcome for a while. */
  | "expired"
  /** We have the buyer's UTR and are checking it. */
  | "confirming"
  /** Paid; being handed to delivery. */
  | "preparing"
  /** Paid; waits for the buyer's earlier order for the same account or post to finish, then goes by itself. */
  | "queued"
  /** Paid; our supplier could not take it yet (down, busy, out of funds): it goes by itself once they can. */
  | "delayed"
  /** Paid; our supplier refused it or its hand-over is being checked: the shop starts it again or refunds. */
  | "on_hold"
  /** Delivery under way (with a delivered count when the panel gives one). */
  | "delivering"
  | "delivered"
  /** Partly delivered; the rest is refunded. */
  | "partial"
  /** Not delivered; the refund is due (or, unpaid, simply not delivered). */
  | "not_delivered"
  /** The buyer cancelled it before delivery started; the refund (less the fee) is due. */
  | "you_cancelled"
  | "refunded"
  | "cancelled";

export interface BuyerOrderFacts {
  status: OrderStatus;
  quantity: number;
  paymentDeadlineAt: number;
  paid: boolean;
  /** From the panel: how many are left to deliver, when it said. */
  remains: number | null;
  refundDuePaise: number | null;
  /** The fee kept from that refund (0: in full; null: not recorded). */
  refundFeePaise?: number | null;
  /** Paid on top of that refund because the shop cancelled (0 or null: nothing). */
  refundCompensationPaise?: number | null;
  /** Who stopped the paid order: the buyer's own cancellation reads as theirs. */
  cancelledBy?: CancelledBy | null;
}

export interface BuyerView {
  stage: BuyerStage;
  /** How many of `quantity` have arrived, when known. */
  delivered: number | null;
  refundPaise: number | null;
  /** The processing fee kept from the refund, when one is owed or paid (0 when refunded in full). */
  feePaise: number | null;
  /** Paid on top of the refund because the shop cancelled (0 when nothing was). */
  compensationPaise: number;
  cancelledBy: CancelledBy | null;
}

export function deliveredCount(quantity: number, remains: number | null): number | null {
  if (remains === null) return null;
  return Math.max(0, Math.min(quantity, quantity - remains));
}

export function buyerView(order: BuyerOrderFacts, now = Date.now()): BuyerView {
  const delivered = deliveredCount(order.quantity, order.remains);
  const refund = order.refundDuePaise;
  const view = (stage: BuyerStage, refundPaise: number | null = null): BuyerView => ({
    stage,
    delivered,
    refundPaise,
    feePaise: refundPaise === null ? null : (order.refundFeePaise ?? null),
    compensationPaise: refundPaise === null ? 0 : (order.refundCompensationPaise ?? 0),
    cancelledBy: order.cancelledBy ?? null,
  });
  switch (order.status) {
    case "awaiting_payment":
      // The expiry job may run a few seconds after the deadline; the buyer's clock should not wait for it.
      return view(now < order.paymentDeadlineAt ? "pay" : "expired");
    case "expired":
      return view("expired");
    case "payment_claimed":
      return view("confirming");
    case "cancelled":
      return view("cancelled");
    case "paid":
    case "sending":
      return view("preparing");
    case "queued":
      return view("queued");
    case "waiting_panel":
      return view("delayed");
    case "placement_unknown":
      return view("on_hold");
    case "sent":
    case "delivering":
      return view("delivering");
    case "delivered":
      return view("delivered");
    case "partial":
      return view("partial");
    case "failed":
      // Paid and refused before the panel took it: the operator fixes it or refunds; nothing is final yet.
      return view(order.paid ? "on_hold" : "not_delivered");
    case "refund_due":
      if (order.cancelledBy === "buyer") return view("you_cancelled", refund);
      return view(delivered !== null && delivered > 0 ? "partial" : "not_delivered", refund);
    case "refunded":
      return view("refunded", refund);
  }
}

/** Stages after which nothing will change without the buyer or the operator doing something. */
export const SETTLED_STAGES: ReadonlySet<BuyerStage> = new Set(["delivered", "refunded", "cancelled"]);
