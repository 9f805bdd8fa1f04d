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

/** "0.27819" → 27819 / 10^5. Null for negatives, exponents, words or empty text. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text.trim().replace(/,/g, ""));
  if (!match) return null;
  const fraction = match[2] ?? "";
  return { units: BigInt(match[1]! + fraction), scale: fraction.length };
}

/** A JSON number or string as plain decimal text ("2.7e-7" → "0.00000027"); null when not a non-negative number. */
export function decimalText(value: unknown): string | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    const plain = /e/i.test(String(value)) ? value.toFixed(12).replace(/\.?0+$/, "") : String(value);
    return parseDecimal(plain) ? plain : null;
  }
  if (typeof value === "string") {
    const trimmed = value.trim().replace(/,/g, "");
    return parseDecimal(trimmed) ? trimmed : null;
  }
  return null;
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
