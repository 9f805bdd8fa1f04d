import { describe, expect, it } from "vitest";
import { dayBuckets, formatTick, hourBuckets, labelEvery, revenueTicks } from "./chart-axis";

describe("the dashboard chart's axes", () => {
  it("gives a few round rupee ticks from zero to at least the highest bar", () => {
    expect(revenueTicks(40_000)).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
    expect(revenueTicks(45_000)).toEqual([0, 20_000, 40_000, 60_000]);
    expect(revenueTicks(12_345_600)).toEqual([0, 5_000_000, 10_000_000, 15_000_000]);
    // Nothing sold: still an axis, ₹0 to ₹1.
    expect(revenueTicks(0)).toEqual([0, 100]);
    for (const max of [1, 99, 101, 34_900, 1_00_00_000_00]) {
      const ticks = revenueTicks(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
    }
  });

  it("writes ticks short", () => {
    expect([0, 50_000, 150_000, 15_000_000, 1_000_000_000].map(formatTick)).toEqual([
      "₹0",
      "₹500",
      "₹1.5K",
      "₹1.5L",
      "₹1Cr",
    ]);
  });

  it("thins labels out so they never crowd", () => {
    expect(labelEvery(24, 6)).toBe(4);
    expect(labelEvery(30, 5)).toBe(6);
    expect(labelEvery(3, 5)).toBe(1);
  });

  it("labels hours and days", () => {
    const hours = hourBuckets("2025-03-15", [{ hour: 23, orders: 1, revenuePaise: 100 }]);
    expect(hours[0]).toMatchObject({ label: "23:00", title: "Mar 15, 2025 23:00–00:00" });
    expect(dayBuckets([{ date: "2025-03-05", orders: 0, revenuePaise: 0 }])[0]).toMatchObject({
      label: "Mar 05",
      title: "Mar 05, 2025",
    });
  });
});
