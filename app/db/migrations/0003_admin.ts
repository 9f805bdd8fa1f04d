import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.server";
import { createRollUpTriggers, istDay } from "./daily-stats-triggers";

/**
 * Admin sign-in support (failed-attempt log, one-time setup tokens) and the
 * indexes the admin orders list, search and export need at a million orders.
 */
export function adminSchema(dialect: Dialect) {
  const timestamp = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  const id = dialect === "postgres" ? ("serial" as const) : ("integer" as const);
  const autoId = dialect === "sqlite";

  return {
    async up(db: Kysely<any>) {
      // In the database, not in memory, so the limit holds across instances and restarts.
      await db.schema
        .createTable("admin_login_failures")
        .addColumn("id", id, (c) => (autoId ? c.primaryKey().autoIncrement() : c.primaryKey()))
        /** "ip:<address>" or "user:<lower-case username>". */
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("failed_at", timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("admin_login_failures_subject")
        .on("admin_login_failures")
        .columns(["subject", "failed_at"])
        .execute();

      await db.schema
        .createTable("admin_setup_tokens")
        /** SHA-256 of the token printed to the log. */
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("created_at", timestamp, (c) => c.notNull())
        .addColumn("expires_at", timestamp, (c) => c.notNull())
        .execute();

      // Newest-first listing and keyset export walk (created_at, id) in one index.
      await db.schema.createIndex("orders_created_at_id").on("orders").columns(["created_at", "id"]).execute();
      await createDailyStats(db, dialect);

      // Bulk profit update looks for placed orders without a profit.
      await db.schema
        .createIndex("orders_panel_order_profit")
        .on("orders")
        .columns(["panel_order_id", "profit_paise"])
        .execute();
    },
    async down(db: Kysely<any>) {
      if (dialect === "postgres") {
        await sql`drop trigger if exists orders_daily_stats on orders`.execute(db);
        await sql`drop function if exists orders_daily_stats_apply()`.execute(db);
      } else {
        for (const t of ["orders_daily_stats_insert", "orders_daily_stats_update", "orders_daily_stats_delete"]) {
          await sql.raw(`drop trigger if exists ${t}`).execute(db);
        }
      }
      await db.schema.dropTable("order_daily_stats").ifExists().execute();
      await db.schema.dropIndex("orders_panel_order_profit").ifExists().execute();
      await db.schema.dropIndex("orders_created_at_id").ifExists().execute();
      await db.schema.dropTable("admin_setup_tokens").ifExists().execute();
      await db.schema.dropTable("admin_login_failures").ifExists().execute();
    },
  };
}

/**
 * Dashboard roll-up: orders, revenue and profit per IST day, service and status,
 * kept exact by triggers on every insert, update and delete of an order (so no
 * code path can forget it). The dashboard then reads a few thousand rows
 * instead of scanning a million orders.
 */
async function createDailyStats(db: Kysely<any>, dialect: Dialect) {
  await db.schema
    .createTable("order_daily_stats")
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("service_type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("orders", "integer", (c) => c.notNull())
    .addColumn("revenue_paise", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
    .addColumn("profit_paise", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_daily_stats_pk", ["day", "service_type", "status"])
    .execute();
  await sql`insert into order_daily_stats (day, service_type, status, orders, revenue_paise, profit_paise)
    select (created_at + 19800000) / 86400000, service_type, status, count(*), sum(price_paise), sum(coalesce(profit_paise, 0))
    from orders group by (created_at + 19800000) / 86400000, service_type, status`.execute(db);

  const add = (
    row: "NEW",
  ) => `insert into order_daily_stats (day, service_type, status, orders, revenue_paise, profit_paise)
      values (${istDay(row)}, ${row}.service_type, ${row}.status, 1, ${row}.price_paise, coalesce(${row}.profit_paise, 0))
      on conflict (day, service_type, status) do update set
        orders = order_daily_stats.orders + 1,
        revenue_paise = order_daily_stats.revenue_paise + excluded.revenue_paise,
        profit_paise = order_daily_stats.profit_paise + excluded.profit_paise;`;
  const remove = (row: "OLD") => `update order_daily_stats set
        orders = orders - 1,
        revenue_paise = revenue_paise - ${row}.price_paise,
        profit_paise = profit_paise - coalesce(${row}.profit_paise, 0)
      where day = ${istDay(row)} and service_type = ${row}.service_type and status = ${row}.status;`;
  const watched = "created_at, service_type, status, price_paise, profit_paise";
  await createRollUpTriggers(db, dialect, { add: add("NEW"), remove: remove("OLD"), watched });
}
