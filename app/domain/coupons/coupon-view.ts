import type { ServiceType } from "~/domain/panel/service-types";
import { formatInr, paiseToRupees } from "~/lib/money";
import { istInputValue } from "./coupon-form";
import { couponScope } from "./eligibility";
import type { CouponKind, CouponRow } from "./table";

/** A coupon as Admin → Coupons lists it and its dialog edits it: form values as the form shows them. */
export interface AdminCoupon {
  id: number;
  code: string;
  kind: CouponKind;
  /** As typed in the form: whole percent, or rupees. */
  amount: string;
  /** "10%" or "₹50". */
  discount: string;
  minOrder: string;
  serviceTypes: ServiceType[];
  planIds: number[];
  /** `datetime-local` values in IST; "" for none. */
  startsAt: string;
  endsAt: string;
  totalUses: string;
  usesPerPhone: string;
  enabled: boolean;
  /** Orders that used it and still count (an expired or cancelled one gave its use back). */
  uses: number;
  /** Plans it would sell below their panel's cost (below-cost.ts). */
  warnings: string[];
}

export function adminCoupon(row: CouponRow, uses: number, warnings: string[]): AdminCoupon {
  const scope = couponScope(row);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.kind === "percent" ? String(row.amount) : String(paiseToRupees(row.amount)),
    discount: row.kind === "percent" ? `${row.amount}%` : formatInr(row.amount),
    minOrder: row.min_order_paise === 0 ? "" : String(paiseToRupees(row.min_order_paise)),
    serviceTypes: scope.serviceTypes,
    planIds: scope.planIds,
    startsAt: istInputValue(row.starts_at),
    endsAt: istInputValue(row.ends_at),
    totalUses: row.total_uses === null ? "" : String(row.total_uses),
    usesPerPhone: row.uses_per_phone === null ? "" : String(row.uses_per_phone),
    enabled: row.is_enabled === 1,
    uses,
    warnings,
  };
}
