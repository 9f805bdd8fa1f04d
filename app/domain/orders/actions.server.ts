import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { type PanelFailureKind, addOrder, cancelOrders, getStatus } from "~/domain/panel/client.server";
import { type PanelSetup, panelSetup } from "~/domain/panel/connection.server";
import { profitPaise } from "~/domain/panel/money";
import { isFinalPanelStatus } from "~/domain/panel/parse";
import { firstSyncDelay, statusUpdate } from "~/domain/panel/sync.server";
import type { OrderRow, OrderUpdate } from "./table";

/**
 * Admin order actions (Place, Retry, Cancel, Update Profit). The UI and the
 * JSON API both call these. Each is a guarded state transition: the order is
 * claimed with a conditional UPDATE and only the caller whose UPDATE changed
 * the row talks to the panel, so a double click, two admins or two app
 * instances produce exactly one panel order.
 *
 * panel_state: null (never sent, or the panel refused it) → 'sending' (claimed,
 * `add` in flight) → 'placed' (panel order id stored) or 'unknown' (sent, but no
 * usable answer: may have been placed; never resent automatically).
 */
export type ActionResult = { ok: true; message: string } | { ok: false; status: number; message: string };

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger" | "demoPanelUrl">;

export const PLACED_MESSAGE = "Order placed in SMM panel and marked as completed";

const NOT_FOUND: ActionResult = { ok: false, status: 404, message: "Order not found" };

function findOrder(db: DB, orderId: string) {
  return db.selectFrom("orders").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

async function loadSetup(
  services: Services,
): Promise<{ ok: true; setup: PanelSetup } | { ok: false; result: ActionResult }> {
  const configured = panelSetup(await services.settings.get(), services);
  return configured.ok ? configured : { ok: false, result: { ok: false, status: 409, message: configured.message } };
}

function serviceIdFor(setup: PanelSetup, order: OrderRow): string | ActionResult {
  return (
    setup.serviceIds[order.service_type] || {
      ok: false,
      status: 409,
      message: `Set the SMM panel service id for ${order.service_type} in Settings first`,
    }
  );
}

/** Why a claim did not match, read after the fact. */
function refusal(order: OrderRow | undefined, wanted: "place" | "retry"): ActionResult {
  if (!order) return NOT_FOUND;
  if (order.panel_state === "sending") {
    return { ok: false, status: 409, message: "This order is being sent to the SMM panel right now" };
  }
  if (order.panel_state === "placed") {
    return {
      ok: false,
      status: 409,
      message: `This order is already placed in the SMM panel (order ${order.panel_order_id})`,
    };
  }
  return wanted === "place"
    ? { ok: false, status: 409, message: `Only a pending order can be placed (this one is ${order.status})` }
    : { ok: false, status: 409, message: `Only a failed order can be retried (this one is ${order.status})` };
}

export function unknownOutcomeMessage(reason: string, target: string): string {
  return (
    `Not sure whether the SMM panel placed this order: ${reason}. It was not sent again; ` +
    `check the panel's orders for ${target || "this link"} before using Retry Order.`
  );
}

/**
 * Sends a claimed order ('sending') to the panel and records the outcome.
 * Only the claim's owner calls this.
 */
async function sendClaimed(
  { db, logger }: Services,
  setup: PanelSetup,
  order: OrderRow,
  serviceId: string,
  successMessage: string,
): Promise<ActionResult> {
  const result = await addOrder(setup.connection, { service: serviceId, link: order.target, quantity: order.quantity });
  const now = Date.now();
  const claimed = (update: OrderUpdate) =>
    db.updateTable("orders").set(update).where("id", "=", order.id).where("panel_state", "=", "sending").execute();

  if (result.ok) {
    try {
      await claimed({
        status: "completed",
        panel_state: "placed",
        panel_order_id: result.value,
        panel_status: "pending",
        panel_error: null,
        panel_charge: null,
        panel_start_count: null,
        panel_remains: null,
        panel_placed_at: now,
        panel_next_sync_at: now + firstSyncDelay(setup.syncIntervalMs),
        panel_sync_failures: 0,
        updated_at: now,
      });
    } catch (error) {
      // The panel has the order; losing its id here would invite a second one.
      logger.error(
        { err: error, orderId: order.order_id, panelOrderId: result.value },
        "panel order placed but not saved",
      );
      throw error;
    }
    logger.info({ orderId: order.order_id, panelOrderId: result.value }, "order placed in SMM panel");
    return { ok: true, message: successMessage };
  }

  const unknown = (result.kind satisfies PanelFailureKind) === "unknown";
  const message = unknown ? unknownOutcomeMessage(result.message, order.target) : result.message;
  await claimed({ status: "failed", panel_state: unknown ? "unknown" : null, panel_error: message, updated_at: now });
  logger.warn({ orderId: order.order_id, kind: result.kind, reason: result.message }, "panel add failed");
  return { ok: false, status: unknown ? 504 : 502, message };
}

/** Place Order: a pending order goes to the panel once; on success it is marked completed. */
export async function placeOrder(services: Services, orderId: string): Promise<ActionResult> {
  const order = await findOrder(services.db, orderId);
  if (!order) return NOT_FOUND;
  const loaded = await loadSetup(services);
  if (!loaded.ok) return loaded.result;
  const serviceId = serviceIdFor(loaded.setup, order);
  if (typeof serviceId !== "string") return serviceId;

  const claim = await services.db
    .updateTable("orders")
    .set({ panel_state: "sending", panel_error: null, updated_at: Date.now() })
    .where("id", "=", order.id)
    .where("status", "=", "pending")
    .where("panel_state", "is", null)
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) !== 1) return refusal(await findOrder(services.db, orderId), "place");
  return sendClaimed(services, loaded.setup, order, serviceId, PLACED_MESSAGE);
}

/**
 * Retry Order: a failed order is sent again. That includes an order whose
 * earlier `add` had an unknown outcome: the admin was told to check the panel first.
 */
export async function retryOrder(services: Services, orderId: string): Promise<ActionResult> {
  const order = await findOrder(services.db, orderId);
  if (!order) return NOT_FOUND;
  const loaded = await loadSetup(services);
  if (!loaded.ok) return loaded.result;
  const serviceId = serviceIdFor(loaded.setup, order);
  if (typeof serviceId !== "string") return serviceId;

  const claim = await services.db
    .updateTable("orders")
    .set({ panel_state: "sending", updated_at: Date.now() })
    .where("id", "=", order.id)
    .where("status", "=", "failed")
    .where((eb) => eb.or([eb("panel_state", "is", null), eb("panel_state", "=", "unknown")]))
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) !== 1) return refusal(await findOrder(services.db, orderId), "retry");
  return sendClaimed(services, loaded.setup, order, serviceId, "Order retry initiated");
}

/**
 * Cancel Order: a pending order not yet sent is cancelled here; an order the
 * panel has but not finished is cancelled only if the panel agrees.
 */
export async function cancelOrder(services: Services, orderId: string): Promise<ActionResult> {
  const { db } = services;
  const order = await findOrder(db, orderId);
  if (!order) return NOT_FOUND;
  const now = Date.now();

  if (order.panel_state === "placed" && order.panel_order_id && !isFinalPanelStatus(order.panel_status)) {
    const loaded = await loadSetup(services);
    if (!loaded.ok) return loaded.result;
    const reply = await cancelOrders(loaded.setup.connection, [order.panel_order_id]);
    const entry = reply.ok ? reply.value.get(order.panel_order_id) : undefined;
    if (!entry?.ok) {
      const reason = !reply.ok ? reply.message : (entry?.error ?? "the panel did not confirm the cancellation");
      return { ok: false, status: 502, message: `The SMM panel did not cancel this order: ${reason}` };
    }
    await db
      .updateTable("orders")
      .set({ status: "cancelled", panel_status: "cancelled", panel_next_sync_at: now, updated_at: now })
      .where("id", "=", order.id)
      .where("panel_state", "=", "placed")
      .execute();
    return { ok: true, message: "Order cancelled" };
  }

  const result = await db
    .updateTable("orders")
    .set({ status: "cancelled", updated_at: now })
    .where("id", "=", order.id)
    .where("status", "=", "pending")
    .where("panel_state", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return { ok: true, message: "Order cancelled" };
  const current = await findOrder(db, orderId);
  if (current?.panel_state === "sending") {
    return { ok: false, status: 409, message: "This order is being sent to the SMM panel right now" };
  }
  return {
    ok: false,
    status: 409,
    message: `Only a pending order can be cancelled (this one is ${current?.status ?? order.status})`,
  };
}

/** Update Profit: reads the panel's charge for a placed order that has no profit yet. */
export async function updateProfit(services: Services, orderId: string): Promise<ActionResult> {
  const { db } = services;
  const order = await findOrder(db, orderId);
  if (!order) return NOT_FOUND;
  if (!order.panel_order_id) return { ok: false, status: 409, message: "This order has no SMM panel order id" };
  if (order.profit_paise !== null) return { ok: false, status: 409, message: "This order already has a profit" };
  const loaded = await loadSetup(services);
  if (!loaded.ok) return loaded.result;
  const outcome = await refreshProfit(db, loaded.setup, order);
  return outcome.ok
    ? { ok: true, message: "Profit updated successfully" }
    : { ok: false, status: outcome.status, message: outcome.message };
}

/**
 * Reads one order's status from the panel, stores it, and sets the profit when
 * the charge can be converted to rupees. Shared with the bulk update.
 */
export async function refreshProfit(
  db: DB,
  setup: PanelSetup,
  order: Pick<OrderRow, "id" | "panel_order_id" | "price_paise" | "panel_status" | "profit_paise">,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const reply = await getStatus(setup.connection, order.panel_order_id!);
  if (!reply.ok) return { ok: false, status: 502, message: reply.message };
  const now = Date.now();
  const update = statusUpdate(order, reply.value, setup, now);
  const profit = profitPaise(order.price_paise, reply.value.charge, update.panel_currency, setup.currency);
  await db
    .updateTable("orders")
    .set(profit === null ? update : { ...update, profit_paise: profit })
    .where("id", "=", order.id)
    .execute();
  if (profit !== null) return { ok: true };
  if (reply.value.charge === null)
    return { ok: false, status: 409, message: "The SMM panel has not reported a charge for this order yet" };
  return {
    ok: false,
    status: 409,
    message: `The SMM panel charges in ${update.panel_currency}; set the rupee rate for ${update.panel_currency} in Settings to compute profit`,
  };
}
