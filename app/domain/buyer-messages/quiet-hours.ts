import { DAY_MS, IST_OFFSET_MS } from "~/lib/ist-time";

/**
 * Quiet hours, in IST: a message that is not about money waits until they end
 * (an update at 2 a.m. waits for the morning). "21:00"–"09:00" wraps past
 * midnight; "13:00"–"14:00" does not. Pure, so it is tested without a clock.
 */

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
};

/** When the quiet hours around `now` end (ms); null when `now` is outside them or there are none. */
export function quietUntil(now: number, hours: { from: string; to: string } | null): number | null {
  if (!hours) return null;
  const from = minutes(hours.from);
  const to = minutes(hours.to);
  if (from === to) return null;
  const istMs = now + IST_OFFSET_MS;
  const dayStart = istMs - (((istMs % DAY_MS) + DAY_MS) % DAY_MS);
  const minute = Math.floor((istMs - dayStart) / 60_000);
  const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!inside) return null;
  // The end is today at `to`, or tomorrow when the hours wrap and we are before midnight.
  const endDay = from > to && minute >= from ? dayStart + DAY_MS : dayStart;
  return endDay + to * 60_000 - IST_OFFSET_MS;
}
