import { describe, expect, it } from "vitest";
import {
  formatDayLabel,
  istBuyerDateTime,
  istDate,
  istDateTime,
  istDayStart,
  parseIstDate,
  resolveTimeRange,
} from "./ist-time";

// 2025-01-05 00:10 IST = 2025-01-04 18:40 UTC.
const JUST_AFTER_MIDNIGHT_IST = Date.UTC(2025, 0, 4, 18, 40);

describe("IST days", () => {
  it("starts the day at 00:00 IST, i.e. 18:30 UTC the day before", () => {
    expect(istDayStart(JUST_AFTER_MIDNIGHT_IST)).toBe(Date.UTC(2025, 0, 4, 18, 30));
    expect(istDate(JUST_AFTER_MIDNIGHT_IST)).toBe("2025-01-05");
    expect(istDateTime(JUST_AFTER_MIDNIGHT_IST)).toBe("2025-01-05 00:10");
    expect(istDateTime(JUST_AFTER_MIDNIGHT_IST + 5_000, true)).toBe("2025-01-05 00:10:05");
  });

  it("writes a buyer's date and time the Indian way, on a 12-hour clock", () => {
    expect(istBuyerDateTime(JUST_AFTER_MIDNIGHT_IST)).toBe("5 Jan 2025, 12:10 am");
    expect(istBuyerDateTime(JUST_AFTER_MIDNIGHT_IST + 12 * 3_600_000)).toBe("5 Jan 2025, 12:10 pm");
    expect(istBuyerDateTime(JUST_AFTER_MIDNIGHT_IST + 15.5 * 3_600_000)).toBe("5 Jan 2025, 3:40 pm");
    // Hindi: the month as Intl's hi-IN writes it, in IST whatever the machine's zone.
    expect(istBuyerDateTime(JUST_AFTER_MIDNIGHT_IST + 15.5 * 3_600_000, "hi")).toBe("5 जन॰ 2025, 3:40 pm");
    const hindiMonth = new Intl.DateTimeFormat("hi-IN", { month: "short", timeZone: "Asia/Kolkata" });
    for (let month = 0; month < 12; month++) {
      const ms = Date.UTC(2025, month, 15, 6);
      expect(istBuyerDateTime(ms, "hi")).toContain(` ${hindiMonth.format(ms)} 2025`);
    }
  });

  it("formats dates like 'Jan 05, 2025' and rejects impossible ones", () => {
    expect(formatDayLabel("2025-01-05")).toBe("Jan 05, 2025");
    expect(parseIstDate("2025-02-30")).toBeNull();
    expect(parseIstDate("5/1/2025")).toBeNull();
    expect(parseIstDate("2025-01-05")).toBe(Date.UTC(2025, 0, 4, 18, 30));
  });

  it("resolves the dashboard's ranges to [from, to) in IST", () => {
    const today = Date.UTC(2025, 0, 4, 18, 30);
    const day = 86_400_000;
    expect(resolveTimeRange("all", {}, JUST_AFTER_MIDNIGHT_IST)).toEqual({});
    expect(resolveTimeRange("today", {}, JUST_AFTER_MIDNIGHT_IST)).toEqual({ from: today, to: today + day });
    expect(resolveTimeRange("yesterday", {}, JUST_AFTER_MIDNIGHT_IST)).toEqual({ from: today - day, to: today });
    expect(resolveTimeRange("week", {}, JUST_AFTER_MIDNIGHT_IST)).toEqual({ from: today - 6 * day, to: today + day });
    expect(resolveTimeRange("month", {}, JUST_AFTER_MIDNIGHT_IST)).toEqual({
      from: Date.UTC(2024, 11, 31, 18, 30),
      to: today + day,
    });
    expect(
      resolveTimeRange("custom", { startDate: "2025-01-03", endDate: "2025-01-01" }, JUST_AFTER_MIDNIGHT_IST),
    ).toEqual({
      from: Date.UTC(2024, 11, 31, 18, 30),
      to: Date.UTC(2025, 0, 3, 18, 30),
    });
    expect(resolveTimeRange("custom", {}, JUST_AFTER_MIDNIGHT_IST)).toEqual({ from: today - 7 * day, to: today + day });
  });
});
