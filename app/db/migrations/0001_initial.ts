import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.server";

/** Columns that differ between SQLite and PostgreSQL. */
function types(dialect: Dialect) {
  return {
    id: dialect === "postgres" ? ("serial" as const) : ("integer" as const),
    timestamp: dialect === "postgres" ? ("bigint" as const) : ("integer" as const),
  };
}

export function initialSchema(dialect: Dialect) {
  const t = types(dialect);
  const autoId = dialect === "sqlite";

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("app_meta")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("plans")
        .addColumn("id", t.id, (c) => (autoId ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("service_type", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 100`))
        .addColumn("price_paise", "integer", (c) => c.notNull().check(sql`price_paise > 0`))
        .addColumn("tag", "text")
        .addColumn("is_enabled", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("plans_service_price").on("plans").columns(["service_type", "price_paise"]).execute();

      await db.schema
        .createTable("orders")
        .addColumn("id", t.id, (c) => (autoId ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("order_id", "text", (c) => c.notNull().unique())
        .addColumn("idempotency_key", "text", (c) => c.unique())
        .addColumn("service_type", "text", (c) => c.notNull())
        .addColumn("plan_id", "integer", (c) => c.references("plans.id").onDelete("set null"))
        .addColumn("plan_name", "text", (c) => c.notNull())
        .addColumn("target", "text", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull())
        .addColumn("price_paise", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("customer_name", "text")
        .addColumn("customer_phone", "text")
        .addColumn("utr", "text", (c) => c.unique())
        .addColumn("utr_submitted_at", t.timestamp)
        .addColumn("payment_deadline_at", t.timestamp, (c) => c.notNull())
        .addColumn("panel_order_id", "text")
        .addColumn("panel_status", "text")
        .addColumn("panel_charge", "text")
        .addColumn("panel_currency", "text")
        .addColumn("panel_start_count", "integer")
        .addColumn("panel_remains", "integer")
        .addColumn("panel_error", "text")
        .addColumn("panel_state", "text")
        .addColumn("panel_placed_at", t.timestamp)
        .addColumn("panel_synced_at", t.timestamp)
        .addColumn("profit_paise", "integer")
        .addColumn("anonymised_at", t.timestamp)
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("orders_created_at").on("orders").column("created_at").execute();
      await db.schema.createIndex("orders_status_created_at").on("orders").columns(["status", "created_at"]).execute();
      await db.schema
        .createIndex("orders_service_created_at")
        .on("orders")
        .columns(["service_type", "created_at"])
        .execute();
      await db.schema
        .createIndex("orders_panel_state")
        .on("orders")
        .columns(["panel_state", "panel_synced_at"])
        .execute();

      await db.schema
        .createTable("settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("admin_users")
        .addColumn("id", t.id, (c) => (autoId ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("username", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("admin_sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("admin_user_id", "integer", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("expires_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("admin_sessions_expires_at").on("admin_sessions").column("expires_at").execute();
    },

    async down(db: Kysely<any>) {
      for (const table of ["admin_sessions", "admin_users", "settings", "orders", "plans", "app_meta"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
