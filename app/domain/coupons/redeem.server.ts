import type { DB } from "~/db/database.server";
import type { ServiceType } from "~/domain/panel/service-types";
import { findPlan } from "~/domain/plans/plans.server";
import { isPlanId } from "~/domain/plans/table";
import { CREATE_ORDER_MESSAGES } from "~/domain/orders/order-messages";
import { AppError } from "~/lib/app-error";
import { formatInr } from "~/lib/money";
import { COUPON_MESSAGES, COUPON_REASONS, type CouponRefusal, couponBelowMinimum } from "./coupon-messages";
import { countUses, findCouponByCode, lockCouponByCode } from "./coupons.repository.server";
import { priceAfter } from "./discount";
import { normalizeCode, refusalFor, usesRefusal } from "./eligibility";
import type { CouponRow } from "./table";

/** The longest code the admin form takes; anything longer is refused before the database is asked. */
export const MAX_CODE_LENGTH = 30;

export interface CouponPlan {
  id: number;
  service_type: ServiceType;
  price_paise: number;
}

/** A code the server accepted for this plan: what it takes off, and what the order keeps. */
export interface AppliedCoupon {
  couponId: number;
  /** As the coupon spells it (upper case). */
  code: string;
  before: number;
  discount: number;
  after: number;
}

/** A refused code as the one AppError every caller answers with: `field: "coupon"`, and the reason. */
export function couponRefusal(refusal: CouponRefusal, coupon?: Pick<CouponRow, "min_order_paise">): AppError {
  const reason = COUPON_REASONS[refusal];
  if (refusal === "belowMinimum") {
    const minimumPaise = coupon?.min_order_paise ?? 0;
    return new AppError("INVALID_INPUT", couponBelowMinimum(formatInr(minimumPaise)), {
      field: "coupon",
      reason,
      minimumPaise,
    });
  }
  return new AppError("INVALID_INPUT", COUPON_MESSAGES[refusal], { field: "coupon", reason });
}

/** The code as typed, upper case; null when none was typed. Throws the unknown-code refusal for an overlong one. */
export function readCode(typed: string | null | undefined): string | null {
  const code = normalizeCode(typed ?? "");
  if (code === "") return null;
  if (code.length > MAX_CODE_LENGTH) throw couponRefusal("unknown");
  return code;
}

async function check(db: DB, coupon: CouponRow | undefined, plan: CouponPlan, phone: string | null, now: number) {
  const refusal = refusalFor(coupon, plan, now);
  if (refusal) throw couponRefusal(refusal, coupon);
  const counted = usesRefusal(coupon!, await countUses(db, coupon!.id, phone));
  if (counted) throw couponRefusal(counted, coupon);
  const price = priceAfter(plan.price_paise, coupon!);
  return { couponId: coupon!.id, code: coupon!.code, ...price };
}

/**
 * The coupon for a new order, inside the order's transaction: the coupon row
 * is locked first, so two checkouts with one code count its uses one after
 * the other and the limits hold (lockCouponByCode). The order must be
 * inserted in the same transaction, with `couponId`, before it commits.
 */
export function applyCoupon(
  trx: DB,
  code: string,
  plan: CouponPlan,
  phone: string | null,
  now: number,
): Promise<AppliedCoupon> {
  return lockCouponByCode(trx, code).then((coupon) => check(trx, coupon, plan, phone, now));
}

/** The order dialog's preview: the same checks without a lock (the order's own transaction decides). */
export async function quoteCoupon(
  db: DB,
  code: string,
  plan: CouponPlan,
  phone: string | null,
  now: number,
): Promise<AppliedCoupon> {
  return check(db, await findCouponByCode(db, code), plan, phone, now);
}

/**
 * "Apply" in the order dialog: the plan's price before and after the code,
 * for the phone typed so far (its own uses counted when it is a mobile
 * number). NOT_FOUND for a plan a buyer cannot order.
 */
export async function quoteForPlan(
  db: DB,
  request: { planId: number; code: string | null | undefined; phone: string | null },
  now = Date.now(),
): Promise<AppliedCoupon> {
  const code = readCode(request.code);
  if (code === null) throw couponRefusal("unknown");
  const plan = isPlanId(request.planId) ? await findPlan(db, request.planId) : undefined;
  if (!plan || plan.is_enabled !== 1) throw new AppError("NOT_FOUND", CREATE_ORDER_MESSAGES.planUnavailable);
  return quoteCoupon(db, code, plan, request.phone, now);
}
