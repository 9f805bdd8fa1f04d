import { useState } from "react";
import type { DashboardDay } from "~/domain/dashboard/dashboard.server";
import type { DashboardHour } from "~/domain/dashboard/hourly.server";
import { formatDayLabel } from "~/lib/ist-time";
import { Card } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { formatCount, formatInr } from "~/lib/money";
import { type ChartBucket, dayBuckets, formatTick, hourBuckets, labelEvery, revenueTicks } from "./chart-axis";
import { plural } from "~/lib/plural";

/** The plot's own units; the SVG stretches to the card, so bars keep their share of the width at any size. */
const W = 1000;
const H = 200;
/** Day labels ("Mar 05") that fit under the axis: on a phone (about 280 px of plot) and wider. */
const DAY_LABELS_NARROW = 5;
const DAY_LABELS_WIDE = 10;
/** Hour labels every 6 hours on a phone, every 2 wider: round hours of the day. */
const HOURS_NARROW = 6;
const HOURS_WIDE = 2;

/**
 * Revenue bars with an orders line: one bar per IST hour for a one-day range,
 * per IST day otherwise. Drawn as SVG with HTML labels (text in a stretched
 * SVG would distort), no chart library.
 */
export function RevenueChart({ days, hours }: { days: DashboardDay[]; hours?: DashboardHour[] | null }) {
  if (days.length === 0) return null;
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const hourly = hours && days.length === 1 ? hours : null;
  const buckets = hourly ? hourBuckets(first.date, hourly) : dayBuckets(days);
  const n = buckets.length;
  const ticks = revenueTicks(Math.max(0, ...buckets.map((b) => b.revenuePaise)));
  const top = ticks[ticks.length - 1]!;
  const maxOrders = Math.max(1, ...buckets.map((b) => b.orders));
  const slot = W / n;
  const bar = Math.max(1, slot * 0.7);
  const y = (paise: number) => H - (Math.max(0, paise) / top) * H;
  const line = buckets
    .map((b, i) => `${(i * slot + slot / 2).toFixed(1)},${(H - (b.orders / maxOrders) * H * 0.95).toFixed(1)}`)
    .join(" ");
  const narrow = hourly ? HOURS_NARROW : labelEvery(n, DAY_LABELS_NARROW);
  const wide = hourly ? HOURS_WIDE : labelEvery(n, DAY_LABELS_WIDE);
  const totalRevenue = buckets.reduce((s, b) => s + b.revenuePaise, 0);
  const totalOrders = buckets.reduce((s, b) => s + b.orders, 0);
  const when = hourly
    ? `on ${formatDayLabel(first.date)}, by IST hour`
    : `from ${formatDayLabel(first.date)} to ${formatDayLabel(last.date)}`;
  const busiest = buckets.reduce((a, b) => (b.revenuePaise > a.revenuePaise ? b : a), buckets[0]!);
  const summary =
    `${formatInr(totalRevenue)} revenue and ${plural(totalOrders, "order")} ${when}` +
    (busiest.revenuePaise > 0 ? `; highest ${busiest.title}: ${formatInr(busiest.revenuePaise)}` : "");

  return (
    <Card asChild radius="lg" padding="sm" shadow="none">
      <figure>
        <figcaption className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="font-semibold">Revenue and orders per {hourly ? "hour (IST)" : "day"}</span>
          <span className="flex items-center gap-3 text-xs text-gray-700">
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-2.5 w-2.5 rounded-sm bg-brand-500" /> Revenue
            </span>
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-0.5 w-3 bg-blue-700" /> Orders
            </span>
          </span>
        </figcaption>
        <div className="flex gap-2">
          <div className="relative h-48 w-11 shrink-0 text-right text-[11px] text-gray-600" aria-hidden>
            {ticks.map((t) => (
              <span
                key={t}
                data-testid="chart-y-tick"
                className="absolute right-0 translate-y-1/2 leading-none whitespace-nowrap"
                style={{ bottom: `${(t / top) * 100}%` }}
              >
                {formatTick(t)}
              </span>
            ))}
          </div>
          <div className="min-w-0 flex-1">
            <svg
              viewBox={`0 0 ${W} ${H}`}
              className="block h-48 w-full overflow-visible"
              preserveAspectRatio="none"
              role="img"
              aria-label={summary}
            >
              {ticks.map((t) => (
                <line
                  key={t}
                  x1={0}
                  x2={W}
                  y1={y(t)}
                  y2={y(t)}
                  className={t === 0 ? "stroke-gray-400" : "stroke-gray-200"}
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {buckets.map((b, i) => (
                <rect
                  key={b.key}
                  data-testid="chart-bar"
                  x={i * slot + (slot - bar) / 2}
                  y={y(b.revenuePaise)}
                  width={bar}
                  height={H - y(b.revenuePaise)}
                  className="fill-brand-500"
                >
                  <title>{`${b.title}: ${formatInr(b.revenuePaise)}, ${plural(b.orders, "order")}`}</title>
                </rect>
              ))}
              {n > 1 && (
                <polyline
                  points={line}
                  fill="none"
                  className="stroke-blue-700"
                  strokeWidth={1.5}
                  vectorEffect="non-scaling-stroke"
                />
              )}
            </svg>
            <div className="relative mt-1 h-4 text-[11px] text-gray-600" aria-hidden>
              {buckets.map((b, i) =>
                i % wide === 0 || i % narrow === 0 ? (
                  <span
                    key={b.key}
                    data-testid="chart-x-label"
                    className={cn(
                      "absolute top-0 whitespace-nowrap",
                      // The first label starts at the axis rather than hanging off its left end.
                      i > 0 && "-translate-x-1/2",
                      i % narrow !== 0 && "max-sm:hidden",
                      i % wide !== 0 && "sm:hidden",
                    )}
                    style={{ left: i === 0 ? 0 : `${((i + 0.5) / n) * 100}%` }}
                  >
                    {b.label}
                  </span>
                ) : null,
              )}
            </div>
          </div>
        </div>
        <ChartTable buckets={buckets} unit={hourly ? "Hour (IST)" : "Day"} />
      </figure>
    </Card>
  );
}

/** The chart's numbers as a table, for a screen reader or an exact figure; rendered only once opened. */
function ChartTable({ buckets, unit }: { buckets: ChartBucket[]; unit: string }) {
  const [open, setOpen] = useState(false);
  const rows = buckets.filter((b) => b.orders > 0 || b.revenuePaise !== 0);
  return (
    <details className="mt-3 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-brand-700 hover:underline">Show the numbers</summary>
      {open &&
        (rows.length === 0 ? (
          <p className="mt-2 text-gray-600">No orders in this range.</p>
        ) : (
          // A frame that scrolls holds nothing focusable: it takes the focus itself, so the keyboard can scroll it.
          <div
            className="mt-2 max-h-72 overflow-auto rounded-lg border border-gray-200"
            tabIndex={0}
            role="region"
            aria-label="The chart's numbers"
          >
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead density="compact">{unit}</TableHead>
                  <TableHead density="compact">Orders</TableHead>
                  <TableHead density="compact">Revenue</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((b) => (
                  <TableRow key={b.key}>
                    <TableCell density="compact">{b.title}</TableCell>
                    <TableCell density="compact">{formatCount(b.orders)}</TableCell>
                    <TableCell density="compact">{formatInr(b.revenuePaise)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ))}
    </details>
  );
}
