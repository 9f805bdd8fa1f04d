import { describe, expect, it } from "vitest";
import { createRateLimiter } from "~/lib/server/rate-limit";
import { isAppError, retryAfterOf } from "~/lib/app-error";
import { COUPON_MESSAGES } from "./coupon-messages";
import { COUPON_TRIES_PER_MINUTE, takeCouponTry } from "./guess-limit";

describe("coupon guessing limit", () => {
  it("lets a buyer try a few codes, then refuses one way: RATE_LIMITED with Retry-After", () => {
    let now = 0;
    const limiter = createRateLimiter(COUPON_TRIES_PER_MINUTE, 60_000, () => now);
    for (let i = 0; i < COUPON_TRIES_PER_MINUTE; i++) takeCouponTry("203.0.113.9", limiter);
    now = 15_000;
    let refused: unknown;
    try {
      takeCouponTry("203.0.113.9", limiter);
    } catch (error) {
      refused = error;
    }
    expect(isAppError(refused) && refused.code).toBe("RATE_LIMITED");
    expect(isAppError(refused) && refused.message).toBe(COUPON_MESSAGES.tooManyTries);
    expect(isAppError(refused) && retryAfterOf(refused)).toBe(45);
    // Another address is not held back.
    expect(() => takeCouponTry("198.51.100.4", limiter)).not.toThrow();
  });
});
