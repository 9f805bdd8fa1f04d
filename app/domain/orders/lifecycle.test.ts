import { describe, expect, it } from "vitest";
import {
  type Actor,
  ORDER_STATUSES,
  REFUND_FEE_PERCENT,
  STATUS_LABELS,
  STATUS_TONES,
  TRANSITIONS,
  type TransitionName,
  UNPAID_STATUSES,
  actorLabel,
  canTransition,
  isOrderStatus,
  refundOf,
  refundPaise,
} from "./lifecycle";

const NAMES = Object.keys(TRANSITIONS) as TransitionName[];
const KINDS: Actor["kind"][] = ["buyer", "operator", "system", "bank_alert", "gateway"];

describe("refundPaise", () => {
  it("gives back the undelivered share in full when the panel or the shop stopped: ₹500, 600 of 1,000 delivered → ₹200", () => {
    expect(refundPaise(50_000, 1000, 400, "panel")).toBe(20_000);
    expect(refundPaise(50_000, 1000, 1000, "shop")).toBe(50_000);
    expect(refundOf(19_899, 1000, 1000, "shop")).toEqual({ refundPaise: 19_899, feePaise: 0 });
  });

  it("keeps the 5% fee only from a buyer's own cancellation", () => {
    expect(REFUND_FEE_PERCENT).toBe(5);
    expect(refundOf(50_000, 1000, 1000, "buyer")).toEqual({ refundPaise: 47_500, feePaise: 2_500 });
    // The order: ₹198.99 cancelled by its buyer → ₹189.04 back, ₹9.95 kept.
    expect(refundOf(19_899, 1000, 1000, "buyer")).toEqual({ refundPaise: 18_904, feePaise: 995 });
  });

  it("refunds the whole price when nothing was delivered, and nothing when all was", () => {
    expect(refundPaise(34_900, 1000, 1000, "buyer")).toBe(34_900 - 1_745);
    expect(refundPaise(1_900, 100, 100, "buyer")).toBe(1_805);
    expect(refundPaise(1_900, 100, 100, "panel")).toBe(1_900);
    expect(refundPaise(50_000, 1000, 0, "panel")).toBe(0);
  });

  it("rounds the share and the fee to the paisa, half up", () => {
    // 34,900 × 157 / 1,000 = 5,479.3 → 5,479; fee 273.95 → 274.
    expect(refundPaise(34_900, 1000, 157, "buyer")).toBe(5_205);
    expect(refundPaise(34_900, 1000, 157, "panel")).toBe(5_479);
    // 999 × 75 / 150 = 499.5 → 500; fee 25.
    expect(refundPaise(999, 150, 75, "buyer")).toBe(475);
    // A share of 10 paise: fee 0.5 → 1.
    expect(refundPaise(1_000, 100, 1, "buyer")).toBe(9);
  });

  it("never owes more than the price or less than nothing, whatever the panel reports", () => {
    for (const by of ["buyer", "shop", "panel"] as const) {
      expect(refundPaise(50_000, 1000, 5000, by)).toBe(refundPaise(50_000, 1000, 1000, by));
      expect(refundPaise(50_000, 1000, -20, by)).toBe(0);
      for (let undelivered = 0; undelivered <= 100; undelivered++) {
        const refund = refundPaise(4_900, 100, undelivered, by);
        expect(refund).toBeGreaterThanOrEqual(0);
        expect(refund).toBeLessThanOrEqual(4_900);
        if (undelivered > 0) expect(refund).toBeGreaterThanOrEqual(refundPaise(4_900, 100, undelivered - 1, by));
      }
    }
  });
});

describe("the transition table", () => {
  it("names only real states, and every state has a label and a tone", () => {
    for (const rule of Object.values(TRANSITIONS)) {
      expect(isOrderStatus(rule.to)).toBe(true);
      for (const from of rule.from) expect(isOrderStatus(from)).toBe(true);
    }
    for (const status of ORDER_STATUSES) {
      expect(STATUS_LABELS[status].length).toBeGreaterThan(3);
      expect(STATUS_TONES[status]).toBeDefined();
    }
    expect(isOrderStatus("pending")).toBe(false);
    expect(isOrderStatus("completed")).toBe(false);
    expect(isOrderStatus(null)).toBe(false);
  });

  it("lets the buyer only claim a payment or cancel an order the panel has not started, and only a server job expire an order", () => {
    for (const name of NAMES) {
      for (const status of ORDER_STATUSES) {
        if (canTransition(name, status, "buyer")) {
          expect(name === "claimPayment" || (name === "cancelBeforeDelivery" && status === "sent")).toBe(true);
        }
        if (name === "expire") {
          for (const kind of KINDS)
            expect(canTransition(name, status, kind)).toBe(kind === "system" && status === "awaiting_payment");
        }
      }
    }
  });

  it("takes payments from the operator, bank alerts and gateways, never from the buyer or a job", () => {
    for (const status of ORDER_STATUSES) {
      for (const kind of KINDS) {
        const unpaid = (UNPAID_STATUSES as readonly string[]).includes(status);
        expect(canTransition("confirmPayment", status, kind), `${status} ${kind}`).toBe(
          unpaid && ["operator", "bank_alert", "gateway"].includes(kind),
        );
      }
    }
  });

  it("ends at delivered and refunded: nothing moves a finished order", () => {
    for (const name of NAMES) {
      for (const kind of KINDS) {
        expect(canTransition(name, "delivered", kind)).toBe(false);
        expect(canTransition(name, "refunded", kind)).toBe(false);
      }
    }
  });

  it("never cancels or expires a paid order", () => {
    for (const status of ORDER_STATUSES) {
      if ((UNPAID_STATUSES as readonly string[]).includes(status)) continue;
      for (const kind of KINDS) {
        // An order sent unpaid may wait for the panel or be refused by it: the table lets the operator cancel
        // those, and the status writer's guard refuses it for a paid one (transitions.server.ts).
        const eitherWay = status === "waiting_panel" || status === "failed";
        expect(canTransition("cancel", status, kind)).toBe(eitherWay && kind === "operator");
        expect(canTransition("expire", status, kind)).toBe(false);
      }
    }
  });

  it("reaches every state from a new order", () => {
    const reached = new Set<string>(["awaiting_payment"]);
    for (let grew = true; grew;) {
      grew = false;
      for (const rule of Object.values(TRANSITIONS)) {
        if (rule.from.some((f: string) => reached.has(f)) && !reached.has(rule.to)) {
          reached.add(rule.to);
          grew = true;
        }
      }
    }
    // failed and partial of a paid order chain to refund_due; unpaid ones stay.
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe("actorLabel", () => {
  it("names who moved an order, as the history shows it", () => {
    expect(actorLabel({ kind: "buyer" })).toBe("buyer");
    expect(actorLabel({ kind: "operator", name: "owner" })).toBe("owner");
    expect(actorLabel({ kind: "system", job: "payment-expiry" })).toBe("system:payment-expiry");
    expect(actorLabel({ kind: "bank_alert", source: "hdfc" })).toBe("bank-alert:hdfc");
    expect(actorLabel({ kind: "gateway", name: "razorpay" })).toBe("gateway:razorpay");
  });
});
