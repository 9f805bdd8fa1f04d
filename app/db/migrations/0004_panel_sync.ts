import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Bookkeeping for the SMM panel status sync: when each placed order is next
 * due (null = final, not revisited) and how many syncs in a row failed.
 */
export function panelSync(dialect: Dialect) {
  const timestamp = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("panel_next_sync_at", timestamp).execute();
      await db.schema
        .alterTable("orders")
        .addColumn("panel_sync_failures", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("orders_panel_next_sync")
        .on("orders")
        .columns(["panel_state", "panel_next_sync_at"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("orders_panel_next_sync").ifExists().execute();
      await db.schema.alterTable("orders").dropColumn("panel_sync_failures").execute();
      await db.schema.alterTable("orders").dropColumn("panel_next_sync_at").execute();
    },
  };
}
