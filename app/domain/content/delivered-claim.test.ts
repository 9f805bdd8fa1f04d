import { describe, expect, it } from "vitest";
import { DELIVERED_CLAIM_THRESHOLD, deliveredOrdersClaim } from "./delivered-claim";

describe("delivered orders claim", () => {
  it("is hidden below the threshold", () => {
    expect(deliveredOrdersClaim(0)).toBeNull();
    expect(deliveredOrdersClaim(DELIVERED_CLAIM_THRESHOLD - 1)).toBeNull();
    expect(deliveredOrdersClaim(Number.NaN)).toBeNull();
  });

  it("rounds down to two significant figures in Indian grouping", () => {
    expect(deliveredOrdersClaim(100)).toBe("100+");
    expect(deliveredOrdersClaim(157)).toBe("150+");
    expect(deliveredOrdersClaim(999)).toBe("990+");
    expect(deliveredOrdersClaim(1_234)).toBe("1,200+");
    expect(deliveredOrdersClaim(9_999)).toBe("9,900+");
    expect(deliveredOrdersClaim(12_345)).toBe("12,000+");
    expect(deliveredOrdersClaim(123_456)).toBe("1,20,000+");
  });

  it("never claims more than was delivered", () => {
    for (const n of [100, 101, 149, 1_000, 1_099, 54_321, 1_000_001]) {
      const claimed = Number(deliveredOrdersClaim(n)!.replace(/[,+]/g, ""));
      expect(claimed).toBeLessThanOrEqual(n);
    }
  });
});
