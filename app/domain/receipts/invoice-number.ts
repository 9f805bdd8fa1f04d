import { IST_OFFSET_MS } from "~/lib/ist-time";

/**
 * Tax invoice numbers (CGST Rules 2017, rule 46(b)): consecutive, at most 16
 * characters of letters, digits, "-" and "/", unique for a financial year
 * (April to March). "INV/26-27/000123": the year's series and its number.
 * Pure; series.server.ts allocates the numbers.
 */

export const INVOICE_NUMBER_MAX = 16;

/** The Indian financial year a moment falls in, by the date in IST: "2026-27" from 1 April 2026 to 31 March 2027. */
export function financialYearOf(ms: number): string {
  const ist = new Date(ms + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The series a number belongs to: tax invoices (rule 46(b)) and credit notes (rule 53(1A)(c)), each its own. */
export type DocumentSeries = "INV" | "CN";

/** The `serial`-th invoice (or credit note) of a financial year ("2026-27"), e.g. "INV/26-27/000001", "CN/26-27/000001". */
export function formatInvoiceNumber(financialYear: string, serial: number, series: DocumentSeries = "INV"): string {
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError(`Invoice serial must be 1 or more: ${serial}`);
  const number = `${series}/${financialYear.slice(2)}/${String(serial).padStart(6, "0")}`;
  if (number.length > INVOICE_NUMBER_MAX) throw new RangeError(`Invoice number ${number} is over 16 characters`);
  return number;
}

/** Rule 46(b)'s characters and length. */
export function isRuleInvoiceNumber(number: string): boolean {
  return number.length <= INVOICE_NUMBER_MAX && /^[A-Za-z0-9/-]+$/.test(number);
}
