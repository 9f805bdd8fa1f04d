import { describe, expect, it } from "vitest";
import { belowCostWarnings } from "./below-cost";

const plans = [
  {
    id: 1,
    name: "Starter",
    service_type: "followers" as const,
    quantity: 1000,
    price_paise: 34_900,
    costPaise: 30_000,
  },
  { id: 2, name: "Likes", service_type: "likes" as const, quantity: 500, price_paise: 9_900, costPaise: 2_000 },
  { id: 3, name: "Unknown", service_type: "views" as const, quantity: 500, price_paise: 4_900, costPaise: null },
];
const every = { serviceTypes: [], planIds: [] };

describe("below-cost warning", () => {
  it("names each plan a coupon would sell below its panel's cost", () => {
    expect(
      belowCostWarnings({ code: "BIG20", kind: "percent", amount: 20, minOrderPaise: 0, scope: every }, plans),
    ).toEqual(["BIG20 sells Starter (1,000 followers) at ₹279.20, below the panel's cost of ₹300"]);
  });

  it("says nothing for a price still above cost, a plan out of scope or below the minimum, or an unknown cost", () => {
    expect(
      belowCostWarnings({ code: "TEN", kind: "percent", amount: 10, minOrderPaise: 0, scope: every }, plans),
    ).toEqual([]);
    const likesOnly = { serviceTypes: ["likes" as const], planIds: [] };
    expect(
      belowCostWarnings({ code: "L", kind: "flat", amount: 5_000, minOrderPaise: 0, scope: likesOnly }, plans),
    ).toEqual([]);
    expect(
      belowCostWarnings({ code: "M", kind: "percent", amount: 50, minOrderPaise: 50_000, scope: every }, plans),
    ).toEqual([]);
  });
});
