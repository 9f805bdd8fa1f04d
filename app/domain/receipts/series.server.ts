import { sql } from "kysely";
import type { DB } from "~/db/database.server";

/**
 * The next number of a financial year's series (tax invoices or credit notes): one atomic upsert, which
 * PostgreSQL serialises on the year's row and SQLite by its one writer; rolled back with the caller's
 * transaction, so a series has neither doubles nor gaps.
 */
export async function takeSerial(
  trx: DB,
  series: "invoice_series" | "credit_note_series",
  financialYear: string,
): Promise<number> {
  const { last_serial: serial } = await trx
    .insertInto(series)
    .values({ financial_year: financialYear, last_serial: 1 })
    .onConflict((oc) =>
      oc.column("financial_year").doUpdateSet({ last_serial: sql<number>`${sql.table(series)}.last_serial + 1` }),
    )
    .returning("last_serial")
    .executeTakeFirstOrThrow();
  return Number(serial);
}
