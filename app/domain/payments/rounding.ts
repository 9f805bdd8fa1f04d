/**
 * A buyer paying by hand often rounds (₹49.00 for ₹48.99) or types the price
 * they saw on the plan card (issue 45, point 1). The unique amounts are never
 * whole rupees (unique-amount.server.ts), so a whole-rupee payment is never
 * another order's exact amount; it may be the rounded price of an open order.
 */

type Priced = { price_paise: number; listed_price_paise: number | null };

/** The whole-rupee amounts a buyer may pay for an order: its plan's price, its amount rounded up or to the nearest rupee. */
export function roundedPrices(order: Priced): number[] {
  const asked = order.price_paise;
  return [
    ...(order.listed_price_paise === null ? [] : [order.listed_price_paise]),
    Math.ceil(asked / 100) * 100,
    Math.round(asked / 100) * 100,
  ];
}

/** Whether a payment of `amountPaise` is this order's price as a buyer may round it (never for an amount with paise). */
export function roundsTo(order: Priced, amountPaise: number): boolean {
  return amountPaise % 100 === 0 && amountPaise !== order.price_paise && roundedPrices(order).includes(amountPaise);
}
