import { describe, expect, it } from "vitest";
import { normalizeCode, refusalFor, usesRefusal } from "./eligibility";
import type { CouponRow } from "./table";

const coupon = (over: Partial<CouponRow> = {}): CouponRow => ({
  id: 1,
  code: "FIRST10",
  kind: "percent",
  amount: 10,
  min_order_paise: 0,
  service_types: "[]",
  plan_ids: "[]",
  starts_at: null,
  ends_at: null,
  total_uses: null,
  uses_per_phone: null,
  is_enabled: 1,
  created_at: 0,
  updated_at: 0,
  ...over,
});
const plan = { id: 7, service_type: "likes" as const, price_paise: 19_900 };

describe("coupon eligibility", () => {
  it("reads a code in any case, without spaces around it", () => {
    expect(normalizeCode("  first10 ")).toBe("FIRST10");
  });

  it("names each reason a code cannot be used", () => {
    expect(refusalFor(undefined, plan, 0)).toBe("unknown");
    expect(refusalFor(coupon({ is_enabled: 0 }), plan, 0)).toBe("unknown");
    expect(refusalFor(coupon({ starts_at: 1_000 }), plan, 999)).toBe("notStarted");
    expect(refusalFor(coupon({ starts_at: 1_000 }), plan, 1_000)).toBeNull();
    expect(refusalFor(coupon({ ends_at: 1_000 }), plan, 1_000)).toBe("expired");
    expect(refusalFor(coupon({ ends_at: 1_000 }), plan, 999)).toBeNull();
    expect(refusalFor(coupon({ min_order_paise: 20_000 }), plan, 0)).toBe("belowMinimum");
    expect(refusalFor(coupon({ min_order_paise: 19_900 }), plan, 0)).toBeNull();
  });

  it("limits a code to services and/or plans: either list admits a plan", () => {
    expect(refusalFor(coupon({ service_types: '["followers"]' }), plan, 0)).toBe("notForPlan");
    expect(refusalFor(coupon({ service_types: '["likes"]' }), plan, 0)).toBeNull();
    expect(refusalFor(coupon({ plan_ids: "[8]" }), plan, 0)).toBe("notForPlan");
    expect(refusalFor(coupon({ service_types: '["followers"]', plan_ids: "[7]" }), plan, 0)).toBeNull();
  });

  it("counts uses in all and per phone", () => {
    expect(usesRefusal(coupon({ total_uses: 5 }), { total: 5, phone: 0 })).toBe("usedUp");
    expect(usesRefusal(coupon({ total_uses: 5 }), { total: 4, phone: 4 })).toBeNull();
    expect(usesRefusal(coupon({ uses_per_phone: 1 }), { total: 9, phone: 1 })).toBe("usedByPhone");
    expect(usesRefusal(coupon(), { total: 1_000, phone: 1_000 })).toBeNull();
  });
});
