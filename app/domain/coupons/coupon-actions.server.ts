import type { DB } from "~/db/database.server";
import type { Actor } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { COUPON_FORM_MESSAGES, type CouponAction } from "./coupon-form";
import { costedPlans, createCoupon, toggleCoupon, updateCoupon, warningsFor } from "./coupon-admin.server";
import type { CouponRow } from "./table";

const NOT_FOUND = () => new AppError("NOT_FOUND", COUPON_FORM_MESSAGES.notFound);

export interface CouponActionResult {
  ok: true;
  message: string;
  /** The plans the saved coupon would sell below their panel's cost: saved anyway, the operator is told. */
  warnings: string[];
}

/** Runs one Coupons page action (already validated by `couponActionSchema`); a missing coupon is NOT_FOUND. */
export async function runCouponAction(db: DB, actor: Actor, action: CouponAction): Promise<CouponActionResult> {
  const saved = async (row: CouponRow | null, message: string): Promise<CouponActionResult> => {
    if (!row) throw NOT_FOUND();
    const warnings = row.is_enabled === 1 ? warningsFor(row, await costedPlans(db)) : [];
    return { ok: true, message, warnings };
  };
  switch (action.intent) {
    case "create": {
      const { intent: _, ...input } = action;
      return saved(await createCoupon(db, actor, input), `Coupon ${input.code} added`);
    }
    case "update": {
      const { intent: _, id, ...input } = action;
      return saved(await updateCoupon(db, actor, id, input), `Coupon ${input.code} saved`);
    }
    case "toggle": {
      const row = await toggleCoupon(db, actor, action.id);
      return saved(row, row ? `Coupon ${row.code} ${row.is_enabled === 1 ? "enabled" : "disabled"}` : "");
    }
  }
}
