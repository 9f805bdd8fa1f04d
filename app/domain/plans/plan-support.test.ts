import { describe, expect, it } from "vitest";
import { brokenPromises } from "./plan-support";

const plan = {
  service_type: "followers" as const,
  refill_days: 30,
  drip_runs: 0,
  custom_comments: 0,
  panel_service_id: null,
};

describe("what a plan promises against what its service supports", () => {
  it("finds a refill guarantee or drip-feed the service does not support", () => {
    expect(brokenPromises(plan, { refill: true, dripfeed: false })).toEqual([]);
    expect(brokenPromises(plan, { refill: false, dripfeed: true })).toEqual(["refill"]);
    expect(brokenPromises({ ...plan, refill_days: 0, drip_runs: 5 }, { refill: false, dripfeed: false })).toEqual([
      "dripfeed",
    ]);
    expect(brokenPromises({ ...plan, refill_days: 0 }, { refill: false, dripfeed: false })).toEqual([]);
  });
});
