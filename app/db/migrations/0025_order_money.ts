import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.server";
import { createRollUpTriggers, rebuildRollUpWithRefunds, rollUpWithRefunds } from "./daily-stats-triggers";
import { netProfitSql } from "~/domain/orders/profit";
import { SEARCHED_COLUMNS, SEARCH_TEXT_PG } from "~/domain/orders/search-index";

/**
 * Money the operator can reconcile (issue 33):
 * - who stopped a paid order (`cancelled_by`) and the fee kept from its refund
 *   (`refund_fee_paise`): only a buyer's own cancellation pays the fee;
 *   refunds made before this migration all kept it, so it is filled in for them;
 * - paid orders the operator deleted (`deleted_orders`), so the revenue
 *   screens can say what they no longer count;
 * - the search finds buyers by phone (exact, on an index) and by name or
 *   part of a phone (the trigram index gains both columns);
 * - the payment credit of an order is found by its order id (the refund's payer UPI id);
 * - the dashboard's roll-up sums the one profit definition (profit.ts), net of refunds.
 */
export function orderMoney(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("cancelled_by", "text").execute();
      await db.schema.alterTable("orders").addColumn("refund_fee_paise", big).execute();
      // Every refund so far kept the 5% fee: refund = share − fee, fee = 5% of the share, so fee ≈ refund × 5/95.
      await sql`update orders set refund_fee_paise = (refund_due_paise * 5 + 47) / 95
        where refund_due_paise is not null`.execute(db);

      await db.schema
        .createTable("deleted_orders")
        .addColumn("order_id", "text", (c) => c.primaryKey())
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("service_type", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("price_paise", "integer", (c) => c.notNull())
        .addColumn("refund_due_paise", big)
        .addColumn("profit_paise", big)
        .addColumn("deleted_at", big, (c) => c.notNull())
        .addColumn("deleted_by", "text", (c) => c.notNull())
        .addColumn("backup", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("deleted_orders_created_at").on("deleted_orders").column("created_at").execute();

      await db.schema
        .createIndex("orders_customer_phone")
        .on("orders")
        .columns(["customer_phone", "created_at"])
        .execute();
      await db.schema.createIndex("payment_credits_order").on("payment_credits").column("order_id").execute();

      await (pg ? searchIndexPostgres(db) : searchIndexSqlite(db));
      await dailyStatsNetProfit(db, dialect);
    },
    down() {
      return Promise.reject(new Error("The order money migration cannot be undone: restore a backup instead"));
    },
  };
}

async function searchIndexSqlite(db: Kysely<any>) {
  for (const trigger of ["orders_search_insert", "orders_search_delete", "orders_search_update"]) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql`drop table if exists orders_search`.execute(db);
  const columns = SEARCHED_COLUMNS.join(", ");
  const values = (row: "new" | "old") => SEARCHED_COLUMNS.map((c) => `${row}.${c}`).join(", ");
  await sql
    .raw(
      `create virtual table orders_search using fts5(${columns}, content = 'orders', content_rowid = 'id', tokenize = 'trigram')`,
    )
    .execute(db);
  const remove = `insert into orders_search (orders_search, rowid, ${columns}) values ('delete', old.id, ${values("old")});`;
  const add = `insert into orders_search (rowid, ${columns}) values (new.id, ${values("new")});`;
  await sql.raw(`create trigger orders_search_insert after insert on orders begin ${add} end`).execute(db);
  await sql.raw(`create trigger orders_search_delete after delete on orders begin ${remove} end`).execute(db);
  await sql
    .raw(`create trigger orders_search_update after update of ${columns} on orders begin ${remove} ${add} end`)
    .execute(db);
  await sql`insert into orders_search (orders_search) values ('rebuild')`.execute(db);
}

async function searchIndexPostgres(db: Kysely<any>) {
  const installed = await sql<{ n: number }>`
    select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  // Migration 0006 installed pg_trgm where the server offers it; without it, searches read rows as before.
  if (installed.rows[0]?.n !== 1) return;
  // One index over everything searched replaces the two of migration 0006.
  await sql`drop index if exists orders_target_trgm`.execute(db);
  await sql`drop index if exists orders_order_id_trgm`.execute(db);
  await sql.raw(`create index orders_search_trgm on orders using gin ((${SEARCH_TEXT_PG}) gin_trgm_ops)`).execute(db);
}

/** The roll-up triggers' statements (migration 0098 reuses them with a condition added). */
export function dailyStatsStatements() {
  return rollUpWithRefunds((row) => `coalesce(${netProfitSql(row)}, 0)`);
}

/**
 * The roll-up's profit becomes the profit net of refunds (profit.ts), summed
 * where known; revenue and refunds stay as they were. The triggers are those
 * of migration 0010 with that one sum changed; the roll-up is rebuilt.
 */
async function dailyStatsNetProfit(db: Kysely<any>, dialect: Dialect) {
  const rollUp = dailyStatsStatements();
  if (dialect === "postgres") {
    // The trigger of migration 0010 calls this function; replacing it is enough.
    await createRollUpTriggers(db, dialect, rollUp, true);
  } else {
    for (const t of ["orders_daily_stats_insert", "orders_daily_stats_update", "orders_daily_stats_delete"]) {
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    }
    await createRollUpTriggers(db, dialect, rollUp);
  }
  await sql`delete from order_daily_stats`.execute(db);
  await sql.raw(rebuildRollUpWithRefunds(`coalesce(${netProfitSql()}, 0)`)).execute(db);
}
