/**
 * India Standard Time is UTC+05:30 all year (no daylight saving), so day
 * boundaries are plain arithmetic on epoch milliseconds, identical on SQLite
 * and PostgreSQL and in the browser.
 */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Epoch ms of 00:00 IST on the day containing `ms`. */
export function istDayStart(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
}

/** Whole IST days since the epoch, the same number SQL computes as (created_at + offset) / day. */
export function istDayNumber(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS);
}

function parts(ms: number) {
  const d = new Date(ms + IST_OFFSET_MS);
  return {
    y: d.getUTCFullYear(),
    m: d.getUTCMonth(),
    d: d.getUTCDate(),
    hh: d.getUTCHours(),
    mm: d.getUTCMinutes(),
    ss: d.getUTCSeconds(),
  };
}

const two = (n: number) => String(n).padStart(2, "0");

/** "2025-01-05" in IST. */
export function istDate(ms: number): string {
  const p = parts(ms);
  return `${p.y}-${two(p.m + 1)}-${two(p.d)}`;
}

/** "2025-01-05 14:30" (or with seconds) in IST. */
export function istDateTime(ms: number, withSeconds = false): string {
  const p = parts(ms);
  const time = `${two(p.hh)}:${two(p.mm)}${withSeconds ? `:${two(p.ss)}` : ""}`;
  return `${istDate(ms)} ${time}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Hindi's short month names, as Intl's hi-IN writes them. */
const HINDI_MONTHS = ["जन॰", "फ़र॰", "मार्च", "अप्रैल", "मई", "जून", "जुल॰", "अग॰", "सित॰", "अक्टू॰", "नव॰", "दिस॰"];

/**
 * "23 Nov 2026, 3:47 pm" (Hindi: "23 नव॰ 2026, 3:47 pm") in IST: how a buyer
 * in India writes a date and time, as Intl's en-IN and hi-IN do. Built by
 * hand, not with Intl, so the server's and the browser's text match whatever
 * ICU data each has.
 */
export function istBuyerDateTime(ms: number, locale: "en" | "hi" = "en"): string {
  const p = parts(ms);
  const hour = p.hh % 12 === 0 ? 12 : p.hh % 12;
  const month = (locale === "hi" ? HINDI_MONTHS : MONTHS)[p.m];
  return `${p.d} ${month} ${p.y}, ${hour}:${two(p.mm)} ${p.hh < 12 ? "am" : "pm"}`;
}

/** "Jan 05, 2025" for an IST calendar date "2025-01-05". */
export function formatDayLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${two(d)}, ${y}`;
}

/** Epoch ms of 00:00 IST on "yyyy-MM-dd", or null when the text is not a real date. */
export function parseIstDate(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(y, m - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return utc - IST_OFFSET_MS;
}

export const TIME_RANGES = ["all", "today", "yesterday", "month", "week", "custom"] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export interface MsRange {
  /** Inclusive lower bound, or undefined for "since the beginning". */
  from?: number;
  /** Exclusive upper bound, or undefined for "until now and beyond". */
  to?: number;
}

/**
 * The dashboard's ranges in IST (docs/product.md, Dashboard): today; yesterday; month = 1st of this month to the
 * end of today; week = the last 7 days including today; custom = the chosen
 * calendar days, both inclusive (defaulting to 7 days before today until today).
 */
export function resolveTimeRange(
  range: TimeRange,
  custom: { startDate?: string | null; endDate?: string | null },
  now = Date.now(),
): MsRange {
  const today = istDayStart(now);
  const endOfToday = today + DAY_MS;
  switch (range) {
    case "all":
      return {};
    case "today":
      return { from: today, to: endOfToday };
    case "yesterday":
      return { from: today - DAY_MS, to: today };
    case "month": {
      const p = parts(now);
      return { from: Date.UTC(p.y, p.m, 1) - IST_OFFSET_MS, to: endOfToday };
    }
    case "week":
      return { from: today - 6 * DAY_MS, to: endOfToday };
    case "custom": {
      const start = parseIstDate(custom.startDate) ?? today - 7 * DAY_MS;
      const end = parseIstDate(custom.endDate) ?? Math.max(start, today);
      const [lo, hi] = start <= end ? [start, end] : [end, start];
      return { from: lo, to: hi + DAY_MS };
    }
  }
}

/** The default custom range: 7 days before today to today, as "yyyy-MM-dd". */
export function defaultCustomDates(now = Date.now()): { startDate: string; endDate: string } {
  const today = istDayStart(now);
  return { startDate: istDate(today - 7 * DAY_MS), endDate: istDate(today) };
}
