import { describe, expect, it } from "vitest";
import { istMinuteOfDay, summaryDue } from "./scheduled.server";

describe("the daily summary's time (IST)", () => {
  it("reads the minute of the IST day from UTC time", () => {
    expect(istMinuteOfDay(Date.UTC(2026, 0, 5, 18, 30))).toBe(0);
    expect(istMinuteOfDay(Date.UTC(2026, 0, 5, 15, 30))).toBe(21 * 60);
    expect(istMinuteOfDay(Date.UTC(2026, 0, 5, 18, 29))).toBe(23 * 60 + 59);
  });

  it("is due from the chosen minute until the IST day ends", () => {
    expect(summaryDue("21:00", Date.UTC(2026, 0, 5, 15, 29))).toBe(false);
    expect(summaryDue("21:00", Date.UTC(2026, 0, 5, 15, 30))).toBe(true);
    expect(summaryDue("21:00", Date.UTC(2026, 0, 5, 18, 29))).toBe(true);
    expect(summaryDue("21:00", Date.UTC(2026, 0, 5, 18, 30))).toBe(false);
    expect(summaryDue("00:00", Date.UTC(2026, 0, 5, 18, 30))).toBe(true);
  });
});
