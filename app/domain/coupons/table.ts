import type { Generated, Insertable, Selectable } from "kysely";
import type { Timestamps } from "~/db/timestamps";

/** Percent off the plan's price, or a flat amount off it. */
export const COUPON_KINDS = ["percent", "flat"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** One code the operator runs (migration 0085; docs/coupons.md). */
export interface CouponTable extends Timestamps {
  id: Generated<number>;
  /** Upper case (normalizeCode): buyers type it in any case; unique. */
  code: string;
  kind: CouponKind;
  /** Percent: whole percent, 1–100. Flat: paise. */
  amount: number;
  /** The plan's price must be at least this (paise); 0: any order. */
  min_order_paise: Generated<number>;
  /** JSON arrays; both empty: every plan. Otherwise a plan of one of these services, or one of these plans. */
  service_types: Generated<string>;
  plan_ids: Generated<string>;
  /** Usable from (inclusive) and until (exclusive), epoch ms; null: no bound. Entered in IST. */
  starts_at: number | null;
  ends_at: number | null;
  /** Orders it may be used on at most, in all and per buyer's phone; null: no limit. */
  total_uses: number | null;
  uses_per_phone: number | null;
  /** 0 or 1. */
  is_enabled: Generated<number>;
}

export type CouponRow = Selectable<CouponTable>;
export type NewCouponRow = Insertable<CouponTable>;
