import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Credit notes (CGST Act s.34, CGST Rules rule 53(1A); docs/receipts.md): one
 * per refunded order that had a tax invoice (the order id is the key, so a
 * retry never issues a second), numbered in a series of its own, unique in its
 * financial year; and each year's series, moved on in the note's transaction
 * by the same atomic upsert as invoice_series.
 */
export function creditNotes(dialect: Dialect) {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("credit_note_series")
        .addColumn("financial_year", "text", (c) => c.primaryKey())
        .addColumn("last_serial", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("credit_notes")
        .addColumn("order_id", "text", (c) => c.primaryKey())
        .addColumn("note_number", "text", (c) => c.notNull().unique())
        .addColumn("financial_year", "text", (c) => c.notNull())
        .addColumn("serial", "integer", (c) => c.notNull())
        .addColumn("issued_at", big, (c) => c.notNull())
        .addColumn("details", "text", (c) => c.notNull())
        .addUniqueConstraint("credit_notes_serial_per_year", ["financial_year", "serial"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("credit_notes").ifExists().execute();
      await db.schema.dropTable("credit_note_series").ifExists().execute();
    },
  };
}
