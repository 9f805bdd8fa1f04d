import { describe, expect, it } from "vitest";
import { formatPanelBalance } from "./panel-balance";

describe("the panel balance card", () => {
  it("shows an INR balance in rupees", () => {
    expect(formatPanelBalance({ balance: "25000.00000", currency: "INR", balancePaise: 2_500_000 })).toBe("₹25,000.00");
  });

  it("shows a USD balance with its symbol and the rupees it is worth", () => {
    expect(formatPanelBalance({ balance: "100.8400", currency: "USD", balancePaise: 839_593 })).toBe(
      "$100.84 (≈ ₹8,395.93)",
    );
    expect(formatPanelBalance({ balance: "0.0450", currency: "USD", balancePaise: null })).toBe("$0.045");
  });
});
