import { describe, expect, it } from "vitest";
import { createRateLimiter, takeOrRefuse } from "./rate-limit";

describe("order creation rate limit", () => {
  it("allows the limit within a minute, then refuses until the oldest attempt leaves the window", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(3, 60_000, () => now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([true, true, true]);
    expect(limiter.take("a")).toBe(false);
    now += 30_000;
    expect(limiter.take("a")).toBe(false);
    now += 30_001;
    expect(limiter.take("a")).toBe(true);
  });

  it("says when a refused address may try again (for Retry-After)", () => {
    let now = 0;
    const limiter = createRateLimiter(2, 60_000, () => now);
    limiter.take("a");
    now = 20_000;
    limiter.take("a");
    expect(limiter.take("a")).toBe(false);
    expect(limiter.waitSeconds("a")).toBe(40);
    expect(limiter.waitSeconds("b")).toBe(1);
  });

  it("counts each address separately", () => {
    const limiter = createRateLimiter(1, 60_000, () => 0);
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("b")).toBe(true);
    expect(limiter.take("a")).toBe(false);
  });

  it("forgets idle addresses", () => {
    let now = 0;
    const limiter = createRateLimiter(1, 1_000, () => now);
    limiter.take("a");
    now = 5_000;
    expect(limiter.take("b")).toBe(true);
    expect(limiter.take("a")).toBe(true);
  });

  it("counts an IPv6 client by its /64: one /64 shares a limit, different /64s do not", () => {
    const limiter = createRateLimiter(2, 60_000, () => 0);
    expect(limiter.take("2001:db8:1:2::1")).toBe(true);
    expect(limiter.take("2001:db8:1:2::2")).toBe(true);
    expect(limiter.take("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(false);
    expect(limiter.take("2001:db8:1:3::1")).toBe(true);
    expect(limiter.take("2001:db8:2:2::1")).toBe(true);
  });

  it("counts an IPv4 client seen through a dual-stack socket as that IPv4 address", () => {
    const limiter = createRateLimiter(1, 60_000, () => 0);
    expect(limiter.take("203.0.113.7")).toBe(true);
    expect(limiter.take("::ffff:203.0.113.7")).toBe(false);
    expect(limiter.take("203.0.113.8")).toBe(true);
  });

  it("refuses past the limit the one way every limit does: RATE_LIMITED, the words, the seconds to wait", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(1, 60_000, () => now);
    expect(takeOrRefuse(limiter, "a", "Slow down")).toBeNull();
    now += 20_500;
    const refused = takeOrRefuse(limiter, "a", "Slow down", { reason: "TOO_FAST" });
    expect(refused).toMatchObject({ code: "RATE_LIMITED", message: "Slow down" });
    expect(refused?.details).toEqual({ reason: "TOO_FAST", retryAfter: 40 });
  });
});
