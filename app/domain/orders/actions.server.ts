import type { AppServices } from "~/context";

/**
 * Admin order actions (Place, Retry, Cancel, Update Profit). The UI and the
 * JSON API both call these; each is a guarded state transition in the database.
 * The SMM panel integration fills in the panel calls.
 */
export type ActionResult = { ok: true; message: string } | { ok: false; status: number; message: string };

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

const NO_PANEL: ActionResult = { ok: false, status: 409, message: "No SMM panel is configured" };

export async function placeOrder(_services: Services, _orderId: string): Promise<ActionResult> {
  return NO_PANEL;
}

export async function retryOrder(_services: Services, _orderId: string): Promise<ActionResult> {
  return NO_PANEL;
}

export async function updateProfit(_services: Services, _orderId: string): Promise<ActionResult> {
  return NO_PANEL;
}

/** Cancels a pending order (the admin's Cancel Order). */
export async function cancelOrder({ db }: Services, orderId: string): Promise<ActionResult> {
  const result = await db
    .updateTable("orders")
    .set({ status: "cancelled", updated_at: Date.now() })
    .where("order_id", "=", orderId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return { ok: true, message: "Order cancelled" };
  const exists = await db.selectFrom("orders").select("status").where("order_id", "=", orderId).executeTakeFirst();
  return exists
    ? { ok: false, status: 409, message: `Only a pending order can be cancelled (this one is ${exists.status})` }
    : { ok: false, status: 404, message: "Order not found" };
}
