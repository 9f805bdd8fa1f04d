import { describe, expect, it } from "vitest";
import { type BuyerOrderFacts, type BuyerStage, SETTLED_STAGES, buyerView, deliveredCount } from "./buyer-stage";
import { ORDER_STATUSES, type OrderStatus, UNPAID_STATUSES } from "./lifecycle";

const NOW = Date.UTC(2026, 2, 1, 10, 0);
const facts = (status: OrderStatus, more: Partial<BuyerOrderFacts> = {}): BuyerOrderFacts => ({
  status,
  quantity: 1000,
  paymentDeadlineAt: NOW + 60_000,
  paid: !(UNPAID_STATUSES as readonly string[]).includes(status) && status !== "failed" && status !== "partial",
  remains: null,
  refundDuePaise: null,
  ...more,
});

/** What the buyer is told in each state, with the window still open and the panel silent. */
const STAGES: Record<OrderStatus, BuyerStage> = {
  awaiting_payment: "pay",
  payment_claimed: "confirming",
  expired: "expired",
  cancelled: "cancelled",
  paid: "preparing",
  sending: "preparing",
  queued: "queued",
  placement_unknown: "on_hold",
  waiting_panel: "delayed",
  sent: "delivering",
  delivering: "delivering",
  delivered: "delivered",
  partial: "partial",
  failed: "not_delivered",
  refund_due: "not_delivered",
  refunded: "refunded",
};

describe("what the buyer sees", () => {
  it.each(ORDER_STATUSES)("%s → its stage", (status) => {
    expect(buyerView(facts(status), NOW).stage).toBe(STAGES[status]);
  });

  it("tells a paid order the panel refused (the operator decides) from an unpaid one it refused", () => {
    expect(buyerView(facts("failed", { paid: true }), NOW).stage).toBe("on_hold");
    expect(buyerView(facts("failed", { paid: false }), NOW).stage).toBe("not_delivered");
    expect(SETTLED_STAGES.has("delayed")).toBe(false);
    expect(SETTLED_STAGES.has("on_hold")).toBe(false);
  });

  it("shows an open order as expired once its deadline passed, before the expiry job gets to it", () => {
    expect(buyerView(facts("awaiting_payment", { paymentDeadlineAt: NOW }), NOW).stage).toBe("expired");
    expect(buyerView(facts("awaiting_payment", { paymentDeadlineAt: NOW + 1 }), NOW).stage).toBe("pay");
  });

  it("never says expired to a buyer who gave a UTR or whose payment was confirmed, however late", () => {
    const withUtrOrPayment = ORDER_STATUSES.filter(
      (s) => !["awaiting_payment", "expired", "cancelled", "failed", "partial"].includes(s),
    );
    for (const status of withUtrOrPayment) {
      for (const deadline of [NOW - 86_400_000, NOW, NOW + 60_000]) {
        for (const remains of [null, 0, 400, 1000]) {
          const view = buyerView(facts(status, { paymentDeadlineAt: deadline, remains }), NOW);
          expect(view.stage, `${status} ${deadline} ${remains}`).not.toBe("expired");
          expect(view.stage, `${status}`).not.toBe("pay");
        }
      }
    }
  });

  it("tells a refund apart: partly delivered or not delivered, with the amount and the fee kept", () => {
    expect(
      buyerView(
        facts("refund_due", { remains: 400, refundDuePaise: 20_000, refundFeePaise: 0, cancelledBy: "panel" }),
        NOW,
      ),
    ).toEqual({
      stage: "partial",
      delivered: 600,
      refundPaise: 20_000,
      feePaise: 0,
      compensationPaise: 0,
      cancelledBy: "panel",
    });
    expect(
      buyerView(
        facts("refund_due", {
          remains: 1000,
          refundDuePaise: 52_500,
          refundFeePaise: 0,
          refundCompensationPaise: 2_500,
          cancelledBy: "shop",
        }),
        NOW,
      ),
    ).toEqual({
      stage: "not_delivered",
      delivered: 0,
      refundPaise: 52_500,
      feePaise: 0,
      compensationPaise: 2_500,
      cancelledBy: "shop",
    });
    expect(buyerView(facts("refunded", { remains: 400, refundDuePaise: 20_000, refundFeePaise: 0 }), NOW)).toEqual({
      stage: "refunded",
      delivered: 600,
      refundPaise: 20_000,
      feePaise: 0,
      compensationPaise: 0,
      cancelledBy: null,
    });
    // Refunds recorded before the fee was kept: the fee is not known.
    expect(buyerView(facts("refund_due", { remains: 1000, refundDuePaise: 47_500 }), NOW)).toMatchObject({
      stage: "not_delivered",
      feePaise: null,
    });
    // Only a refund owed or paid is shown as one.
    const delivering = buyerView(facts("delivering", { remains: 400, refundDuePaise: 19_000, refundFeePaise: 0 }), NOW);
    expect(delivering).toMatchObject({ refundPaise: null, feePaise: null });
  });

  it("reads a buyer's own cancellation as theirs, with the fee their refund keeps", () => {
    const view = buyerView(
      facts("refund_due", { remains: 1000, refundDuePaise: 18_904, refundFeePaise: 995, cancelledBy: "buyer" }),
      NOW,
    );
    expect(view).toEqual({
      stage: "you_cancelled",
      delivered: 0,
      refundPaise: 18_904,
      feePaise: 995,
      compensationPaise: 0,
      cancelledBy: "buyer",
    });
    // Once paid back it is refunded, still the buyer's cancellation.
    expect(
      buyerView(facts("refunded", { refundDuePaise: 18_904, refundFeePaise: 995, cancelledBy: "buyer" }), NOW),
    ).toMatchObject({ stage: "refunded", cancelledBy: "buyer" });
  });

  it("counts what arrived from the panel's remains, within 0 and the quantity", () => {
    expect(deliveredCount(1000, null)).toBeNull();
    expect(deliveredCount(1000, 400)).toBe(600);
    expect(deliveredCount(1000, 0)).toBe(1000);
    expect(deliveredCount(1000, 1200)).toBe(0);
    expect(deliveredCount(1000, -5)).toBe(1000);
    expect(buyerView(facts("delivering", { remains: 250 }), NOW).delivered).toBe(750);
  });

  it("stops polling only once nothing more will happen on its own", () => {
    expect([...SETTLED_STAGES].sort()).toEqual(["cancelled", "delivered", "refunded"]);
  });
});
