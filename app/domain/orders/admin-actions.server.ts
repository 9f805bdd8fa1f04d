import type { AppServices } from "~/context";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { type ActionResult, cancelOrder, placeOrder, retryOrder, updateProfit } from "./actions.server";
import { deleteOrder } from "./admin-queries.server";
import { eraseCustomerData } from "./retention.server";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger" | "demoPanelUrl">;

/** Every admin action on one order, with the spec's failure texts. */
export const ORDER_ACTIONS = {
  place: { run: placeOrder, failure: "Failed to place order" },
  cancel: { run: cancelOrder, failure: "Failed to cancel order" },
  retry: { run: retryOrder, failure: "Failed to retry order" },
  "update-profit": { run: updateProfit, failure: "Failed to update profit" },
  delete: {
    run: async ({ db }: Services, orderId: string): Promise<ActionResult> =>
      (await deleteOrder(db, orderId))
        ? { ok: true, message: "Order deleted successfully" }
        : { ok: false, status: 404, message: "Order not found" },
    failure: "Failed to delete order",
  },
  erase: {
    run: async ({ db }: Services, orderId: string): Promise<ActionResult> =>
      (await eraseCustomerData(db, orderId))
        ? { ok: true, message: "Customer name and phone erased" }
        : { ok: false, status: 404, message: "Order not found" },
    failure: "Failed to erase customer data",
  },
} as const;

export type OrderActionName = keyof typeof ORDER_ACTIONS;

export function isOrderAction(name: string): name is OrderActionName {
  return Object.hasOwn(ORDER_ACTIONS, name);
}

/** Order ids arrive from URLs and forms with or without '#', in any case. */
export function normaliseOrderId(raw: string): string {
  return raw.replace(/^#/, "").trim().toUpperCase().slice(0, 64);
}

/**
 * Runs one admin order action and records it, with its outcome, in the
 * order's history. The UI and the JSON API both come through here.
 */
export async function runOrderAction(
  services: Services,
  actor: Actor,
  name: OrderActionName,
  rawOrderId: string,
): Promise<ActionResult> {
  const orderId = normaliseOrderId(rawOrderId);
  const result = await ORDER_ACTIONS[name].run(services, orderId);
  if (result.ok || result.status !== 404) {
    await recordAudit(services.db, {
      ...auditBy(actor),
      action: `order.${name}`,
      targetType: "order",
      targetId: orderId,
      details: result.ok ? { result: result.message } : { failed: result.message },
    });
  }
  return result;
}
