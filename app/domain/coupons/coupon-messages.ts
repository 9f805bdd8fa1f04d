/**
 * What a buyer reads when a code is refused, one sentence per reason, kept
 * outside the server modules so the storefront can look each one up in its
 * language (app/domain/buyer-messages/catalogue.ts, the `coupon` group of app/locales'
 * errors). The minimum order is said with its amount (couponBelowMinimum).
 */
export const COUPON_MESSAGES = {
  unknown: "This coupon code does not exist. Please check it and try again.",
  notStarted: "This coupon code is not active yet. Please try again when the offer starts.",
  expired: "This coupon code has expired.",
  usedUp: "This coupon code has been fully used.",
  usedByPhone: "You have already used this coupon code the number of times it allows.",
  notForPlan: "This coupon code is not valid for this package.",
  tooManyTries: "Too many coupon codes tried. Please wait a minute and try again.",
} as const;

/** Why a code was refused, as the API's `reason` says it (one per message above, and the minimum). */
export const COUPON_REASONS = {
  unknown: "COUPON_UNKNOWN",
  notStarted: "COUPON_NOT_STARTED",
  expired: "COUPON_EXPIRED",
  usedUp: "COUPON_USED_UP",
  usedByPhone: "COUPON_USED_BY_PHONE",
  notForPlan: "COUPON_NOT_FOR_PLAN",
  belowMinimum: "COUPON_BELOW_MINIMUM",
} as const;
export type CouponRefusal = keyof typeof COUPON_REASONS;

/** The minimum-order refusal, its amount put in by the page's language ("₹499"). */
export const COUPON_MINIMUM_MESSAGES = {
  belowMinimum: "This coupon code is for orders of {{minimum}} or more.",
} as const;

/** The minimum-order refusal in English, with its amount. */
export function couponBelowMinimum(minimum: string): string {
  return COUPON_MINIMUM_MESSAGES.belowMinimum.replace("{{minimum}}", minimum);
}
