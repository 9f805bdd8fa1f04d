import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Buyers' complaints (issue 51, point 1): one row per complaint, its ticket
 * number (what the buyer quotes), the order it is about, and the two clocks of
 * the Consumer Protection (E-Commerce) Rules 2020, rule 4(5): acknowledged
 * within 48 hours, redressed within one month. Each step's time, who took it
 * and their note; when the operator was warned that a clock runs out.
 */
export function complaints(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("complaints")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("ticket", "text", (c) => c.notNull().unique())
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("ack_due_at", big, (c) => c.notNull())
        .addColumn("resolve_due_at", big, (c) => c.notNull())
        .addColumn("acknowledged_at", big)
        .addColumn("acknowledged_by", "text")
        .addColumn("ack_note", "text")
        .addColumn("resolved_at", big)
        .addColumn("resolved_by", "text")
        .addColumn("resolution_note", "text")
        .addColumn("ack_warned_at", big)
        .addColumn("resolve_warned_at", big)
        .execute();
      await db.schema.createIndex("complaints_by_status").on("complaints").columns(["status", "created_at"]).execute();
      await db.schema.createIndex("complaints_by_order").on("complaints").column("order_id").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("complaints").ifExists().execute();
    },
  };
}
