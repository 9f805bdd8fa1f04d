import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Buyers' requests to erase their personal data (issue 51, point 3;
 * app/domain/privacy/erasure.server.ts): one row per request, with the orders
 * of the buyer's phone when they asked (the phone itself is never stored
 * here), those still waiting for their delivery to finish, and when the
 * erasure was done. Kept so a request survives a restart and is done once.
 */
export function erasureRequests(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("erasure_requests")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("reference", "text", (c) => c.notNull().unique())
        .addColumn("order_ids", "text", (c) => c.notNull())
        .addColumn("waiting_order_ids", "text", (c) => c.notNull())
        .addColumn("requested_at", big, (c) => c.notNull())
        .addColumn("done_at", big)
        .execute();
      await db.schema.createIndex("erasure_requests_pending").on("erasure_requests").column("done_at").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("erasure_requests").ifExists().execute();
    },
  };
}
