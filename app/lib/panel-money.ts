/**
 * Money in the SMM panel's own currency (its charge per order, its rates, the
 * account balance). The panel sends exact decimal text; this only formats it
 * for reading and never rounds what is stored. Small charges need more than
 * two decimals ($0.045 for a hundred likes), so 2 to 4 are shown.
 */

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const CODE = /^[A-Z]{3}$/;

const formats = new Map<string, Intl.NumberFormat>();

function formatFor(currency: string | null, maximumFractionDigits = 4): Intl.NumberFormat {
  const key = `${currency ?? ""}/${maximumFractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    // en-IN throughout: the operator reads lakh grouping (₹1,23,456.50), whatever the panel bills in.
    format = new Intl.NumberFormat("en-IN", {
      ...(currency ? { style: "currency", currency } : {}),
      minimumFractionDigits: 2,
      maximumFractionDigits,
    });
    formats.set(key, format);
  }
  return format;
}

function validCode(currency: string | null | undefined): string | null {
  const code = currency?.trim().toUpperCase() ?? "";
  if (!CODE.test(code)) return null;
  try {
    formatFor(code);
    return code;
  } catch {
    return null;
  }
}

/**
 * "45.00000" INR → "₹45.00"; "0.0450" USD → "$0.045"; "1.5" XYZ → "XYZ 1.50".
 * Text that is not a plain decimal, or a currency that is not a 3-letter code,
 * is shown as the panel sent it.
 */
export function formatPanelMoney(
  amount: string,
  currency: string | null | undefined,
  maximumFractionDigits = 4,
): string {
  const text = amount.trim();
  const code = validCode(currency);
  if (!DECIMAL.test(text)) return `${amount} ${currency ?? ""}`.trim();
  // A string keeps every digit of a huge or long amount exact (Intl formats decimal strings, not floats).
  const shown = formatFor(code, maximumFractionDigits).format(text as unknown as number);
  if (code) return shown;
  return currency?.trim() ? `${shown} ${currency.trim()}` : shown;
}

/**
 * An account balance, as money is read: two decimals ("24916.7884" INR →
 * "₹24,916.79"), where a per-order charge keeps its fractions of a paisa.
 */
export function formatPanelBalanceMoney(amount: string, currency: string | null | undefined): string {
  return formatPanelMoney(amount, currency, 2);
}
