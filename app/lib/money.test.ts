import { describe, expect, it } from "vitest";
import { formatCount, formatInr, paiseToRupees, parseRupeesToPaise, upiAmount } from "./money";

describe("money", () => {
  it("parses rupee text and numbers into integer paise", () => {
    expect(parseRupeesToPaise("149")).toBe(14900);
    expect(parseRupeesToPaise("149.5")).toBe(14950);
    expect(parseRupeesToPaise("1,499.99")).toBe(149999);
    expect(parseRupeesToPaise(19.99)).toBe(1999);
    expect(parseRupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(parseRupeesToPaise(1.234)).toBeNull();
  });

  it("refuses negative, over-precise and non-numeric input", () => {
    for (const bad of ["-1", "1.234", "abc", "", "1e3", "  "]) expect(parseRupeesToPaise(bad)).toBeNull();
    expect(parseRupeesToPaise(-5)).toBeNull();
    expect(parseRupeesToPaise(Number.NaN)).toBeNull();
  });

  it("formats with Indian digit grouping", () => {
    expect(formatInr(10_000_000)).toBe("₹1,00,000");
    expect(formatInr(14950)).toBe("₹149.50");
    expect(formatCount(100000)).toBe("1,00,000");
  });

  it("gives UPI amounts with exactly two decimals", () => {
    expect(upiAmount(14900)).toBe("149.00");
    expect(upiAmount(5)).toBe("0.05");
    expect(paiseToRupees(14950)).toBe(149.5);
  });
});

describe("amounts and counts in each language", () => {
  it("groups the Indian way (lakhs) with the rupee sign in English and in Hindi", () => {
    expect(formatInr(10_000_000, "en")).toBe("₹1,00,000");
    expect(formatInr(10_000_000, "hi")).toBe("₹1,00,000");
    expect(formatInr(14_950, "hi")).toBe("₹149.50");
    expect(formatCount(1_250_000, "hi")).toBe("12,50,000");
  });
});
