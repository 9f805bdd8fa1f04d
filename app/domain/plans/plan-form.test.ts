import { describe, expect, it } from "vitest";
import { CUSTOM_COMMENTS_MESSAGES, PANEL_ID_MESSAGE, newPlanSchema, planUpdateSchema } from "./plan-form";

const valid = { serviceType: "followers", name: "Popular Followers", amount: "1,000", price: 349, tags: ["best"] };

describe("plan form", () => {
  it("accepts quantities with commas and rupee prices, giving integers", () => {
    expect(newPlanSchema.parse(valid)).toEqual({
      serviceType: "followers",
      name: "Popular Followers",
      amount: 1000,
      price: 34900,
      tags: ["best"],
      refillDays: 0,
      dripRuns: 0,
      dripInterval: 0,
      customComments: false,
      panelId: null,
      panelServiceId: null,
      fallbackPanelId: null,
      fallbackServiceId: null,
    });
    expect(newPlanSchema.parse({ ...valid, price: "99.5" }).price).toBe(9950);
  });

  it("reads a plan's panel and its fallback's panel as record ids; empty is none", () => {
    expect(newPlanSchema.parse({ ...valid, panelId: "2", fallbackPanelId: 3 })).toMatchObject({
      panelId: 2,
      fallbackPanelId: 3,
    });
    expect(newPlanSchema.parse({ ...valid, panelId: "", fallbackPanelId: null })).toMatchObject({
      panelId: null,
      fallbackPanelId: null,
    });
    for (const bad of ["0", "-1", "two", "1.5"]) {
      expect(newPlanSchema.safeParse({ ...valid, panelId: bad }).error?.issues[0]?.message).toBe(PANEL_ID_MESSAGE);
    }
    // A JSON update that leaves them out keeps the plan's own.
    expect(planUpdateSchema.parse({ name: "x", amount: 100, price: 1, tags: [] }).panelId).toBeUndefined();
  });

  it("refuses a quantity below 100 with the operator's message", () => {
    const result = newPlanSchema.safeParse({ ...valid, amount: "99" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Quantity must be at least 100");
  });

  it("refuses bad prices, empty names and a second tag", () => {
    for (const price of [0, -5, "abc", "1.234"])
      expect(newPlanSchema.safeParse({ ...valid, price }).success).toBe(false);
    expect(newPlanSchema.safeParse({ ...valid, name: "  " }).error?.issues[0]?.message).toBe("Name is required");
    expect(newPlanSchema.safeParse({ ...valid, tags: ["a", "b"] }).error?.issues[0]?.message).toBe(
      "Only one tag per plan",
    );
  });

  it("takes the plan's panel service as its id in the panel's list; empty means the one set for its type", () => {
    expect(newPlanSchema.parse({ ...valid, panelServiceId: " 4021 " }).panelServiceId).toBe("4021");
    expect(newPlanSchema.parse({ ...valid, panelServiceId: 4021 }).panelServiceId).toBe("4021");
    expect(newPlanSchema.parse({ ...valid, panelServiceId: "" }).panelServiceId).toBeNull();
    expect(newPlanSchema.safeParse({ ...valid, panelServiceId: "abc" }).error?.issues[0]?.message).toBe(
      "Panel service ID is a number from your panel's services list",
    );
    // A JSON update that does not name it keeps the plan's; null or "" goes back to the default.
    const update = { name: "x", amount: "1000", price: 10, tags: [] };
    expect(planUpdateSchema.parse(update).panelServiceId).toBeUndefined();
    expect(planUpdateSchema.parse({ ...update, panelServiceId: null }).panelServiceId).toBeNull();
    expect(planUpdateSchema.parse({ ...update, panelServiceId: "7" }).panelServiceId).toBe("7");
  });

  it("trims tags and drops empty ones", () => {
    expect(newPlanSchema.parse({ ...valid, tags: ["  Hot ", " "] }).tags).toEqual(["hot"]);
  });

  it("ignores a service type on edit", () => {
    const parsed = planUpdateSchema.parse({ ...valid, serviceType: "likes" });
    expect(parsed).not.toHaveProperty("serviceType");
  });
});

describe("custom-comments plans", () => {
  const comments = { ...valid, serviceType: "comments", amount: "100" };

  it("reads the box as ticked or not, and keeps a plan's own when an update leaves it out", () => {
    expect(newPlanSchema.parse({ ...comments, customComments: ["false", "true"] }).customComments).toBe(true);
    expect(newPlanSchema.parse({ ...comments, customComments: "false" }).customComments).toBe(false);
    expect(newPlanSchema.parse(comments).customComments).toBe(false);
    expect(planUpdateSchema.parse(valid).customComments).toBeUndefined();
  });

  it("is only for comments, at most 500 comments, delivered at once", () => {
    const issues = (input: object) => newPlanSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(issues({ ...valid, customComments: true })).toEqual([CUSTOM_COMMENTS_MESSAGES.onlyComments]);
    expect(issues({ ...comments, amount: "1,000", customComments: true })).toEqual([CUSTOM_COMMENTS_MESSAGES.tooMany]);
    expect(issues({ ...comments, customComments: true, dripRuns: "2", dripInterval: "10" })).toEqual([
      CUSTOM_COMMENTS_MESSAGES.noDrip,
    ]);
  });
});
