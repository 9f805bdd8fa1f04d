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
    expect(formatPanelBalance({ balance: "0.0450", currency: "USD", balancePaise: null })).toBe("$0.05");
  });

  it("shows a balance as money, in two decimals, whatever the panel sent (issue 45)", () => {
    expect(formatPanelBalance({ balance: "24916.7884", currency: "INR", balancePaise: 2_491_679 })).toBe("₹24,916.79");
    expect(formatPanelBalance({ balance: "123456.5", currency: "INR", balancePaise: 12_345_650 })).toBe("₹1,23,456.50");
  });
});
