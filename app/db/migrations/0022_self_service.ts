import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Buyer self-service at the SMM panel: a plan's refill guarantee and drip-feed
 * (copied onto each order, as its name and price are), what each panel service
 * supports (refill, cancel, drip-feed) as its `services` list last said, and
 * every refill or cancel asked of the panel for an order, with its outcome.
 */
export function selfService(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  const intColumns = ["refill_days", "drip_runs", "drip_interval_minutes"] as const;
  return {
    async up(db: Kysely<any>) {
      for (const table of ["plans", "orders"]) {
        for (const column of intColumns) {
          await db.schema
            .alterTable(table)
            .addColumn(column, "integer", (c) => c.notNull().defaultTo(0))
            .execute();
        }
      }
      // The refill guarantee counts from delivery.
      await db.schema.alterTable("orders").addColumn("delivered_at", big).execute();
      await db.schema
        .createTable("panel_services")
        .addColumn("service_id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("refill", "integer", (c) => c.notNull())
        .addColumn("cancel", "integer", (c) => c.notNull())
        .addColumn("dripfeed", "integer", (c) => c.notNull())
        .addColumn("fetched_at", big, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("order_panel_requests")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("requested_by", "text", (c) => c.notNull())
        .addColumn("panel_refill_id", "text")
        .addColumn("refill_status", "text")
        .addColumn("error", "text")
        .addColumn("requested_at", big, (c) => c.notNull())
        .addColumn("answered_at", big)
        .addColumn("next_sync_at", big)
        .execute();
      await db.schema
        .createIndex("order_panel_requests_order")
        .on("order_panel_requests")
        .columns(["order_id", "kind", "requested_at"])
        .execute();
      await db.schema
        .createIndex("order_panel_requests_due")
        .on("order_panel_requests")
        .columns(["next_sync_at"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("order_panel_requests").ifExists().execute();
      await db.schema.dropTable("panel_services").ifExists().execute();
      await db.schema.alterTable("orders").dropColumn("delivered_at").execute();
      for (const table of ["plans", "orders"]) {
        for (const column of intColumns) await db.schema.alterTable(table).dropColumn(column).execute();
      }
    },
  };
}
