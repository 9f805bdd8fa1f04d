import { describe, expect, it } from "vitest";
import { PLAN_COST_MESSAGES, costAtPanelPaise, planCost, planProblems } from "./plan-cost";

const inr = { panelCurrency: "INR", panelInrRate: "" };
const usd = { panelCurrency: "USD", panelInrRate: "84.50" };
const terms = {
  serviceId: "101",
  name: "Instagram Followers [Real]",
  rate: "52.50",
  min: 100,
  max: 10_000,
  refill: true,
  cancel: false,
  dripfeed: true,
};

describe("what a plan costs at its panel service", () => {
  it("is the rate per 1000 times the quantity, in rupees", () => {
    expect(costAtPanelPaise("52.50", 1000, inr)).toBe(5250);
    expect(costAtPanelPaise("52.50", 100, inr)).toBe(525);
    // A PerfectPanel rate of 5 decimals in USD, at the operator's rate: 0.27819 × 84.50 × 2.5 = ₹58.77
    expect(costAtPanelPaise("0.27819", 2500, usd)).toBe(5877);
    expect(costAtPanelPaise("0.001", 1, inr)).toBe(0);
  });

  it("is unknown without a rate or a way to rupees", () => {
    expect(costAtPanelPaise(null, 1000, inr)).toBeNull();
    expect(costAtPanelPaise("1.2", 1000, { panelCurrency: "USD", panelInrRate: "" })).toBeNull();
  });

  it("gives the margin, and flags a price below cost or a quantity the service does not take", () => {
    expect(planCost({ quantity: 1000, pricePaise: 9900 }, terms, inr)).toEqual({
      costPaise: 5250,
      marginPaise: 4650,
      problems: [],
    });
    expect(planCost({ quantity: 1000, pricePaise: 5000 }, terms, inr).problems).toEqual([
      { field: "price", message: PLAN_COST_MESSAGES.belowCost(5250) },
    ]);
    expect(planCost({ quantity: 20_000, pricePaise: 500_000 }, terms, inr).problems).toEqual([
      { field: "amount", message: "Quantity must be 100 to 10,000 for this panel service" },
    ]);
    expect(PLAN_COST_MESSAGES.belowCost(5250)).toBe(
      "Price is below the panel's cost of ₹52.50 for this quantity: raise it or choose another service",
    );
  });

  it("says nothing of a service the panel's list never named", () => {
    expect(planCost({ quantity: 1000, pricePaise: 1 }, null, inr)).toEqual({
      costPaise: null,
      marginPaise: null,
      problems: [],
    });
  });

  it("flags a plan its fallback service cannot keep, at the fallback's field", () => {
    const plan = { quantity: 1000, pricePaise: 9900 };
    const atPanel = {
      panelId: 1,
      panelName: "Main panel",
      serviceId: "101",
      terms,
      cost: planCost(plan, terms, inr),
      fallback: {
        panelId: 2,
        panelName: "Reseller",
        serviceId: "202",
        terms: { ...terms, rate: "120" },
        cost: planCost(plan, { ...terms, rate: "120" }, inr),
      },
    };
    expect(planProblems(atPanel)).toEqual([
      {
        field: "fallbackServiceId",
        message: `Fallback service 202 at Reseller: ${PLAN_COST_MESSAGES.belowCost(12_000)}`,
      },
    ]);
    expect(planProblems({ ...atPanel, fallback: null })).toEqual([]);
  });
});
