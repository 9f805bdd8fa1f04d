import { sql } from "kysely";
import { z } from "zod";
import type { DB } from "~/db/database.server";
import { SERVICE_TYPES, type ServiceType } from "~/domain/panel/service-types";
import { type OrderStatus, PAID_STATUSES } from "~/domain/orders/lifecycle";
import { deletedSalesIn } from "~/domain/orders/deleted-orders.repository.server";
import { refundsDue } from "~/domain/orders/orders.repository.server";
import { paiseToRupees } from "~/lib/money";
import { type DashboardHour, hourlyBuckets, isSingleDay } from "./hourly.server";
import { DAY_MS, TIME_RANGES, istDate, istDayNumber, resolveTimeRange } from "~/lib/ist-time";

/**
 * What the dashboard counts, by the order lifecycle. Orders = paid orders
 * (PAID_STATUSES: payment confirmed, or sent to the panel by the operator's
 * choice); an unpaid checkout is not an order. Revenue = their prices less the
 * refunds owed or paid on them; profit = the sum of each order's profit
 * (orders/profit.ts: price − panel charge − refund). Success = delivered;
 * pending = payments waiting for the operator's confirmation.
 */
export { PAID_STATUSES };

/** The status filter: each value narrows the cards, chart and breakdown to these states. */
export const DASHBOARD_STATUSES = ["all", "success", "pending", "failed"] as const;
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];
const STATUS_FILTER: Record<Exclude<DashboardStatus, "all">, readonly OrderStatus[]> = {
  success: ["delivered"],
  pending: ["payment_claimed"],
  failed: ["refund_due", "refunded", "failed", "partial"],
};

const inList = (statuses: readonly string[]) => sql.raw(statuses.map((s) => `'${s}'`).join(", "));

export const dashboardQuerySchema = z.object({
  timeRange: z.enum(TIME_RANGES).catch("all"),
  status: z.enum(DASHBOARD_STATUSES).catch("all"),
  startDate: z.string().max(10).optional().catch(undefined),
  endDate: z.string().max(10).optional().catch(undefined),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export function parseDashboardQuery(params: URLSearchParams): DashboardQuery {
  return dashboardQuerySchema.parse({
    timeRange: params.get("timeRange") ?? undefined,
    status: params.get("status") ?? undefined,
    startDate: params.get("startDate") ?? undefined,
    endDate: params.get("endDate") ?? undefined,
  });
}

/** The dashboard's cards (rupees, percent), as the JSON API sends them (docs/product.md, Dashboard). */
export interface DashboardCards {
  totalOrders: number;
  successOrders: number;
  pendingOrders: number;
  totalRevenue: number;
  netProfit: number;
  successRate: number;
  avgOrderValue: number;
}

export interface DashboardDay {
  date: string;
  orders: number;
  revenuePaise: number;
}

export interface DashboardService {
  serviceType: ServiceType;
  orders: number;
  successOrders: number;
  revenuePaise: number;
  profitPaise: number;
}

export interface Dashboard extends DashboardCards {
  /** Refunds owed right now, whatever the range: count and rupees. */
  refundsDue: number;
  refundsDueAmount: number;
  daily: DashboardDay[];
  /** A one-day range, hour by hour in IST (24 entries); null for longer ranges. */
  hourly: DashboardHour[] | null;
  services: DashboardService[];
  /** Paid orders of the range the operator deleted: no longer in these figures, so the page says so. */
  deletedSales: { orders: number; revenue: number };
}

interface Bucket {
  day: number;
  service_type: string;
  orders: number;
  completed: number;
  pending: number;
  revenue: number | null;
  profit: number | null;
}

/**
 * Reads the per-day roll-up (order_daily_stats, kept by triggers), grouped by
 * IST day and service; cards, chart and breakdown are folded from those rows.
 * Every range is whole IST days, so the roll-up answers each exactly.
 */
export async function getDashboard(db: DB, query: DashboardQuery, now = Date.now()): Promise<Dashboard> {
  const range = resolveTimeRange(query.timeRange, query, now);
  // The status names are the lifecycle's constants, never input: inlined, so SQLite and PostgreSQL plan alike.
  const paid = inList(PAID_STATUSES);
  let q = db
    .selectFrom("order_daily_stats")
    .select([
      "day",
      "service_type",
      sql<number>`sum(case when status in (${paid}) then orders else 0 end)`.as("orders"),
      sql<number>`sum(case when status = 'delivered' then orders else 0 end)`.as("completed"),
      sql<number>`sum(case when status = 'payment_claimed' then orders else 0 end)`.as("pending"),
      sql<number | null>`sum(case when status in (${paid}) then revenue_paise - refund_paise else 0 end)`.as("revenue"),
      // The roll-up's profit is already net of refunds (orders/profit.ts, migration 0025).
      sql<number | null>`sum(case when status in (${paid}) then profit_paise else 0 end)`.as("profit"),
    ])
    .groupBy(["day", "service_type"]);
  if (range.from !== undefined) q = q.where("day", ">=", istDayNumber(range.from));
  if (range.to !== undefined) q = q.where("day", "<", istDayNumber(range.to));
  if (query.status !== "all") q = q.where("status", "in", STATUS_FILTER[query.status]);
  const rows = (await q.execute()) as unknown as Bucket[];

  const days = new Map<number, DashboardDay>();
  const services = new Map<string, DashboardService>(
    SERVICE_TYPES.map((s) => [s, { serviceType: s, orders: 0, successOrders: 0, revenuePaise: 0, profitPaise: 0 }]),
  );
  let total = 0;
  let completed = 0;
  let pending = 0;
  let revenue = 0;
  let profit = 0;
  for (const row of rows) {
    const n = Number(row.orders);
    const c = Number(row.completed);
    const r = Number(row.revenue ?? 0);
    const p = Number(row.profit ?? 0);
    total += n;
    completed += c;
    pending += Number(row.pending);
    revenue += r;
    profit += p;
    const day = Number(row.day);
    const d = days.get(day) ?? { date: istDate(day * DAY_MS), orders: 0, revenuePaise: 0 };
    d.orders += n;
    d.revenuePaise += r;
    days.set(day, d);
    const s = services.get(row.service_type);
    if (s) {
      s.orders += n;
      s.successOrders += c;
      s.revenuePaise += r;
      s.profitPaise += p;
    }
  }

  const owed = await refundsDue(db);
  const deletedStatuses =
    query.status === "all"
      ? PAID_STATUSES
      : STATUS_FILTER[query.status].filter((s) => (PAID_STATUSES as readonly string[]).includes(s));
  const deleted = deletedStatuses.length ? await deletedSalesIn(db, range, deletedStatuses) : null;
  const hourly = isSingleDay(range)
    ? await hourlyBuckets(db, range, PAID_STATUSES, query.status === "all" ? null : STATUS_FILTER[query.status])
    : null;
  return {
    totalOrders: total,
    successOrders: completed,
    pendingOrders: pending,
    totalRevenue: paiseToRupees(revenue),
    netProfit: paiseToRupees(profit),
    successRate: total === 0 ? 0 : Math.round((completed / total) * 10000) / 100,
    avgOrderValue: total === 0 ? 0 : Math.round(revenue / total) / 100,
    refundsDue: owed.count,
    refundsDueAmount: paiseToRupees(owed.paise),
    daily: fillDays(days, range.from, range.to, now),
    hourly,
    services: [...services.values()],
    deletedSales: { orders: deleted?.orders ?? 0, revenue: paiseToRupees(deleted?.revenuePaise ?? 0) },
  };
}

/** Every day of the range, zeros included, so the chart's bars line up with the calendar. */
function fillDays(days: Map<number, DashboardDay>, from: number | undefined, to: number | undefined, now: number) {
  const keys = [...days.keys()];
  const first = from !== undefined ? istDayNumber(from) : keys.length ? Math.min(...keys) : istDayNumber(now);
  const last = to !== undefined ? istDayNumber(to - 1) : Math.max(istDayNumber(now), ...keys);
  const out: DashboardDay[] = [];
  // Bounded: a custom range of decades would otherwise make a huge chart.
  for (let day = Math.max(first, last - 3660); day <= last; day++) {
    out.push(days.get(day) ?? { date: istDate(day * DAY_MS), orders: 0, revenuePaise: 0 });
  }
  return out;
}
