import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * SMS sender headers the operator added for a bank already in the registry
 * (issue 44, point 5): from an alert set aside under Payments as an unknown
 * sender, one click adds its header for the bank it names. One row per header
 * (its primary key), so two clicks add it once and two operators adding two
 * headers at once both keep theirs; removable from Settings. Audited.
 */
export function paymentSmsHeaders(dialect: Dialect) {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("payment_sms_headers")
        .addColumn("header", "text", (c) => c.primaryKey())
        .addColumn("bank_id", "text", (c) => c.notNull())
        .addColumn("added_at", big, (c) => c.notNull())
        .addColumn("added_by", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("payment_sms_headers").ifExists().execute();
    },
  };
}
