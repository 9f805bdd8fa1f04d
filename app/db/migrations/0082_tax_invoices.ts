import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Receipts (issue 51, point 2): the tax invoices a GST-registered shop issues,
 * one per paid order (the order id is the key, so a retry never issues a
 * second), with a number unique in its financial year; and each year's series,
 * whose last number is taken and moved on in the invoice's transaction.
 */
export function taxInvoices(dialect: Dialect) {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("invoice_series")
        .addColumn("financial_year", "text", (c) => c.primaryKey())
        .addColumn("last_serial", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("tax_invoices")
        .addColumn("order_id", "text", (c) => c.primaryKey())
        .addColumn("invoice_number", "text", (c) => c.notNull().unique())
        .addColumn("financial_year", "text", (c) => c.notNull())
        .addColumn("serial", "integer", (c) => c.notNull())
        .addColumn("issued_at", big, (c) => c.notNull())
        .addColumn("details", "text", (c) => c.notNull())
        .addUniqueConstraint("tax_invoices_serial_per_year", ["financial_year", "serial"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("tax_invoices").ifExists().execute();
      await db.schema.dropTable("invoice_series").ifExists().execute();
    },
  };
}
