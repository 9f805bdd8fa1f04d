import { describe, expect, it } from "vitest";
import { DAY_MS, type SelfServiceFacts, cancelRefusal, dripProgress, refillRefusal } from "./rules";

const NOW = 1_800_000_000_000;
const delivered: SelfServiceFacts = {
  status: "delivered",
  paid: true,
  panelOrderId: "23501",
  panelStatus: "completed",
  refillDays: 30,
  deliveredAt: NOW - DAY_MS,
  capabilities: { refill: true, cancel: true, dripfeed: false },
  lastRefill: null,
  cancelUnderWay: false,
  buyerRequests: { refill: 0, cancel: 0 },
};

describe("the buyer's requests per order", () => {
  it("stops the buyer after 5 of a kind in the window, never the operator", () => {
    const busy = { ...delivered, buyerRequests: { refill: 5, cancel: 5 } };
    expect(refillRefusal({ ...delivered, buyerRequests: { refill: 4, cancel: 0 } }, NOW)).toBeNull();
    expect(refillRefusal(busy, NOW)).toBe("REFILL_UNAVAILABLE");
    expect(refillRefusal(busy, NOW, "operator")).toBeNull();
    const pending = { ...busy, status: "sent" as const, panelStatus: "pending" };
    expect(cancelRefusal(pending)).toBe("CANCEL_UNAVAILABLE");
    expect(cancelRefusal(pending, "operator")).toBeNull();
  });
});

describe("refillRefusal", () => {
  it("allows a refill inside the guarantee, once a day", () => {
    expect(refillRefusal(delivered, NOW)).toBeNull();
    expect(refillRefusal({ ...delivered, lastRefill: { state: "accepted", requestedAt: NOW - 1000 } }, NOW)).toBe(
      "REFILL_TOO_SOON",
    );
    expect(refillRefusal({ ...delivered, lastRefill: { state: "requested", requestedAt: NOW - 1000 } }, NOW)).toBe(
      "REFILL_BUSY",
    );
    expect(
      refillRefusal({ ...delivered, lastRefill: { state: "accepted", requestedAt: NOW - DAY_MS - 1 } }, NOW),
    ).toBeNull();
  });

  it("says why not: no guarantee, not delivered, guarantee over, service without refill", () => {
    expect(refillRefusal({ ...delivered, refillDays: 0 }, NOW)).toBe("REFILL_NO_GUARANTEE");
    expect(refillRefusal({ ...delivered, status: "delivering", deliveredAt: null }, NOW)).toBe("REFILL_NOT_DELIVERED");
    expect(refillRefusal({ ...delivered, deliveredAt: NOW - 31 * DAY_MS }, NOW)).toBe("REFILL_OUTSIDE_GUARANTEE");
    expect(refillRefusal({ ...delivered, capabilities: { ...delivered.capabilities, refill: false } }, NOW)).toBe(
      "REFILL_NOT_SUPPORTED",
    );
  });
});

describe("cancelRefusal", () => {
  const pending = { ...delivered, status: "sent", panelStatus: "pending", deliveredAt: null } as const;
  it("allows a cancel only while the panel says pending, for a paid order, where the service allows it", () => {
    expect(cancelRefusal(pending)).toBeNull();
    expect(cancelRefusal({ ...pending, panelStatus: "in_progress" })).toBe("CANCEL_NOT_PENDING");
    expect(cancelRefusal({ ...pending, status: "delivering" })).toBe("CANCEL_NOT_PENDING");
    expect(cancelRefusal({ ...pending, paid: false })).toBe("CANCEL_NOT_PAID");
    expect(cancelRefusal({ ...pending, capabilities: { ...pending.capabilities, cancel: false } })).toBe(
      "CANCEL_NOT_SUPPORTED",
    );
    expect(cancelRefusal({ ...pending, cancelUnderWay: true })).toBe("CANCEL_BUSY");
  });
});

describe("dripProgress", () => {
  const order = {
    status: "delivering",
    quantity: 600,
    remains: 400,
    dripRuns: 3,
    dripIntervalMinutes: 30,
    placedAt: NOW,
  } as const;
  it("counts the parts delivered and when the next is due", () => {
    expect(dripProgress(order, NOW)).toEqual({ runs: 3, intervalMinutes: 30, done: 1, nextRunAt: NOW + 30 * 60_000 });
    expect(dripProgress({ ...order, status: "delivered", remains: 0 }, NOW)).toMatchObject({
      done: 3,
      nextRunAt: null,
    });
    expect(dripProgress({ ...order, dripRuns: 0 }, NOW)).toBeNull();
  });
});
