/**
 * Below this many delivered orders the storefront makes no count claim: a
 * two-digit number reads as an untried shop rather than as proof, and in a
 * new shop it would mostly count the operator's own test orders.
 */
export const DELIVERED_CLAIM_THRESHOLD = 100;

const indian = new Intl.NumberFormat("en-IN");

/**
 * "1,234 delivered orders" → "1,200+": rounded down to two significant
 * figures, so the claim never overstates and changes only every so often;
 * Indian digit grouping ("1,20,000+"). Null below the threshold (hidden).
 */
export function deliveredOrdersClaim(count: number): string | null {
  if (!Number.isFinite(count) || count < DELIVERED_CLAIM_THRESHOLD) return null;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(count)) - 1);
  return `${indian.format(Math.floor(count / step) * step)}+`;
}
