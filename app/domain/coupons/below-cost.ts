import type { ServiceType } from "~/domain/panel/service-types";
import { formatCount, formatInr } from "~/lib/money";
import { priceAfter } from "./discount";
import { type CouponScope, isForPlan } from "./eligibility";
import type { CouponKind } from "./table";

/** A plan with what its panel charges for its quantity (plans/plan-cost.ts); null when not known. */
export interface CostedPlan {
  id: number;
  name: string;
  service_type: ServiceType;
  quantity: number;
  price_paise: number;
  costPaise: number | null;
}

export interface CouponTerms {
  code: string;
  kind: CouponKind;
  amount: number;
  minOrderPaise: number;
  scope: CouponScope;
}

/**
 * The operator's warnings for a coupon that would sell a plan below its
 * panel's cost (the rate for the plan's quantity, as the plans table and the
 * profit use): one sentence per plan it applies to. A warning, never a
 * refusal: a shop may choose to sell at a loss to win a buyer.
 */
export function belowCostWarnings(coupon: CouponTerms, plans: readonly CostedPlan[]): string[] {
  const warnings: string[] = [];
  for (const plan of plans) {
    if (plan.costPaise === null || plan.price_paise < coupon.minOrderPaise || !isForPlan(coupon.scope, plan)) continue;
    const { after } = priceAfter(plan.price_paise, coupon);
    if (after >= plan.costPaise) continue;
    warnings.push(
      `${coupon.code} sells ${plan.name} (${formatCount(plan.quantity)} ${plan.service_type}) at ${formatInr(after)}, ` +
        `below the panel's cost of ${formatInr(plan.costPaise)}`,
    );
  }
  return warnings;
}
