import type { CouponKind } from "./table";

/**
 * The discount arithmetic, in integer paise (never floating rupees): a coupon
 * never takes an order below ₹1, and a percent is rounded to the nearest paisa,
 * half up (10% of ₹349.95 is ₹35.00, not ₹34.995). Shared by the checkout, the
 * order dialog's preview and the admin's below-cost warning.
 */

/** What any order costs at least after its coupon: ₹1 (a UPI payment of ₹0 is not one). */
export const MIN_PRICE_AFTER_DISCOUNT_PAISE = 100;

/** A percent coupon takes 1 to 100 percent. */
export const MAX_PERCENT = 100;

export interface DiscountTerms {
  kind: CouponKind;
  /** Percent: whole percent. Flat: paise. */
  amount: number;
}

/** The paise a coupon takes off a price: never more than leaves ₹1 (nothing off a price of ₹1 or less). */
export function discountPaise(pricePaise: number, terms: DiscountTerms): number {
  const wanted =
    terms.kind === "percent" ? Math.floor((pricePaise * Math.min(terms.amount, MAX_PERCENT) + 50) / 100) : terms.amount;
  const most = Math.max(0, pricePaise - MIN_PRICE_AFTER_DISCOUNT_PAISE);
  return Math.max(0, Math.min(wanted, most));
}

/** The price before and after a coupon, as the order dialog shows them and the order keeps them. */
export function priceAfter(
  pricePaise: number,
  terms: DiscountTerms,
): { before: number; discount: number; after: number } {
  const discount = discountPaise(pricePaise, terms);
  return { before: pricePaise, discount, after: pricePaise - discount };
}
