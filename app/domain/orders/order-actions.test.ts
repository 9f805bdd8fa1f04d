import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus, PAID_STATUSES, canTransition } from "./lifecycle";
import { ORDER_ACTION_INTENTS, actionsFor, orderActionSchema } from "./order-actions";

const PAID = new Set<OrderStatus>(PAID_STATUSES);
const base = (status: OrderStatus) => ({
  status,
  paid: PAID.has(status),
  panelOrderId: ["sent", "delivering", "delivered"].includes(status) ? "9001" : null,
  hasProfit: false,
  refunded: status === "refunded",
  delivered: null,
});

/** What each state offers the operator, with nothing delivered and no profit yet. */
const OFFERED: Record<OrderStatus, string[]> = {
  awaiting_payment: ["confirmPayment", "placeUnpaid", "cancel"],
  payment_claimed: ["confirmPayment", "placeUnpaid", "cancel"],
  expired: ["confirmPayment", "placeUnpaid", "cancel"],
  cancelled: ["confirmPayment"],
  paid: ["place", "cancel"],
  queued: ["cancel"],
  sending: [],
  placement_unknown: ["retry", "cancel"],
  waiting_panel: ["retry", "cancel"],
  sent: ["cancel", "updateProfit"],
  delivering: ["cancel", "updateProfit"],
  delivered: ["updateProfit"],
  partial: [],
  failed: ["retry", "cancel"],
  refund_due: ["retry", "markRefunded"],
  refunded: [],
};

const offered = (actions: ReturnType<typeof actionsFor>) =>
  Object.entries(actions)
    .filter(([, on]) => on)
    .map(([name]) => name);

describe("the operator's actions on an order", () => {
  it.each(ORDER_STATUSES)("%s offers what its state allows", (status) => {
    expect(offered(actionsFor(base(status)))).toEqual(OFFERED[status]);
  });

  it("offers only moves the transition table allows an operator", () => {
    for (const status of ORDER_STATUSES) {
      const a = actionsFor(base(status));
      if (a.confirmPayment) expect(canTransition("confirmPayment", status, "operator"), status).toBe(true);
      if (a.place || a.retry) expect(canTransition("send", status, "operator"), status).toBe(true);
      if (a.placeUnpaid) expect(canTransition("sendUnpaid", status, "operator"), status).toBe(true);
      if (a.markRefunded) expect(canTransition("refunded", status, "operator"), status).toBe(true);
      if (a.cancel) {
        const moves = ["cancel", "refundDue", "deliveryFailed"] as const;
        expect(
          moves.some((m) => canTransition(m, status, "operator")),
          status,
        ).toBe(true);
      }
    }
  });

  it("offers Retry on a refund due only while nothing was delivered and nothing paid back", () => {
    expect(actionsFor({ ...base("refund_due"), delivered: 0 }).retry).toBe(true);
    expect(actionsFor({ ...base("refund_due"), delivered: 600 }).retry).toBe(false);
    expect(actionsFor({ ...base("refund_due"), refunded: true }).retry).toBe(false);
    // A buyer's own cancellation is refunded, never delivered after all; the shop's or the panel's may be retried.
    expect(actionsFor({ ...base("refund_due"), delivered: 0, cancelledBy: "buyer" }).retry).toBe(false);
    expect(actionsFor({ ...base("refund_due"), delivered: 0, cancelledBy: "shop" }).retry).toBe(true);
  });

  it("offers Update Profit only for an order the panel has and with no profit yet", () => {
    expect(actionsFor({ ...base("delivered"), hasProfit: true }).updateProfit).toBe(false);
    expect(actionsFor({ ...base("refund_due"), panelOrderId: "12" }).updateProfit).toBe(true);
  });
});

describe("the order action schema", () => {
  it("knows every intent", () => {
    expect(ORDER_ACTION_INTENTS).toEqual([
      "confirm-payment",
      "place",
      "retry",
      "cancel",
      "mark-refunded",
      "update-profit",
      "delete",
      "erase",
    ]);
  });

  it("reads the 'send unpaid' flag as forms and JSON send it, and nothing else as yes", () => {
    const unpaid = (value: unknown) => {
      const parsed = orderActionSchema.safeParse({ intent: "place", unpaid: value });
      return parsed.success && parsed.data.intent === "place" ? parsed.data.unpaid : "refused";
    };
    expect(unpaid(true)).toBe(true);
    expect(unpaid("true")).toBe(true);
    expect(unpaid("on")).toBe(true);
    expect(unpaid(false)).toBe(false);
    expect(unpaid("false")).toBe(false);
    expect(unpaid(undefined)).toBe(false);
    expect(unpaid("yes")).toBe("refused");
    expect(unpaid(1)).toBe("refused");
  });

  it("refuses an unknown intent and a refund reference that cannot be one", () => {
    expect(orderActionSchema.safeParse({ intent: "complete" }).success).toBe(false);
    expect(orderActionSchema.safeParse({}).success).toBe(false);
    expect(orderActionSchema.safeParse({ intent: "mark-refunded" }).success).toBe(false);
    expect(orderActionSchema.safeParse({ intent: "mark-refunded", reference: "1".repeat(41) }).success).toBe(false);
    expect(orderActionSchema.safeParse({ intent: "mark-refunded", reference: "1234 5678 9012" }).success).toBe(true);
  });
});
