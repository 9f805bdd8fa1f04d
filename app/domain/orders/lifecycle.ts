import { isOneOf } from "~/lib/one-of";

/**
 * The order lifecycle: every state an order can be in and every transition
 * between them. This table is the rule; `transitions.server.ts` applies it and
 * is the only code that writes an order's status. Shared with the browser for
 * labels and for the actions each state offers. Diagram: docs/order-lifecycle.md.
 */

/** Before any payment is confirmed. */
export const UNPAID_STATUSES = [
  /** Created; the buyer has the payment window to pay. */
  "awaiting_payment",
  /** The buyer says they paid and gave a UPI reference (UTR); not yet confirmed. */
  "payment_claimed",
  /** The payment window closed with no payment and no UTR. A late UTR or a confirmation still revives it. */
  "expired",
  /** Closed by the operator before any payment was confirmed. */
  "cancelled",
] as const;

/** Paid and on its way to the buyer: to send, being sent, waiting for the panel, or at the panel. */
export const ON_ITS_WAY_STATUSES = [
  /** Payment confirmed (by the operator, a bank alert or a gateway); not yet sent to the panel. */
  "paid",
  /**
   * Paid, and held back: another order for the same account or post and service is at the panel, which
   * would lose a second one (docs/panels.md). Sent by itself once that one finishes, in order of payment.
   */
  "queued",
  /** Being handed to the SMM panel right now (its `add` call is in flight). */
  "sending",
  /** Sent, but the panel's answer never came: it may or may not have the order. Checked by hand. */
  "placement_unknown",
  /**
   * The panel could not take it yet and has nothing (down, busy, out of funds, the shop's URL or key to fix):
   * the background job sends it again with backoff; the buyer sees "delayed".
   */
  "waiting_panel",
  /** The panel accepted the order; delivery has not started. */
  "sent",
  /** The panel is delivering. */
  "delivering",
] as const;

export const ORDER_STATUSES = [
  ...UNPAID_STATUSES,
  ...ON_ITS_WAY_STATUSES,
  "delivered",
  /** The panel stopped before delivering everything (only while unpaid; a paid one becomes refund_due). */
  "partial",
  /**
   * The panel refused the order outright (a bad link, a quantity out of range, a service gone): the operator
   * fixes it and sends it again, or refunds. Or it cancelled a placed order (only while unpaid; a paid one
   * becomes refund_due).
   */
  "failed",
  /** Paid but not (fully) delivered: the shop owes the buyer `refund_due_paise`. */
  "refund_due",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const isOrderStatus = isOneOf(ORDER_STATUSES);

/**
 * The orders the revenue screens count as sales: payment confirmed, or sent to
 * the panel by the operator's choice (docs/product.md, Dashboard).
 */
export const PAID_STATUSES = [
  ...ON_ITS_WAY_STATUSES,
  "delivered",
  "refund_due",
  "refunded",
] as const satisfies readonly OrderStatus[];

/** A sale: deleting one asks for its id and keeps a backup (delete-order.server.ts). */
export function isSale(order: { status: OrderStatus; paidAt: number | null }): boolean {
  return order.paidAt !== null || (PAID_STATUSES as readonly OrderStatus[]).includes(order.status);
}

/** States in which the panel's word may still move the order (delivery.server.ts). */
export const AT_PANEL_STATUSES = ["sent", "delivering"] as const satisfies readonly OrderStatus[];

/**
 * While an order is in one of these, it holds its target (account or post, and service) at the panel: the
 * panel has it, may have it, or is about to be asked again. At most one order per target is in them
 * (migration 0092's unique index, which lists the same states); another for that target is `queued`.
 */
export const TARGET_HELD_STATUSES = [
  "sending",
  "placement_unknown",
  "waiting_panel",
  "sent",
  "delivering",
] as const satisfies readonly OrderStatus[];

export function holdsTarget(status: OrderStatus): boolean {
  return (TARGET_HELD_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Who or what moved an order. Stored on the audit entry; `paid_by` keeps the confirming one. */
export type Actor =
  | { kind: "buyer" }
  | { kind: "operator"; name: string }
  | { kind: "system"; job: string }
  | { kind: "bank_alert"; source: string }
  | { kind: "gateway"; name: string };

export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case "buyer":
      return "buyer";
    case "operator":
      return actor.name;
    case "system":
      return `system:${actor.job}`;
    case "bank_alert":
      return `bank-alert:${actor.source}`;
    case "gateway":
      return `gateway:${actor.name}`;
  }
}

interface TransitionRule {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** Who may ask for it; anything else is refused. */
  by: readonly Actor["kind"][];
}

const PAYERS = ["operator", "bank_alert", "gateway"] as const;

/**
 * Every allowed move. A request for anything else is refused and changes
 * nothing. Names are what happened, so the audit trail reads as a story.
 */
export const TRANSITIONS = {
  /** The buyer gave a UTR: in the window, or late (within the grace period) after it closed. */
  claimPayment: { from: ["awaiting_payment", "expired"], to: "payment_claimed", by: ["buyer"] },
  /** The window closed with nothing paid: a server job, never the browser. */
  expire: { from: ["awaiting_payment"], to: "expired", by: ["system"] },
  /** Money seen. Late payers included: an expired, claimed or even cancelled order can be paid. */
  confirmPayment: {
    from: ["awaiting_payment", "payment_claimed", "expired", "cancelled"],
    to: "paid",
    by: PAYERS,
  },
  /**
   * The operator closes an order nobody paid for (or whose claimed payment never arrived), also one sent
   * unpaid that waits for the panel or that the panel refused.
   */
  cancel: {
    from: ["awaiting_payment", "payment_claimed", "expired", "waiting_panel", "failed"],
    to: "cancelled",
    by: ["operator"],
  },
  /**
   * Hold a paid order back: another order for its target is at the panel (TARGET_HELD_STATUSES). Asked by
   * whoever would have sent it (the automatic sender, the operator's Send); `send` takes it from there.
   */
  queue: { from: ["paid", "failed", "refund_due"], to: "queued", by: ["operator", "system"] },
  /** Hand a paid order to the panel; again while it waits, after a refusal, or after an unknown outcome the operator checked. */
  send: {
    from: ["paid", "queued", "waiting_panel", "failed", "placement_unknown", "refund_due"],
    to: "sending",
    by: ["operator", "system"],
  },
  /** The operator sends an order with no confirmed payment, having said so in a dialog. */
  sendUnpaid: { from: ["awaiting_payment", "payment_claimed", "expired"], to: "sending", by: ["operator"] },
  placed: { from: ["sending"], to: "sent", by: ["operator", "system"] },
  /** A definite refusal of this order: it stops for the operator (fix and send again, or refund). */
  placementFailed: { from: ["sending"], to: "failed", by: ["operator", "system"] },
  /** Nothing placed, and it may work later (panel down or busy, no funds, setup to fix): the job sends it again. */
  placementDeferred: { from: ["sending"], to: "waiting_panel", by: ["operator", "system"] },
  /** No usable answer from the panel (timeout, crash mid-call): never resent automatically. */
  placementUnknown: { from: ["sending"], to: "placement_unknown", by: ["operator", "system"] },
  /** An unknown outcome cleared up: the panel's API has the order (under an id its broken reply named). */
  foundAtPanel: { from: ["placement_unknown"], to: "sent", by: ["operator", "system"] },
  deliveryStarted: { from: ["sent"], to: "delivering", by: ["system", "operator"] },
  delivered: { from: ["sent", "delivering"], to: "delivered", by: ["system", "operator"] },
  partiallyDelivered: { from: ["sent", "delivering"], to: "partial", by: ["system", "operator"] },
  /** The panel cancelled or failed it (on its own or because the operator asked). */
  deliveryFailed: { from: ["sent", "delivering"], to: "failed", by: ["system", "operator"] },
  /**
   * The buyer or the operator had the panel cancel a paid order it had not started (the panel said
   * Pending and agreed to cancel): nothing was delivered, so the refund is due at once.
   */
  cancelBeforeDelivery: { from: ["sent"], to: "refund_due", by: ["buyer", "operator"] },
  /**
   * What a paid order the panel stopped short becomes (automatically, chained to deliveryFailed and
   * partiallyDelivered in transitions.server.ts); also a paid order the operator stops before it reached the
   * panel: waiting, refused or never sent. The shop's own jobs ask it for nothing else, so a hiccup never
   * makes a refund due (docs/order-lifecycle.md).
   */
  refundDue: {
    from: ["failed", "partial", "paid", "queued", "placement_unknown", "waiting_panel"],
    to: "refund_due",
    by: ["system", "operator"],
  },
  refunded: { from: ["refund_due"], to: "refunded", by: ["operator"] },
} as const satisfies Record<string, TransitionRule>;

export type TransitionName = keyof typeof TRANSITIONS;

/** Whether the table allows `name` from `status` for this kind of actor (guards on the row are separate). */
export function canTransition(name: TransitionName, status: OrderStatus, actor: Actor["kind"]): boolean {
  const rule: TransitionRule = TRANSITIONS[name];
  return rule.from.includes(status) && rule.by.includes(actor);
}

/**
 * The cancellation fee, a percentage of the refund, is a setting (feeSettings,
 * CANCELLATION_FEE_PERCENT, 5 by default as the refund policy has always said).
 * It runs both ways (Consumer Protection (E-Commerce) Rules 2020, rule 4(6)):
 * kept from the refund when the buyer cancels, paid on top of it when the shop
 * cancels. When the panel stops an order, or delivers only part of it, the
 * buyer gets the undelivered share back in full, with neither.
 */

/** Who stopped a paid order, which decides the fee: the buyer, the shop (the operator) or the SMM panel. */
export const CANCELLED_BY = ["buyer", "shop", "panel"] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

export interface Refund {
  /** What the buyer gets back: the share, less the fee or plus the compensation. */
  refundPaise: number;
  /** The cancellation fee kept (0 unless the buyer cancelled). */
  feePaise: number;
  /** The same amount paid to the buyer on top of the refund (0 unless the shop cancelled). */
  compensationPaise: number;
}

/**
 * What the buyer gets back for the part not delivered: its share of the price
 * (rounded to the paisa), less `feePercent` of it if the buyer cancelled, plus
 * as much if the shop did. With 600 of 1,000 delivered on a ₹500 order: ₹200
 * back; at 5%, a buyer who cancels a ₹500 order gets ₹475 (₹25 fee), and one
 * whose order the shop cancels gets ₹525 (₹25 on top).
 */
export function refundOf(
  pricePaise: number,
  quantity: number,
  undelivered: number,
  by: CancelledBy,
  feePercent: number,
): Refund {
  const share = Math.round((pricePaise * Math.min(Math.max(undelivered, 0), quantity)) / quantity);
  const fee = Math.round((share * Math.max(feePercent, 0)) / 100);
  const feePaise = by === "buyer" ? fee : 0;
  const compensationPaise = by === "shop" ? fee : 0;
  return { refundPaise: share - feePaise + compensationPaise, feePaise, compensationPaise };
}

/** Just the amount of `refundOf`. */
export function refundPaise(
  pricePaise: number,
  quantity: number,
  undelivered: number,
  by: CancelledBy,
  feePercent: number,
): number {
  return refundOf(pricePaise, quantity, undelivered, by, feePercent).refundPaise;
}

/** The operator's words for each state (admin lists, badges, order details). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  payment_claimed: "Payment to confirm",
  expired: "Expired (unpaid)",
  cancelled: "Cancelled",
  paid: "Paid, not sent",
  queued: "Queued behind another order",
  sending: "Sending to panel",
  placement_unknown: "Check panel",
  waiting_panel: "Waiting for panel",
  sent: "Sent to panel",
  delivering: "Delivering",
  delivered: "Delivered",
  partial: "Partially delivered",
  failed: "Failed",
  refund_due: "Refund due",
  refunded: "Refunded",
};

/** Roughly how each state should feel in a badge. */
export const STATUS_TONES: Record<OrderStatus, "neutral" | "attention" | "progress" | "success" | "danger"> = {
  awaiting_payment: "neutral",
  payment_claimed: "attention",
  expired: "neutral",
  cancelled: "neutral",
  paid: "progress",
  queued: "attention",
  sending: "progress",
  placement_unknown: "attention",
  waiting_panel: "attention",
  sent: "progress",
  delivering: "progress",
  delivered: "success",
  partial: "danger",
  failed: "danger",
  refund_due: "attention",
  refunded: "neutral",
};
