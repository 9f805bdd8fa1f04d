import type { OrderStatus } from "./lifecycle";

/**
 * The orders list's status filter: groups of lifecycle states named for what
 * the operator is looking for. `success` and `failed` are the names the
 * storefront's API used; they stay as aliases.
 */
export const ORDER_LIST_FILTERS = {
  all: { label: "All", statuses: null },
  action: {
    label: "Needs action",
    statuses: ["payment_claimed", "paid", "waiting_panel", "placement_unknown", "failed", "refund_due"],
  },
  unpaid: { label: "Awaiting payment", statuses: ["awaiting_payment", "expired"] },
  delivery: { label: "In delivery", statuses: ["sending", "sent", "delivering"] },
  delivered: { label: "Delivered", statuses: ["delivered"] },
  refunds: { label: "Refunds", statuses: ["refund_due", "refunded", "partial"] },
  closed: { label: "Cancelled", statuses: ["cancelled"] },
} as const satisfies Record<string, { label: string; statuses: readonly OrderStatus[] | null }>;

export type OrderListFilter = keyof typeof ORDER_LIST_FILTERS;
export const ORDER_LIST_STATUSES = Object.keys(ORDER_LIST_FILTERS) as OrderListFilter[];

const ALIASES: Record<string, OrderListFilter> = { success: "delivered", failed: "refunds" };

/** A status filter from a URL, aliases included; anything else is "all". */
export function parseListFilter(raw: unknown): OrderListFilter {
  if (typeof raw !== "string") return "all";
  if (Object.hasOwn(ORDER_LIST_FILTERS, raw)) return raw as OrderListFilter;
  // Own keys only: "__proto__" or "constructor" from a URL must not reach Object.prototype.
  return Object.hasOwn(ALIASES, raw) ? ALIASES[raw]! : "all";
}
