import { formatDayLabel } from "~/lib/ist-time";

/** One bar of the dashboard chart: an IST hour or an IST day. */
export interface ChartBucket {
  key: string;
  /** Short text under the axis: "14:00", "Mar 05". */
  label: string;
  /** Full text for the tooltip and the table: "Mar 15, 2025 14:00–15:00". */
  title: string;
  orders: number;
  revenuePaise: number;
}

const two = (n: number) => String(n).padStart(2, "0");

export function hourBuckets(date: string, hours: { hour: number; orders: number; revenuePaise: number }[]) {
  return hours.map((h): ChartBucket => ({
    key: String(h.hour),
    label: `${two(h.hour)}:00`,
    title: `${formatDayLabel(date)} ${two(h.hour)}:00–${two((h.hour + 1) % 24)}:00`,
    orders: h.orders,
    revenuePaise: h.revenuePaise,
  }));
}

export function dayBuckets(days: { date: string; orders: number; revenuePaise: number }[]) {
  return days.map((d): ChartBucket => ({
    key: d.date,
    label: formatDayLabel(d.date).slice(0, 6),
    title: formatDayLabel(d.date),
    orders: d.orders,
    revenuePaise: d.revenuePaise,
  }));
}

/**
 * Rupee ticks for the y-axis, in paise: 0 up to a round top at or above the
 * highest bar, in at most 5 steps of 1, 2 or 5 × 10ⁿ rupees.
 */
export function revenueTicks(maxPaise: number): number[] {
  const maxRupees = Math.max(1, Math.ceil(maxPaise / 100));
  const rough = maxRupees / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const ticks: number[] = [0];
  for (let t = step; ticks.length < 2 || t - step < maxRupees; t += step) ticks.push(t * 100);
  return ticks;
}

/** Every how many bars a label fits, so at most `most` labels share the axis. */
export function labelEvery(count: number, most: number): number {
  return Math.max(1, Math.ceil(count / most));
}

const compact = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** "₹500", "₹1.5K", "₹2L": short enough for the y-axis on a phone. */
export function formatTick(paise: number): string {
  return compact.format(paise / 100);
}
