import { describe, expect, it } from "vitest";
import { planRibbon } from "./plan-list";

describe("plan ribbon", () => {
  it("shows the plan's one tag", () => {
    expect(planRibbon({ name: "Growth", tag: "best" })).toBe("BEST");
    expect(planRibbon({ name: "Popular Growth", tag: "hot" })).toBe("HOT");
  });
  it("shows POPULAR for an untagged plan named popular", () => {
    expect(planRibbon({ name: "Most popular pack", tag: null })).toBe("POPULAR");
    expect(planRibbon({ name: "Popular", tag: "  " })).toBe("POPULAR");
  });
  it("shows nothing otherwise", () => {
    expect(planRibbon({ name: "Starter", tag: null })).toBeNull();
  });
});
