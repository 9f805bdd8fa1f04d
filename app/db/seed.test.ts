import { describe, expect, it } from "vitest";
import { placementQuantity } from "~/domain/fulfilment/placement.server";
import { demoPlans } from "./seed.server";

describe("the demo catalogue", () => {
  const plans = demoPlans(0);

  it("offers followers with a refill guarantee, as the demo panel's followers service refills", () => {
    const refill = plans.filter((p) => (p.refill_days ?? 0) > 0);
    expect(refill.length).toBeGreaterThan(0);
    expect(new Set(refill.map((p) => p.service_type))).toEqual(new Set(["followers"]));
  });

  it("drip-feeds some likes and views, each in equal runs the panel is sent as such", () => {
    const drip = plans.filter((p) => (p.drip_runs ?? 0) > 0);
    expect(new Set(drip.map((p) => p.service_type))).toEqual(new Set(["likes", "views"]));
    for (const p of drip) {
      const sent = placementQuantity({
        quantity: p.quantity,
        drip_runs: p.drip_runs!,
        drip_interval_minutes: p.drip_interval_minutes!,
      });
      expect(sent.runs, p.name).toBe(p.drip_runs);
      expect(sent.quantity * sent.runs!).toBe(p.quantity);
    }
  });
});
