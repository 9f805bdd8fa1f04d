import { describe, expect, it } from "vitest";
import { bulkProfitMessage } from "./profits.server";

describe("the Update All Profits toast", () => {
  it("counts orders in words the operator would write", () => {
    expect(bulkProfitMessage(1, 0)).toBe("Updated 1 order");
    expect(bulkProfitMessage(3, 1)).toBe("Updated 3 orders, 1 failed");
    expect(bulkProfitMessage(1500, 0)).toBe("Updated 1,500 orders");
    expect(bulkProfitMessage(0, 0)).toBe("No orders need profit update");
  });
});
