import { type AppError, rateLimited } from "~/lib/app-error";
import { clientAddressKey } from "~/lib/client-address";

/**
 * Per-address sliding-window limit (order creation, order lookup), in memory:
 * each instance counts its own requests, which is enough to stop one client
 * from flooding the orders table.
 */
export interface RateLimiter {
  /**
   * Records one attempt from a client address (an IPv6 client counts as its
   * /64); false when that address is over its limit (the attempt is not counted).
   */
  take(address: string): boolean;
  /** Seconds until that address may try again (at least 1): for a refusal's Retry-After. */
  waitSeconds(address: string): number;
}

export function createRateLimiter(limit: number, windowMs = 60_000, clock = Date.now): RateLimiter {
  const hits = new Map<string, number[]>();
  let nextSweep = clock() + windowMs;

  const sweep = (now: number) => {
    for (const [key, times] of hits) {
      if (times.length === 0 || times[times.length - 1]! <= now - windowMs) hits.delete(key);
    }
    nextSweep = now + windowMs;
  };

  return {
    take(address) {
      const key = clientAddressKey(address);
      const now = clock();
      if (now >= nextSweep) sweep(now);
      const times = hits.get(key) ?? [];
      while (times.length > 0 && times[0]! <= now - windowMs) times.shift();
      if (times.length >= limit) {
        hits.set(key, times);
        return false;
      }
      times.push(now);
      hits.set(key, times);
      return true;
    },
    waitSeconds(address) {
      const oldest = hits.get(clientAddressKey(address))?.[0];
      const waitMs = oldest === undefined ? 0 : oldest + windowMs - clock();
      return Math.max(1, Math.ceil(waitMs / 1000));
    },
  };
}

/**
 * Counts one attempt from `address`: null while under the limit; past it, the
 * refusal every rate limit gives (`rateLimited`: RATE_LIMITED, `message`, and
 * the seconds until the address may try again, sent as Retry-After).
 */
export function takeOrRefuse(
  limiter: RateLimiter,
  address: string,
  message: string,
  details?: Record<string, string>,
): AppError | null {
  return limiter.take(address) ? null : rateLimited(message, limiter.waitSeconds(address), details);
}

const shared = new Map<number, RateLimiter>();

/** One limiter per process for the create-order endpoint (the limit comes from config). */
export function orderCreationLimiter(perMinute: number): RateLimiter {
  let limiter = shared.get(perMinute);
  if (!limiter) shared.set(perMinute, (limiter = createRateLimiter(perMinute)));
  return limiter;
}
