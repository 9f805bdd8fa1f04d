import type { DB } from "~/db/database.server";
import { paiseToRupees } from "~/lib/money";
import type { OrderRow } from "./table";

/** The spec's admin view of an order (section 3), as the JSON API sends it. */
export function toAdminOrderJson(o: OrderRow) {
  return {
    _id: String(o.id),
    orderId: o.order_id,
    serviceType: o.service_type,
    planName: o.plan_name,
    target: o.target,
    amount: o.quantity,
    price: paiseToRupees(o.price_paise),
    profit: o.profit_paise === null ? null : paiseToRupees(o.profit_paise),
    status: o.status,
    createdAt: new Date(o.created_at).toISOString(),
    customerName: o.customer_name,
    customerPhone: o.customer_phone,
    utr: o.utr,
    utrSubmittedAt: o.utr_submitted_at === null ? null : new Date(o.utr_submitted_at).toISOString(),
    user: { name: o.customer_name, phone: o.customer_phone },
    smmPanel: {
      orderId: o.panel_order_id,
      status: o.panel_status,
      charge: o.panel_charge,
      currency: o.panel_currency,
      startCount: o.panel_start_count,
      remains: o.panel_remains,
      error: o.panel_error,
    },
  };
}

export type AdminOrderJson = ReturnType<typeof toAdminOrderJson>;

/** Which actions the admin may take on an order in its current state (spec section 4). */
export function availableActions(o: Pick<OrderRow, "status" | "panel_order_id" | "profit_paise" | "panel_state">) {
  return {
    place: o.status === "pending",
    cancel: o.status === "pending",
    retry: o.status === "failed",
    updateProfit: Boolean(o.panel_order_id) && o.profit_paise === null,
  };
}

export async function deleteOrder(db: DB, orderId: string): Promise<boolean> {
  const result = await db.deleteFrom("orders").where("order_id", "=", orderId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
