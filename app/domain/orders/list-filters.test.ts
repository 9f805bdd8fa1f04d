import { describe, expect, it } from "vitest";
import { ORDER_LIST_FILTERS, parseListFilter } from "./list-filters";

describe("the orders list's status filter from a URL", () => {
  it("takes its own names and the storefront's old ones", () => {
    expect(parseListFilter("action")).toBe("action");
    expect(parseListFilter("success")).toBe("delivered");
    expect(parseListFilter("failed")).toBe("refunds");
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "", "ALL", undefined, 7, ["action"]])(
    "reads %j as all, never as something from Object.prototype",
    (raw) => {
      const filter = parseListFilter(raw);
      expect(filter).toBe("all");
      expect(ORDER_LIST_FILTERS[filter].statuses).toBeNull();
    },
  );
});
