import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.server";
import { dailyStatsStatements } from "./0025_order_money";

/**
 * The dashboard's roll-up (`order_daily_stats`) keeps only the statuses the dashboard reads (ADR 0052):
 * an order awaiting payment, expired or cancelled is in none of its cards, so the triggers no longer
 * count it. A checkout's insert then writes no roll-up row: on PostgreSQL every checkout of a day used to
 * upsert the one (day, followers, awaiting_payment) row and hold its lock until its commit was flushed,
 * so concurrent checkouts committed one after another. The triggers are those of migration 0025 with
 * that condition added; the rows of those statuses are dropped.
 */
export const UNCOUNTED_STATUSES = ["awaiting_payment", "expired", "cancelled"] as const;

export function dailyStatsCountedStatuses(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      const skipped = UNCOUNTED_STATUSES.map((s) => `'${s}'`).join(", ");
      const counted = (row: "NEW" | "OLD") => `${row}.status not in (${skipped})`;
      const { add, remove, watched } = dailyStatsStatements();

      if (dialect === "postgres") {
        // The trigger of migration 0010 calls this function; replacing it is enough.
        await sql
          .raw(
            `create or replace function orders_daily_stats_apply() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          if ${counted("OLD")} then ${remove} end if;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          if ${counted("NEW")} then ${add} end if;
        end if;
        return null;
      end $$`,
          )
          .execute(db);
      } else {
        for (const t of [
          "orders_daily_stats_insert",
          "orders_daily_stats_update",
          "orders_daily_stats_update_add",
          "orders_daily_stats_delete",
        ]) {
          await sql.raw(`drop trigger if exists ${t}`).execute(db);
        }
        const trigger = (name: string, event: string, row: "NEW" | "OLD", body: string) =>
          sql.raw(`create trigger ${name} after ${event} on orders when ${counted(row)} begin ${body} end`).execute(db);
        // An update takes the order out of its old status's row and adds it to its new one's (in either order).
        await trigger("orders_daily_stats_update_add", `update of ${watched}`, "NEW", add);
        await trigger("orders_daily_stats_update", `update of ${watched}`, "OLD", remove);
        await trigger("orders_daily_stats_insert", "insert", "NEW", add);
        await trigger("orders_daily_stats_delete", "delete", "OLD", remove);
      }
      await sql.raw(`delete from order_daily_stats where status in (${skipped})`).execute(db);
    },
  };
}
