import { describe, expect, it } from "vitest";
import { unmatchedActionSchema } from "./unmatched-actions";

describe("the unmatched payments' forms", () => {
  it("take a credit id only in the database's id range, so a larger number never reaches a query", () => {
    expect(unmatchedActionSchema.safeParse({ intent: "dismiss", creditId: "2147483647" }).success).toBe(true);
    for (const creditId of ["2147483648", "0", "-1", "1.5", "abc"]) {
      const parsed = unmatchedActionSchema.safeParse({ intent: "dismiss", creditId });
      expect(parsed.success, creditId).toBe(false);
      expect(parsed.error?.issues[0]?.message, creditId).toBe("That payment is no longer listed");
    }
  });
});
