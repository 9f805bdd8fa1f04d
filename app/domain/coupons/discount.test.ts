import { describe, expect, it } from "vitest";
import { MIN_PRICE_AFTER_DISCOUNT_PAISE, discountPaise, priceAfter } from "./discount";

describe("discountPaise", () => {
  it("takes a percent of the price in paise, rounded to the nearest paisa, half up", () => {
    expect(discountPaise(34_900, { kind: "percent", amount: 10 })).toBe(3_490);
    // 10% of ₹349.95 is 3499.5 paise: rounded up to ₹35.00.
    expect(discountPaise(34_995, { kind: "percent", amount: 10 })).toBe(3_500);
    // 15% of ₹1.99 is 29.85 paise: 30.
    expect(discountPaise(199, { kind: "percent", amount: 15 })).toBe(30);
    // 33% of ₹99.99 is 3299.67 paise: 3300.
    expect(discountPaise(9_999, { kind: "percent", amount: 33 })).toBe(3_300);
    // 12% of ₹4.01 is 48.12 paise: 48 (rounded down below a half).
    expect(discountPaise(401, { kind: "percent", amount: 12 })).toBe(48);
  });

  it("takes a flat amount off", () => {
    expect(discountPaise(49_900, { kind: "flat", amount: 5_000 })).toBe(5_000);
  });

  it("never leaves an order below ₹1", () => {
    expect(discountPaise(49_900, { kind: "percent", amount: 100 })).toBe(49_800);
    expect(discountPaise(49_900, { kind: "flat", amount: 60_000 })).toBe(49_800);
    expect(priceAfter(2_000, { kind: "flat", amount: 1_950 }).after).toBe(MIN_PRICE_AFTER_DISCOUNT_PAISE);
    expect(discountPaise(100, { kind: "percent", amount: 50 })).toBe(0);
    expect(discountPaise(50, { kind: "flat", amount: 10 })).toBe(0);
  });

  it("says the price before and after", () => {
    expect(priceAfter(34_900, { kind: "percent", amount: 20 })).toEqual({
      before: 34_900,
      discount: 6_980,
      after: 27_920,
    });
  });
});
