import { describe, expect, it } from "vitest";
import { chosenServiceId, orderChoice, planChoice } from "./service-choice";

const defaults = {
  serviceIds: { followers: "1", likes: "2", views: "3", comments: "4" },
  customCommentsServiceId: " 5 ",
};

describe("the panel service a plan's orders go to", () => {
  it("is the plan's own when it names one", () => {
    const plan = { service_type: "followers" as const, custom_comments: 0, panel_service_id: " 77 " };
    expect(chosenServiceId(planChoice(plan), defaults)).toBe("77");
  });

  it("else the one set for its type, or the Custom Comments one for buyers' own comments", () => {
    const plan = { service_type: "followers" as const, custom_comments: 0, panel_service_id: null };
    expect(chosenServiceId(planChoice(plan), defaults)).toBe("1");
    expect(chosenServiceId(planChoice({ ...plan, service_type: "comments" }), defaults)).toBe("4");
    expect(chosenServiceId(planChoice({ ...plan, service_type: "comments", custom_comments: 1 }), defaults)).toBe("5");
    expect(chosenServiceId(planChoice({ ...plan, panel_service_id: "  " }), defaults)).toBe("1");
  });

  it("an order keeps what its plan named when it was bought", () => {
    const order = { service_type: "comments" as const, comments: '["nice"]', panel_service_id: null };
    expect(chosenServiceId(orderChoice(order), defaults)).toBe("5");
    expect(chosenServiceId(orderChoice({ ...order, panel_service_id: "9" }), defaults)).toBe("9");
    expect(chosenServiceId(orderChoice({ ...order, comments: null }), defaults)).toBe("4");
  });
});
