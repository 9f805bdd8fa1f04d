import { describe, expect, it } from "vitest";
import { MAX_PLACEMENT_RETRY_MS, placementRetryDelay } from "./sync-schedule";

const exact = () => 0.5; // no jitter

describe("when an order that waits for the panel is sent again", () => {
  it("doubles from the base, up to 90 seconds (within two minutes of the panel's return), and never gives up", () => {
    expect([1, 2, 3, 4].map((attempt) => placementRetryDelay(attempt, 10_000, undefined, exact))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
    expect(placementRetryDelay(40, 30_000, undefined, exact)).toBe(MAX_PLACEMENT_RETRY_MS);
    expect(placementRetryDelay(40, 30_000, undefined, () => 1)).toBeLessThan(120_000);
    expect(placementRetryDelay(2, 30_000, undefined, () => 0)).toBe(48_000);
    expect(placementRetryDelay(2, 30_000, undefined, () => 1)).toBe(72_000);
  });

  it("waits at least as long as the panel's Retry-After, within an hour", () => {
    expect(placementRetryDelay(1, 30_000, 120_000, exact)).toBe(120_000);
    expect(placementRetryDelay(1, 30_000, 86_400_000, exact)).toBe(3_600_000);
  });
});
