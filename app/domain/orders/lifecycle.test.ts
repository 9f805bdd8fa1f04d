import { describe, expect, it } from "vitest";
import {
  type Actor,
  type CancelledBy,
  ORDER_STATUSES,
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
  /** The whole order (1,000 of 1,000 undelivered) undone at the 5% fee. */
  const whole = (pricePaise: number, by: CancelledBy) => refundOf(pricePaise, 1000, 1000, by, 5);
  /** What comes back, what is kept, what is paid on top. */
  const split = (refundPaise: number, feePaise: number, compensationPaise: number) => ({
    refundPaise,
    feePaise,
    compensationPaise,
  });

  it("gives back the undelivered share in full when the panel stopped: ₹500, 600 of 1,000 delivered → ₹200", () => {
    expect(refundPaise(50_000, 1000, 400, "panel", 5)).toBe(20_000);
    expect(whole(19_899, "panel")).toEqual(split(19_899, 0, 0));
  });

  it("keeps the fee from a buyer's own cancellation", () => {
    expect(whole(50_000, "buyer")).toEqual(split(47_500, 2_500, 0));
    // The order: ₹198.99 cancelled by its buyer → ₹189.04 back, ₹9.95 kept.
    expect(whole(19_899, "buyer")).toEqual(split(18_904, 995, 0));
  });

  it("pays the same amount on top when the shop cancels (E-Commerce Rules 2020, rule 4(6))", () => {
    expect(whole(50_000, "shop")).toEqual(split(52_500, 0, 2_500));
    expect(whole(19_899, "shop")).toEqual(split(20_894, 0, 995));
    // The fee a buyer would pay and the compensation the shop pays are one amount, at any rate and share.
    for (const percent of [1, 5, 7, 10, 50])
      for (const undelivered of [1, 157, 999, 1000]) {
        const buyer = refundOf(34_900, 1000, undelivered, "buyer", percent);
        const shop = refundOf(34_900, 1000, undelivered, "shop", percent);
        expect(shop.compensationPaise).toBe(buyer.feePaise);
        expect(shop.refundPaise - buyer.refundPaise).toBe(2 * buyer.feePaise);
      }
  });

  it("charges and pays nothing either way at 0%", () => {
    for (const by of ["buyer", "shop", "panel"] as const)
      expect(refundOf(50_000, 1000, 1000, by, 0)).toEqual(split(50_000, 0, 0));
  });

  it("follows the rate set: 10% of ₹500 is ₹50 kept or paid", () => {
    expect(refundPaise(50_000, 1000, 1000, "buyer", 10)).toBe(45_000);
    expect(refundPaise(50_000, 1000, 1000, "shop", 10)).toBe(55_000);
    expect(refundPaise(50_000, 1000, 1000, "panel", 10)).toBe(50_000);
  });

  it("refunds the whole price when nothing was delivered, and nothing when all was", () => {
    expect(refundPaise(34_900, 1000, 1000, "buyer", 5)).toBe(34_900 - 1_745);
    expect(refundPaise(1_900, 100, 100, "buyer", 5)).toBe(1_805);
    expect(refundPaise(1_900, 100, 100, "panel", 5)).toBe(1_900);
    expect(refundPaise(50_000, 1000, 0, "panel", 5)).toBe(0);
  });

  it("rounds the share and the fee to the paisa, half up", () => {
    // 34,900 × 157 / 1,000 = 5,479.3 → 5,479; fee 273.95 → 274.
    expect(refundPaise(34_900, 1000, 157, "buyer", 5)).toBe(5_205);
    expect(refundPaise(34_900, 1000, 157, "panel", 5)).toBe(5_479);
    // 999 × 75 / 150 = 499.5 → 500; fee 25.
    expect(refundPaise(999, 150, 75, "buyer", 5)).toBe(475);
    // A share of 10 paise: fee 0.5 → 1.
    expect(refundPaise(1_000, 100, 1, "buyer", 5)).toBe(9);
  });

  it("never owes more than the price (or, the shop cancelling, the price and the fee) or less than nothing", () => {
    for (const by of ["buyer", "shop", "panel"] as const) {
      expect(refundPaise(50_000, 1000, 5000, by, 5)).toBe(refundPaise(50_000, 1000, 1000, by, 5));
      expect(refundPaise(50_000, 1000, -20, by, 5)).toBe(0);
      for (let undelivered = 0; undelivered <= 100; undelivered++) {
        const refund = refundPaise(4_900, 100, undelivered, by, 5);
        expect(refund).toBeGreaterThanOrEqual(0);
        expect(refund).toBeLessThanOrEqual(by === "shop" ? 4_900 + 245 : 4_900);
        if (undelivered > 0) expect(refund).toBeGreaterThanOrEqual(refundPaise(4_900, 100, undelivered - 1, by, 5));
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
