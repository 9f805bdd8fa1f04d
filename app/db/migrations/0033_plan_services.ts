import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * A service per plan, with its cost (issue 32, point 2). The panel's services
 * list keeps what a plan's cost and limits are read from: the rate (per 1000,
 * decimal text in the panel's currency, as sent), min and max, type and
 * category. A plan may name its own panel service (`plans.panel_service_id`);
 * an order keeps the one it was bought with (`orders.panel_service_id`). Null
 * in both: the service set in Settings for the type, as before, so existing
 * shops keep working unchanged. A plan may also name a fallback service, tried
 * when the panel refuses the first one (disabled, gone); the order keeps it too.
 */
export function planServices(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("panel_services").addColumn("rate", "text").execute();
      await db.schema.alterTable("panel_services").addColumn("min_quantity", "integer").execute();
      await db.schema.alterTable("panel_services").addColumn("max_quantity", "integer").execute();
      await db.schema
        .alterTable("panel_services")
        .addColumn("type", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("panel_services")
        .addColumn("category", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.alterTable("plans").addColumn("panel_service_id", "text").execute();
      await db.schema.alterTable("orders").addColumn("panel_service_id", "text").execute();
      await db.schema.alterTable("plans").addColumn("fallback_service_id", "text").execute();
      await db.schema.alterTable("orders").addColumn("fallback_service_id", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("orders").dropColumn("fallback_service_id").execute();
      await db.schema.alterTable("plans").dropColumn("fallback_service_id").execute();
      await db.schema.alterTable("orders").dropColumn("panel_service_id").execute();
      await db.schema.alterTable("plans").dropColumn("panel_service_id").execute();
      for (const column of ["category", "type", "max_quantity", "min_quantity", "rate"]) {
        await db.schema.alterTable("panel_services").dropColumn(column).execute();
      }
    },
  };
}
