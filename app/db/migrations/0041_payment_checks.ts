import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * The "pay ₹1 to yourself" check of Settings (issue 44, point 7): the operator
 * pays a unique small amount to one of the shop's receiving accounts and
 * watches each stage of the chain (alert received, read, matched, confirmed).
 * A check is its own row, never an order: it adds nothing to the dashboard,
 * the orders or their exports. `events` holds what each alert that arrived
 * while it waited came to (JSON).
 */
export function paymentChecks(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("payment_checks")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("account_id", "integer", (c) => c.notNull())
        .addColumn("upi_id", "text", (c) => c.notNull())
        .addColumn("amount_paise", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("started_by", "text", (c) => c.notNull())
        .addColumn("started_at", big, (c) => c.notNull())
        .addColumn("expires_at", big, (c) => c.notNull())
        .addColumn("finished_at", big)
        .addColumn("credit_id", "integer")
        .addColumn("events", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();
      await db.schema
        .createIndex("payment_checks_status")
        .on("payment_checks")
        .columns(["status", "expires_at"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("payment_checks").execute();
    },
  };
}
