import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * A fallback on another panel (issue 32, point 2; ADR 0026). An order keeps
 * the panel of its plan's fallback service when it is bought
 * (`orders.fallback_panel_id`), as it keeps the service (0033); null: the
 * order's own panel, which is what every existing order's fallback meant.
 */
export function orderFallbackPanel(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("fallback_panel_id", "integer").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("orders").dropColumn("fallback_panel_id").execute();
    },
  };
}
