import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { type DocumentSeries, financialYearOf, formatInvoiceNumber } from "./invoice-number";

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

const SERIES_TABLE = { INV: "invoice_series", CN: "credit_note_series" } as const;

/**
 * A document's number, taken from its series in the financial year of `now`: the columns a tax invoice
 * or a credit note is stored with (`number` goes in its own number column).
 */
export async function numberDocument(trx: DB, series: DocumentSeries, now: number) {
  const financialYear = financialYearOf(now);
  const serial = await takeSerial(trx, SERIES_TABLE[series], financialYear);
  return {
    number: formatInvoiceNumber(financialYear, serial, series),
    numbered: { financial_year: financialYear, serial, issued_at: now },
  };
}
