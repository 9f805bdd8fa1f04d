import { describe, expect, it } from "vitest";
import { formatPanelMoney } from "./panel-money";

describe("money in the panel's currency", () => {
  it("shows rupees with ₹, Indian grouping and two decimals", () => {
    expect(formatPanelMoney("45.00000", "INR")).toBe("₹45.00");
    expect(formatPanelMoney("123456.5", "INR")).toBe("₹1,23,456.50");
    expect(formatPanelMoney("0.045", "inr")).toBe("₹0.045");
  });

  it("shows other currencies with their symbol, 2 to 4 decimals", () => {
    expect(formatPanelMoney("0.0450", "USD")).toBe("$0.045");
    expect(formatPanelMoney("12", "USD")).toBe("$12.00");
    expect(formatPanelMoney("3.1", "EUR")).toBe("€3.10");
  });

  it("names a 3-letter code it has no symbol for", () => {
    expect(formatPanelMoney("1.5", "XYZ")).toBe("XYZ\u00a01.50"); // Intl puts a no-break space after a code;
  });

  it("shows at most 4 decimals of a longer amount, leaving the stored text alone", () => {
    const charge = "0.123456";
    expect(formatPanelMoney(charge, "USD")).toBe("$0.1235");
    expect(charge).toBe("0.123456");
  });

  it("shows zero and huge amounts exactly", () => {
    expect(formatPanelMoney("0", "USD")).toBe("$0.00");
    expect(formatPanelMoney("0.00000", "INR")).toBe("₹0.00");
    expect(formatPanelMoney("98765432109876543.21", "INR")).toBe("₹98,76,54,32,10,98,76,543.21");
  });

  it("shows negative balances with their sign", () => {
    expect(formatPanelMoney("-3.2", "USD")).toBe("-$3.20");
  });

  it("falls back to the panel's own text when it cannot read the amount or the currency", () => {
    expect(formatPanelMoney("12.5", null)).toBe("12.50");
    expect(formatPanelMoney("12.5", "points")).toBe("12.50 points");
    expect(formatPanelMoney("n/a", "USD")).toBe("n/a USD");
  });
});
