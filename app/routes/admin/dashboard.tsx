import { Loader2, RotateCcw } from "lucide-react";
import { Link, useSearchParams, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { adminTitle } from "~/routes/admin/title";
import { DateRangePicker } from "~/components/admin/date-range-picker";
import { RangeButtons } from "~/components/admin/range-buttons";
import { PanelBalanceCard } from "~/components/admin/panel-balance-card";
import { RevenueChart } from "~/components/admin/revenue-chart";
import { ServiceBreakdown } from "~/components/admin/service-breakdown";
import { StatusSelect } from "~/components/admin/status-select";
import { servicesContext } from "~/context";
import { getDashboard, parseDashboardQuery } from "~/domain/dashboard/dashboard.server";
import { defaultCustomDates } from "~/lib/ist-time";
import { Card } from "~/components/ui/card";
import { formatCount, formatInr } from "~/lib/money";
import { plural } from "~/lib/plural";
import { withChanges } from "~/lib/search-params";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Dashboard") }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseDashboardQuery(url.searchParams);
  const custom = query.timeRange === "custom" && !query.startDate ? { ...query, ...defaultCustomDates() } : query;
  return { query: custom, dashboard: await getDashboard(context.get(servicesContext).db, custom) };
}

const RANGES = [
  ["all", "All Time"],
  ["today", "Today"],
  ["yesterday", "Yesterday"],
  ["month", "This Month"],
  ["week", "Last 7 Days"],
  ["custom", "Custom"],
] as const;

const rupees = (value: number) => formatInr(Math.round(value * 100));

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { query, dashboard: d } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const loading = useNavigation().state === "loading";

  const update = (changes: Record<string, string | undefined>) =>
    setSearchParams((prev) => withChanges(prev, changes), { preventScrollReset: true });

  // Each card says what it counts: an unpaid checkout is not an order.
  const cards = [
    ["Total Orders", formatCount(d.totalOrders), "Paid orders (payment confirmed)"],
    ["Success Orders", formatCount(d.successOrders), "Delivered in full"],
    ["Pending Orders", formatCount(d.pendingOrders), "Payments waiting for your confirmation"],
    ["Total Revenue (₹)", rupees(d.totalRevenue), "Paid orders, less refunds owed or paid"],
    ["Net Profit (₹)", rupees(d.netProfit), "Revenue less the panel's charge and refunds"],
    ["Success Rate (%)", `${d.successRate.toFixed(2)}%`, "Delivered out of paid orders"],
    ["Avg. Order Value (₹)", rupees(d.avgOrderValue), "Revenue per paid order"],
  ] as const;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Dashboard</h1>
        {loading && <Loader2 className="h-5 w-5 animate-spin text-brand-600" aria-label="Loading" />}
      </div>
      <RangeButtons
        label="Time range"
        options={RANGES}
        value={query.timeRange}
        onSelect={(value) =>
          update(
            value === "custom"
              ? { timeRange: value, ...defaultCustomDates() }
              : { timeRange: value, startDate: undefined, endDate: undefined },
          )
        }
      >
        {query.timeRange === "custom" && (
          <DateRangePicker
            startDate={query.startDate}
            endDate={query.endDate}
            onChange={(r) => r.startDate && r.endDate && update({ startDate: r.startDate, endDate: r.endDate })}
          />
        )}
        <StatusSelect
          value={query.status}
          options={[
            ["all", "All Statuses"],
            ["success", "Success"],
            ["failed", "Failed"],
            ["pending", "Pending"],
          ]}
          onChange={(status) => update({ status: status === "all" ? undefined : status })}
        />
      </RangeButtons>

      {d.refundsDue > 0 && (
        // Owed now whatever the range shows, so it stands apart from the range's cards.
        <Link
          to="/admin/orders?status=action&range=all"
          className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 hover:bg-amber-100"
          data-testid="refunds-due"
        >
          <RotateCcw className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-semibold">
              {plural(d.refundsDue, "refund")} due: {rupees(d.refundsDueAmount)} owed to buyers
            </span>
            <span className="text-sm underline">See the orders</span>
          </span>
        </Link>
      )}

      {d.deletedSales.orders > 0 && (
        <p
          className="rounded-xl border border-gray-300 bg-gray-50 p-4 text-sm text-gray-800"
          data-testid="deleted-sales"
        >
          {plural(d.deletedSales.orders, "paid order")} ({rupees(d.deletedSales.revenue)} revenue) of this range{" "}
          {d.deletedSales.orders === 1 ? "was" : "were"} deleted and {d.deletedSales.orders === 1 ? "is" : "are"} not
          counted here. {d.deletedSales.orders === 1 ? "Its backup is" : "Their backups are"} in{" "}
          <Link to="/admin/settings#backups-settings" className="font-medium text-brand-700 underline">
            Settings → Backups
          </Link>
          .
        </p>
      )}

      <PanelBalanceCard />

      {d.totalOrders === 0 && d.pendingOrders === 0 ? (
        <Card radius="lg" shadow="none" className="border-dashed border-gray-300 p-10 text-center text-gray-600">
          <p>No data available</p>
        </Card>
      ) : (
        <>
          <section aria-label="Summary" className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {cards.map(([label, value, counts]) => (
              <Card key={label} radius="lg" padding="sm" shadow="none" className="max-md:last:col-span-2">
                <h2 className="text-xs font-medium text-gray-600">{label}</h2>
                <p className="mt-1 text-xl font-bold" data-testid={`card-${label}`}>
                  {value}
                </p>
                <p className="mt-1 text-xs text-gray-600">{counts}</p>
              </Card>
            ))}
          </section>
          <RevenueChart days={d.daily} hours={d.hourly} />
          <ServiceBreakdown services={d.services} />
        </>
      )}
    </div>
  );
}
