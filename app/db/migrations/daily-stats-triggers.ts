import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.server";

/*
 * The dashboard's roll-up (order_daily_stats) is kept exact by triggers on orders; migrations 0003, 0010 and
 * 0025 each (re)made them. Shops ran those migrations long ago, so what these helpers return and send must
 * never change: app/db/daily-stats-migrations.test.ts holds every statement as the migrations first sent it.
 */

type Row = "NEW" | "OLD";

/** An order's IST day number: (created_at + 5h30m) / 24h, integer division on both engines. */
export const istDay = (row: Row) => `(${row}.created_at + 19800000) / 86400000`;

/** What a trigger runs: `add` counts the NEW row in, `remove` the OLD one out; `watched` the columns that move it. */
export interface RollUpStatements {
  add: string;
  remove: string;
  watched: string;
}

/** The roll-up with refunds owed (0010 on): `profit(row)` is the profit an order adds, never null. */
export function rollUpWithRefunds(profit: (row: Row) => string): RollUpStatements {
  return {
    add: `insert into order_daily_stats (day, service_type, status, orders, revenue_paise, profit_paise, refund_paise)
      values (${istDay("NEW")}, NEW.service_type, NEW.status, 1, NEW.price_paise, ${profit("NEW")},
        coalesce(NEW.refund_due_paise, 0))
      on conflict (day, service_type, status) do update set
        orders = order_daily_stats.orders + 1,
        revenue_paise = order_daily_stats.revenue_paise + excluded.revenue_paise,
        profit_paise = order_daily_stats.profit_paise + excluded.profit_paise,
        refund_paise = order_daily_stats.refund_paise + excluded.refund_paise;`,
    remove: `update order_daily_stats set
        orders = orders - 1,
        revenue_paise = revenue_paise - OLD.price_paise,
        profit_paise = profit_paise - ${profit("OLD")},
        refund_paise = refund_paise - coalesce(OLD.refund_due_paise, 0)
      where day = ${istDay("OLD")} and service_type = OLD.service_type and status = OLD.status;`,
    watched: "created_at, service_type, status, price_paise, profit_paise, refund_due_paise",
  };
}

/** The roll-up with refunds rebuilt from every order; `profitSum` the profit of one order, never null. */
export const rebuildRollUpWithRefunds = (profitSum: string) =>
  `insert into order_daily_stats (day, service_type, status, orders, revenue_paise, profit_paise, refund_paise)
    select (created_at + 19800000) / 86400000, service_type, status, count(*), sum(price_paise),
      sum(${profitSum}), sum(coalesce(refund_due_paise, 0))
    from orders group by (created_at + 19800000) / 86400000, service_type, status`;

/**
 * The roll-up's triggers: on PostgreSQL one function and the trigger that calls it, on SQLite one trigger
 * each for insert, update and delete. `replaceFunction`: PostgreSQL's function is replaced and the trigger
 * that calls it kept (SQLite's triggers must be dropped first by the caller).
 */
export async function createRollUpTriggers(
  db: Kysely<any>,
  dialect: Dialect,
  { add, remove, watched }: RollUpStatements,
  replaceFunction = false,
) {
  if (dialect === "postgres") {
    await sql
      .raw(
        `create ${replaceFunction ? "or replace " : ""}function orders_daily_stats_apply() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${remove} end if;
        if tg_op in ('INSERT', 'UPDATE') then ${add} end if;
        return null;
      end $$`,
      )
      .execute(db);
    if (replaceFunction) return;
    await sql
      .raw(
        `create trigger orders_daily_stats after insert or delete or update of ${watched} on orders
      for each row execute function orders_daily_stats_apply()`,
      )
      .execute(db);
  } else {
    await sql.raw(`create trigger orders_daily_stats_insert after insert on orders begin ${add} end`).execute(db);
    await sql
      .raw(`create trigger orders_daily_stats_update after update of ${watched} on orders begin ${remove} ${add} end`)
      .execute(db);
    await sql.raw(`create trigger orders_daily_stats_delete after delete on orders begin ${remove} end`).execute(db);
  }
}
