import { createRateLimiter, takeOrRefuse } from "~/lib/server/rate-limit";
import { COUPON_MESSAGES } from "./coupon-messages";

/**
 * Coupon codes one client address may try in a minute, in the order dialog's
 * "Apply" and in checkouts that carry a code together: a buyer tries one or
 * two, a script guessing codes thousands. In memory, per instance, like the
 * order-creation limit (app/lib/server/rate-limit.ts).
 */
export const COUPON_TRIES_PER_MINUTE = 10;

const tries = createRateLimiter(COUPON_TRIES_PER_MINUTE);

/** Counts one try of a code from this address; throws RATE_LIMITED (with Retry-After) past the limit. */
export function takeCouponTry(ip: string, limiter = tries): void {
  const refused = takeOrRefuse(limiter, ip, COUPON_MESSAGES.tooManyTries, { field: "coupon" });
  if (refused) throw refused;
}
