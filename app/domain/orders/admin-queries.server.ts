import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { paiseToRupees } from "~/lib/money";
import { updateProfit } from "./actions.server";
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

/** Per click, so one request stays short; a second click continues with the rest. */
export const BULK_PROFIT_LIMIT = 200;

/**
 * 'Update All Profits': placed orders without a profit, oldest first, through
 * the same updateProfit the single action uses.
 */
export async function bulkUpdateProfits(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  const targets = await services.db
    .selectFrom("orders")
    .select("order_id")
    .where("panel_order_id", "is not", null)
    .where("profit_paise", "is", null)
    .orderBy("id")
    .limit(BULK_PROFIT_LIMIT)
    .execute();
  if (targets.length === 0) return { ok: false, message: "No orders need profit update" };
  let updated = 0;
  let failed = 0;
  for (const { order_id } of targets) {
    const result = await updateProfit(services, order_id);
    if (result.ok) updated++;
    else failed++;
  }
  const message = `Updated ${updated} orders${failed ? `, ${failed} failed` : ""}`;
  return updated === 0 ? { ok: false, message } : { ok: true, message };
}
