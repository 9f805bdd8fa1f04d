import { describe, expect, it } from "vitest";
import { MAX_PLACEMENT_RETRY_MS, placementRetryDelay } from "./sync-schedule";

const exact = () => 0.5; // no jitter

describe("when an order that waits for the panel is sent again", () => {
  it("doubles from the base, up to 30 minutes, and never gives up", () => {
    expect([1, 2, 3, 4].map((attempt) => placementRetryDelay(attempt, 30_000, undefined, exact))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(placementRetryDelay(40, 30_000, undefined, exact)).toBe(MAX_PLACEMENT_RETRY_MS);
    expect(placementRetryDelay(3, 30_000, undefined, () => 0)).toBe(96_000);
    expect(placementRetryDelay(3, 30_000, undefined, () => 1)).toBe(144_000);
  });

  it("waits at least as long as the panel's Retry-After, within an hour", () => {
    expect(placementRetryDelay(1, 30_000, 120_000, exact)).toBe(120_000);
    expect(placementRetryDelay(1, 30_000, 86_400_000, exact)).toBe(3_600_000);
  });
});
