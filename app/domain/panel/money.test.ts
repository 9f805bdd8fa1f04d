import { describe, expect, it } from "vitest";
import { chargeInPaise, decimalText, deliveredSoFar, inrRateFor, parseDecimal, profitPaise, toPaise } from "./money";

const INR = { panelCurrency: "INR", panelInrRate: "" };
const USD = { panelCurrency: "USD", panelInrRate: "88.25" };

describe("panel money", () => {
  it("reads decimal text exactly", () => {
    expect(parseDecimal("0.27819")).toEqual({ units: 27819n, scale: 5 });
    expect(parseDecimal(" 12 ")).toEqual({ units: 12n, scale: 0 });
    expect(parseDecimal("-1")).toBeNull();
    expect(parseDecimal("1e3")).toBeNull();
    expect(parseDecimal("abc")).toBeNull();
    expect(parseDecimal("")).toBeNull();
  });

  it("turns JSON numbers and strings into plain decimal text", () => {
    expect(decimalText(0.27819)).toBe("0.27819");
    expect(decimalText("0.27819")).toBe("0.27819");
    expect(decimalText(2.7e-7)).toBe("0.00000027");
    expect(decimalText(45)).toBe("45");
    expect(decimalText("N/A")).toBeNull();
    expect(decimalText(-1)).toBeNull();
    expect(decimalText(null)).toBeNull();
  });

  it("converts with integer arithmetic, rounding half up to the paisa", () => {
    expect(toPaise("0.27819", "1")).toBe(28);
    expect(toPaise("0.27819", "88.25")).toBe(2455); // 24.5502675 → ₹24.55
    expect(toPaise("45.005", "1")).toBe(4501);
    expect(toPaise("0.1", "3")).toBe(30); // no 0.30000000000000004
  });

  it("never mixes currencies", () => {
    expect(inrRateFor("INR", USD)).toBe("1");
    expect(inrRateFor("usd", USD)).toBe("88.25");
    expect(inrRateFor("EUR", USD)).toBeNull();
    expect(inrRateFor("USD", { panelCurrency: "USD", panelInrRate: "" })).toBeNull();
    expect(inrRateFor("USD", INR)).toBeNull();
    // A reply without a currency is in the panel's configured currency.
    expect(inrRateFor(null, INR)).toBe("1");
    expect(inrRateFor(undefined, USD)).toBe("88.25");
    expect(chargeInPaise("1.5", "USD", { panelCurrency: "USD", panelInrRate: "0" })).toBeNull();
  });

  it("computes profit as price minus charge in rupees", () => {
    expect(profitPaise(34_900, "45.00", "INR", INR)).toBe(30_400);
    expect(profitPaise(34_900, "0.5", "USD", USD)).toBe(34_900 - 4413);
    expect(profitPaise(1_000, "20", "INR", INR)).toBe(-1_000);
    expect(profitPaise(34_900, "0.5", "USD", INR)).toBeNull();
    expect(profitPaise(34_900, null, "INR", INR)).toBeNull();
  });

  it("shows what a partial delivery delivered", () => {
    expect(deliveredSoFar(1000, 157)).toBe(843);
    expect(deliveredSoFar(1000, 0)).toBe(1000);
    expect(deliveredSoFar(1000, -20)).toBe(1000);
    expect(deliveredSoFar(1000, 5000)).toBe(0);
    expect(deliveredSoFar(1000, null)).toBeNull();
  });
});
