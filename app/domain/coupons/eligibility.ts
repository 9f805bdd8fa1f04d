import type { ServiceType } from "~/domain/panel/service-types";
import type { CouponRefusal } from "./coupon-messages";
import type { CouponRow } from "./table";

/** Buyers type a code in any case, with spaces around it: it is kept and compared in upper case. */
export function normalizeCode(text: string): string {
  return text.trim().toUpperCase();
}

/** The plans a coupon is for: both lists empty, every plan; else a plan of a listed service, or a listed plan. */
export interface CouponScope {
  serviceTypes: ServiceType[];
  planIds: number[];
}

export function couponScope(row: Pick<CouponRow, "service_types" | "plan_ids">): CouponScope {
  const list = <T>(json: string): T[] => {
    try {
      const value: unknown = JSON.parse(json);
      return Array.isArray(value) ? (value as T[]) : [];
    } catch {
      return [];
    }
  };
  return { serviceTypes: list<ServiceType>(row.service_types), planIds: list<number>(row.plan_ids) };
}

export function isForPlan(scope: CouponScope, plan: { id: number; service_type: ServiceType }): boolean {
  if (scope.serviceTypes.length === 0 && scope.planIds.length === 0) return true;
  return scope.serviceTypes.includes(plan.service_type) || scope.planIds.includes(plan.id);
}

/**
 * Why a coupon cannot be used on this plan now, before its uses are counted;
 * null when it can. A disabled coupon reads as unknown: a buyer learns
 * nothing about codes the shop is not running.
 */
export function refusalFor(
  coupon: CouponRow | undefined,
  plan: { id: number; service_type: ServiceType; price_paise: number },
  now: number,
): CouponRefusal | null {
  if (!coupon || coupon.is_enabled !== 1) return "unknown";
  if (coupon.starts_at !== null && now < coupon.starts_at) return "notStarted";
  if (coupon.ends_at !== null && now >= coupon.ends_at) return "expired";
  if (!isForPlan(couponScope(coupon), plan)) return "notForPlan";
  if (plan.price_paise < coupon.min_order_paise) return "belowMinimum";
  return null;
}

/** Whether the uses counted so far leave room for one more order, in all and for this phone. */
export function usesRefusal(
  coupon: Pick<CouponRow, "total_uses" | "uses_per_phone">,
  uses: { total: number; phone: number },
): CouponRefusal | null {
  if (coupon.total_uses !== null && uses.total >= coupon.total_uses) return "usedUp";
  if (coupon.uses_per_phone !== null && uses.phone >= coupon.uses_per_phone) return "usedByPhone";
  return null;
}
