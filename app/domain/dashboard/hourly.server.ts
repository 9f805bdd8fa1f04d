import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import type { OrderStatus } from "~/domain/orders/lifecycle";
import { DAY_MS, IST_OFFSET_MS, type MsRange } from "~/lib/ist-time";

export interface DashboardHour {
  /** The IST hour of the day, 0 to 23. */
  hour: number;
  orders: number;
  revenuePaise: number;
}

const HOUR_MS = 60 * 60 * 1000;
/** The IST hour of an order, in SQL: integer arithmetic on epoch ms, alike on SQLite and PostgreSQL. */
const IST_HOUR = sql.raw(`((created_at + ${IST_OFFSET_MS}) / ${HOUR_MS}) % 24`);

/** True when the range is exactly one IST day: the chart then shows that day hour by hour. */
export function isSingleDay(range: MsRange): range is { from: number; to: number } {
  return range.from !== undefined && range.to !== undefined && range.to - range.from === DAY_MS;
}

/**
 * Orders and revenue per IST hour of one day, counted as the daily roll-up
 * counts them (paid orders; revenue less refunds owed or paid). The roll-up
 * has no hours, so one day's orders are read from the orders table on its
 * created_at index. Every hour is present, zeros included.
 */
export async function hourlyBuckets(
  db: DB,
  day: { from: number; to: number },
  paid: readonly OrderStatus[],
  only: readonly OrderStatus[] | null,
): Promise<DashboardHour[]> {
  // The status names are the lifecycle's constants, never input.
  const paidList = sql.raw(paid.map((s) => `'${s}'`).join(", "));
  let q = db
    .selectFrom("orders")
    .select([
      sql<number>`${IST_HOUR}`.as("hour"),
      sql<number>`sum(case when status in (${paidList}) then 1 else 0 end)`.as("orders"),
      sql<
        number | null
      >`sum(case when status in (${paidList}) then price_paise - coalesce(refund_due_paise, 0) else 0 end)`.as(
        "revenue",
      ),
    ])
    .where("created_at", ">=", day.from)
    .where("created_at", "<", day.to)
    .groupBy(IST_HOUR);
  if (only) q = q.where("status", "in", only);
  const rows = await q.execute();
  const hours: DashboardHour[] = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, revenuePaise: 0 }));
  for (const row of rows) {
    const h = hours[Number(row.hour)];
    if (!h) continue;
    h.orders += Number(row.orders);
    h.revenuePaise += Number(row.revenue ?? 0);
  }
  return hours;
}
