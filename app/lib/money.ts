import { LOCALE_TAGS, type Locale } from "./i18n/locale";

/**
 * Money is held as integer paise everywhere; rupees appear only at the edges
 * (forms, JSON API, display). Parsing text avoids binary floating point.
 */

const RUPEES = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/;

/** "149" → 14900, "149.5" → 14950; null for anything else (negative, 3 decimals, text). */
export function parseRupeesToPaise(input: string | number): number | null {
  const text = typeof input === "number" ? numberToText(input) : input.replace(/,/g, "");
  if (text === null) return null;
  const match = RUPEES.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

function numberToText(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  // Round to paise first so 19.99 (really 19.989999…) reads as "19.99".
  const paise = Math.round(n * 100);
  if (Math.abs(paise - n * 100) > 1e-6) return null;
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/** 14950 → 149.5 for the JSON API, where prices are numbers of rupees (docs/product.md, JSON API conventions). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** One set of formatters per language, made once (Intl formatters are costly to build). */
const formatters = Object.fromEntries(
  (Object.keys(LOCALE_TAGS) as Locale[]).map((locale) => {
    const tag = LOCALE_TAGS[locale];
    return [
      locale,
      {
        whole: new Intl.NumberFormat(tag, { style: "currency", currency: "INR", maximumFractionDigits: 0 }),
        fraction: new Intl.NumberFormat(tag, {
          style: "currency",
          currency: "INR",
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
        count: new Intl.NumberFormat(tag),
      },
    ];
  }),
) as Record<Locale, { whole: Intl.NumberFormat; fraction: Intl.NumberFormat; count: Intl.NumberFormat }>;

/** Indian digit grouping in the page's language: 10000000 paise → "₹1,00,000"; 14950 → "₹149.50". */
export function formatInr(paise: number, locale: Locale = "en"): string {
  const f = formatters[locale];
  return paise % 100 === 0 ? f.whole.format(paise / 100) : f.fraction.format(paise / 100);
}

/** Two decimals as UPI's `am` parameter wants: 14900 → "149.00". */
export function upiAmount(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/** 100000 → "1,00,000". */
export function formatCount(n: number, locale: Locale = "en"): string {
  return formatters[locale].count.format(n);
}
