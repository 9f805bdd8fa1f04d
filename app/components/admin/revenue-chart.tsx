import type { DashboardDay } from "~/domain/dashboard/dashboard.server";
import { formatDayLabel } from "~/domain/dashboard/ist-time";
import { Card } from "~/components/ui/card";
import { formatCount, formatInr } from "~/lib/money";

const W = 720;
const H = 200;

/** Revenue bars with an orders line, one slot per IST day; drawn as SVG, no chart library. */
export function RevenueChart({ days }: { days: DashboardDay[] }) {
  if (days.length === 0) return null;
  const maxRevenue = Math.max(1, ...days.map((d) => d.revenuePaise));
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const slot = W / days.length;
  const bar = Math.max(1, slot * 0.7);
  const line = days
    .map((d, i) => `${(i * slot + slot / 2).toFixed(1)},${(H - (d.orders / maxOrders) * (H - 10)).toFixed(1)}`)
    .join(" ");
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const totalRevenue = days.reduce((s, d) => s + d.revenuePaise, 0);
  const totalOrders = days.reduce((s, d) => s + d.orders, 0);
  return (
    <Card asChild radius="lg" padding="sm" shadow="none">
      <figure>
        <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="font-semibold">Revenue and orders per day</span>
          <span className="flex items-center gap-3 text-xs text-gray-700">
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-2.5 w-2.5 rounded-sm bg-brand-500" /> Revenue
            </span>
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-0.5 w-3 bg-blue-700" /> Orders
            </span>
          </span>
        </figcaption>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className="h-48 w-full"
          preserveAspectRatio="none"
          role="img"
          aria-label={`${formatInr(totalRevenue)} revenue and ${formatCount(totalOrders)} orders from ${formatDayLabel(first.date)} to ${formatDayLabel(last.date)}`}
        >
          {days.map((d, i) => {
            const h = (d.revenuePaise / maxRevenue) * (H - 10);
            return (
              <rect
                key={d.date}
                x={i * slot + (slot - bar) / 2}
                y={H - h}
                width={bar}
                height={h}
                className="fill-brand-500"
              >
                <title>{`${formatDayLabel(d.date)}: ${formatInr(d.revenuePaise)}, ${formatCount(d.orders)} orders`}</title>
              </rect>
            );
          })}
          <polyline
            points={line}
            fill="none"
            className="stroke-blue-700"
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <div className="mt-1 flex justify-between text-xs text-gray-600">
          <span>{formatDayLabel(first.date)}</span>
          <span>{formatDayLabel(last.date)}</span>
        </div>
      </figure>
    </Card>
  );
}
