import { describe, expect, it } from "vitest";
import { quietUntil } from "./quiet-hours";

/** A time in IST on 2026-03-01, as ms. */
const ist = (hh: number, mm = 0, day = 1) => Date.UTC(2026, 2, day, hh, mm) - 5.5 * 3600_000;

describe("quiet hours (IST)", () => {
  const night = { from: "21:00", to: "09:00" };

  it("hold a message in the night until the morning, across midnight", () => {
    expect(quietUntil(ist(23, 30), night)).toBe(ist(9, 0, 2));
    expect(quietUntil(ist(2, 15), night)).toBe(ist(9, 0));
    expect(quietUntil(ist(21, 0), night)).toBe(ist(9, 0, 2));
  });

  it("let a message through in the day, at the end minute, and when there are none", () => {
    expect(quietUntil(ist(9, 0), night)).toBeNull();
    expect(quietUntil(ist(14, 0), night)).toBeNull();
    expect(quietUntil(ist(20, 59), night)).toBeNull();
    expect(quietUntil(ist(2, 0), null)).toBeNull();
  });

  it("work for hours that do not wrap midnight", () => {
    expect(quietUntil(ist(13, 30), { from: "13:00", to: "14:00" })).toBe(ist(14, 0));
    expect(quietUntil(ist(14, 30), { from: "13:00", to: "14:00" })).toBeNull();
  });
});
