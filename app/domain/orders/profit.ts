import type { OrderRow } from "./table";

/**
 * An order's profit, the one definition every screen and export uses
 * (docs/product.md, Profit): the price the buyer paid, less what the SMM panel
 * charged for it, less the refund owed or paid back. `profit_paise` holds the
 * first two (price − charge, set once the panel's charge is known in rupees);
 * the refund comes off here. Unknown (null) while the panel's charge is.
 *
 * With a ₹198.99 order the panel never had (charge 0) and ₹189.04 refunded,
 * the profit is ₹9.95; refunded in full, it is ₹0.
 */
export function netProfitPaise(order: Pick<OrderRow, "profit_paise" | "refund_due_paise">): number | null {
  if (order.profit_paise === null) return null;
  return order.profit_paise - (order.refund_due_paise ?? 0);
}

/**
 * The same in SQL, over the columns of `orders` (or of a trigger's NEW/OLD
 * row): null while the charge is unknown, like `netProfitPaise`. The
 * dashboard's roll-up sums it (migration 0025); changing it takes a migration
 * that re-creates those triggers and rebuilds the roll-up.
 */
export function netProfitSql(row?: "NEW" | "OLD"): string {
  const column = (name: string) => (row ? `${row}.${name}` : name);
  return `(${column("profit_paise")} - coalesce(${column("refund_due_paise")}, 0))`;
}
