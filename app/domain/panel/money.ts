/**
 * Panel money: charges arrive as decimal text in the panel's currency
 * ("0.27819" USD). Everything here is exact integer arithmetic on that text;
 * profit is never computed from two different currencies.
 */

interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(\d{1,15})(?:\.(\d{1,12}))?$/;

/**
 * The finest fraction a panel amount keeps. Panels bill in 4 (smm-panel-script's
 * decimal(15,4) columns) or 5 (PerfectPanel's "0.27819") decimals; a float
 * with binary noise (0.1 + 0.2 = 0.30000000000000004, which PHP's json_encode
 * prints in full) is rounded here, so the charge it carries is kept, not dropped.
 */
export const PANEL_DECIMALS = 8;

/** "0.27819" → 27819 / 10^5. Null for negatives, exponents, words or empty text. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text.trim().replace(/,/g, ""));
  if (!match) return null;
  const fraction = match[2] ?? "";
  return { units: BigInt(match[1]! + fraction), scale: fraction.length };
}

/**
 * A number as a panel writes it, as plain text with a dot: "1,234.50",
 * "1,23,456.5" (Indian grouping), "1.234,50" and "0,30" (a decimal comma),
 * "1 234" → "1234.50", "123456.5", "1234.50", "0.30", "1234". "1,234" is read
 * as grouping (one thousand two hundred thirty-four), as PHP's number_format
 * writes it. Null when the text is not a number.
 */
export function numberText(raw: string): string | null {
  let text = raw.trim().replace(/[\s\u00a0\u202f']/g, "");
  const sign = text.startsWith("-") ? "-" : "";
  if (sign) text = text.slice(1);
  const comma = text.lastIndexOf(",");
  const dot = text.lastIndexOf(".");
  if (comma >= 0 && dot >= 0) {
    text = comma > dot ? text.replace(/\./g, "").replace(",", ".") : text.replace(/,/g, "");
  } else if (comma >= 0) {
    if (/^\d{1,3}(,\d{3})+$/.test(text) || /^\d{1,2}(,\d{2})+,\d{3}$/.test(text)) text = text.replace(/,/g, "");
    else if (/^\d+,\d+$/.test(text)) text = text.replace(",", ".");
    else return null;
  }
  if (/^\d+(\.\d+)?[eE][-+]?\d{1,3}$/.test(text)) {
    const value = Number(text);
    return Number.isFinite(value) ? `${sign}${plainNumber(value)}` : null;
  }
  return /^\d+(\.\d+)?$/.test(text) ? `${sign}${text}` : null;
}

/** A finite non-negative float as plain decimal text, without its binary noise (15 significant digits). */
function plainNumber(value: number): string {
  const rounded = Number(value.toPrecision(15));
  return /e/i.test(String(rounded)) ? rounded.toFixed(20).replace(/\.?0+$/, "") : String(rounded);
}

/** Plain decimal text rounded half up to `decimals` places, trailing zeros of the rounding dropped. */
export function roundDecimalText(text: string, decimals = PANEL_DECIMALS): string {
  const [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length <= decimals) return text;
  const scaled = BigInt(whole + fraction.slice(0, decimals)) + (Number(fraction[decimals]) >= 5 ? 1n : 0n);
  const digits = scaled.toString().padStart(decimals + 1, "0");
  const head = digits.slice(0, digits.length - decimals);
  const tail = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return tail ? `${head}.${tail}` : head;
}

/**
 * A JSON number or string as plain decimal text ("2.7e-7" → "0.00000027",
 * 0.30000000000000004 → "0.3", "1,234.5" → "1234.5"), rounded to
 * PANEL_DECIMALS; null when it is not a non-negative number of at most 15 digits.
 */
export function decimalText(value: unknown): string | null {
  let text: string | null = null;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    text = plainNumber(value);
  } else if (typeof value === "string") {
    text = numberText(value);
  }
  if (text === null || text.startsWith("-")) return null;
  const rounded = roundDecimalText(text);
  return parseDecimal(rounded) ? rounded : null;
}

/** amount × rate in paise, rounded half up; null when either is not a decimal. */
export function toPaise(amount: string, inrPerUnit: string): number | null {
  const a = parseDecimal(amount);
  const r = parseDecimal(inrPerUnit);
  if (!a || !r) return null;
  const numerator = a.units * r.units * 100n;
  const denominator = 10n ** BigInt(a.scale + r.scale);
  const paise = (numerator * 2n + denominator) / (denominator * 2n);
  return paise > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(paise);
}

export interface CurrencySettings {
  /** The currency the panel bills in (setting PANEL_CURRENCY). */
  panelCurrency: string;
  /** Rupees per one unit of panelCurrency (setting PANEL_INR_RATE); empty when unknown. */
  panelInrRate: string;
}

/**
 * Rupees per unit of `currency`: 1 for INR, the configured rate only for the
 * configured panel currency, otherwise null (never guess an exchange rate).
 */
export function inrRateFor(currency: string | null | undefined, settings: CurrencySettings): string | null {
  const code = (currency?.trim() || settings.panelCurrency.trim() || "INR").toUpperCase();
  if (code === "INR") return "1";
  if (code !== settings.panelCurrency.trim().toUpperCase()) return null;
  const rate = settings.panelInrRate.trim();
  const parsed = parseDecimal(rate);
  return parsed && parsed.units > 0n ? rate : null;
}

/** The panel's charge in paise, or null when it cannot be converted to rupees. */
export function chargeInPaise(
  charge: string | null | undefined,
  currency: string | null | undefined,
  settings: CurrencySettings,
): number | null {
  if (charge == null) return null;
  const rate = inrRateFor(currency, settings);
  return rate === null ? null : toPaise(charge, rate);
}

/** Profit = price − charge in rupees (may be negative); null when the charge is unknown or in an unconvertible currency. */
export function profitPaise(
  pricePaise: number,
  charge: string | null | undefined,
  currency: string | null | undefined,
  settings: CurrencySettings,
): number | null {
  const cost = chargeInPaise(charge, currency, settings);
  return cost === null ? null : pricePaise - cost;
}

/** How much of the order was delivered, from the panel's `remains` (clamped to 0…quantity). */
export function deliveredSoFar(quantity: number, remains: number | null | undefined): number | null {
  if (remains == null) return null;
  return quantity - Math.min(Math.max(remains, 0), quantity);
}
