import { describe, expect, it } from "vitest";
import {
  chargeInPaise,
  decimalText,
  deliveredSoFar,
  inrRateFor,
  numberText,
  parseDecimal,
  profitPaise,
  roundDecimalText,
  toPaise,
} from "./money";

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

  it("keeps a charge sent as a float with binary noise, rounded to the panel's precision", () => {
    // PHP's json_encode prints 0.1 + 0.2 in full; a panel computing a charge that way sends exactly this.
    expect(decimalText(0.1 + 0.2)).toBe("0.3");
    expect(decimalText(JSON.parse("0.30000000000000004"))).toBe("0.3");
    expect(decimalText("0.30000000000000004")).toBe("0.3");
    expect(decimalText(1.1 * 3)).toBe("3.3");
    expect(decimalText(0.045)).toBe("0.045");
    expect(decimalText("0.123456789")).toBe("0.12345679");
    expect(decimalText("1.5E-5")).toBe("0.000015");
    expect(decimalText(1e21)).toBeNull();
    expect(decimalText(Number.NaN)).toBeNull();
    expect(roundDecimalText("0.999999995")).toBe("1");
    expect(roundDecimalText("12.5", 0)).toBe("13");
  });

  it("reads numbers written with commas, as panels in several locales write them", () => {
    expect(numberText("1,234.50")).toBe("1234.50");
    expect(numberText("1,23,456.5")).toBe("123456.5");
    expect(numberText("1.234,50")).toBe("1234.50");
    expect(numberText("0,30")).toBe("0.30");
    expect(numberText("1,234")).toBe("1234");
    expect(numberText(" 12 500 ")).toBe("12500");
    expect(numberText("-1,5")).toBe("-1.5");
    expect(numberText("1,2,3")).toBeNull();
    expect(numberText("12abc")).toBeNull();
    expect(decimalText("2,500.00")).toBe("2500.00");
    expect(decimalText("-3,00")).toBeNull();
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
