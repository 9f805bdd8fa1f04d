import type { AppServices } from "~/context";
import type { RequestClient } from "~/domain/audit/audit.server";
import { addOrder } from "~/domain/panel/client.server";
import { type PanelSetup, panelSetup } from "~/domain/panel/connection.server";
import { AppError } from "~/lib/app-error";
import type { Actor } from "./lifecycle";
import { findOrder } from "./orders.repository.server";
import { firstSyncDelay } from "~/domain/panel/sync-schedule";
import type { OrderRow } from "./table";
import { transitionOrder } from "./transitions.server";

/**
 * Handing orders to the SMM panel, exactly once. The `send` transition
 * (paid → sending) is the claim: of a double click, two operators, the
 * automatic sender and two app instances, only one moves the order, and only
 * that one calls the panel's `add`. A call with no usable answer leaves the
 * order "placement_unknown", to be checked by hand, never resent blindly.
 */

export type PanelServices = Pick<AppServices, "db" | "settings" | "config" | "logger" | "demoPanelUrl">;

export const PLACEMENT_MESSAGES = {
  sent: "Order sent to the SMM panel",
  cancelled: "Order cancelled",
  cancelledPaid: "Order stopped; the refund is due to the buyer",
  cancelledAtPanel: "The SMM panel cancelled the order; the refund is due to the buyer",
  profitUpdated: "Profit updated successfully",
  sentBefore: "This order was sent to the SMM panel before: check the panel's orders, then use Retry to send it again",
} as const;

export async function loadPanelSetup(services: PanelServices): Promise<PanelSetup> {
  const configured = panelSetup(await services.settings.get(), services);
  if (!configured.ok) throw new AppError("NOT_CONFIGURED", configured.message);
  return configured.setup;
}

function serviceIdFor(setup: PanelSetup, order: OrderRow): string {
  const id = setup.serviceIds[order.service_type];
  if (!id)
    throw new AppError("NOT_CONFIGURED", `Set the SMM panel service id for ${order.service_type} in Settings first`);
  return id;
}

/** All at once, or (drip-feed) `runs` parts of quantity / runs, `interval` minutes apart: the panel takes each run's quantity. */
export function placementQuantity(order: Pick<OrderRow, "quantity" | "drip_runs" | "drip_interval_minutes">): {
  quantity: number;
  runs?: number;
  interval?: number;
} {
  const runs = order.drip_runs;
  if (runs >= 2 && order.drip_interval_minutes >= 1 && order.quantity % runs === 0) {
    return { quantity: order.quantity / runs, runs, interval: order.drip_interval_minutes };
  }
  return { quantity: order.quantity };
}

export function unknownOutcomeMessage(reason: string, target: string): string {
  return (
    `Not sure whether the SMM panel placed this order: ${reason}. It was not sent again; ` +
    `check the panel's orders for ${target || "this link"} before sending it again.`
  );
}

export interface SendOptions {
  actor: Extract<Actor, { kind: "operator" } | { kind: "system" }>;
  /** The operator confirmed, in a dialog that said so, sending an order with no confirmed payment. */
  unpaid?: boolean;
  /**
   * Send again an order that was sent before (failed, outcome unknown, refund due). Without it
   * only a paid order never sent goes, so a second click or a stale page never resends one.
   */
  retry?: boolean;
  client?: RequestClient;
}

/**
 * Sends an order to the panel: a paid one, one that failed or whose outcome
 * the operator checked, or (with `unpaid`) one nobody confirmed payment for.
 * Resolves with the order as it ends up (sent, failed or refund due,
 * placement_unknown); a refusal by the panel is not an exception, the order's
 * state says it. Throws for what stops it before the panel is called.
 */
export async function sendToPanel(services: PanelServices, orderId: string, options: SendOptions): Promise<OrderRow> {
  const { db, logger } = services;
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const setup = await loadPanelSetup(services);
  const serviceId = serviceIdFor(setup, order);

  const claimed = await transitionOrder(db, orderId, options.unpaid ? "sendUnpaid" : "send", {
    actor: options.actor,
    reason: options.unpaid
      ? "sent without a confirmed payment, as the operator chose"
      : options.retry
        ? "sent to the SMM panel again by the operator"
        : "sending to the SMM panel",
    guard: (current) =>
      options.unpaid || options.retry || current.status === "paid" ? null : PLACEMENT_MESSAGES.sentBefore,
    client: options.client,
  });

  const result = await addOrder(setup.connection, {
    service: serviceId,
    link: claimed.target,
    ...placementQuantity(claimed),
  });
  const now = Date.now();
  const outcome = { actor: options.actor, client: options.client, now };

  if (result.ok) {
    try {
      const sent = await transitionOrder(db, orderId, "placed", {
        ...outcome,
        reason: "the SMM panel accepted the order",
        details: { panelOrderId: result.value },
        set: {
          panel_order_id: result.value,
          panel_status: "pending",
          panel_error: null,
          panel_charge: null,
          panel_start_count: null,
          panel_remains: null,
          panel_placed_at: now,
          panel_next_sync_at: now + firstSyncDelay(setup.syncIntervalMs),
          panel_sync_failures: 0,
        },
      });
      logger.info({ orderId, panelOrderId: result.value }, "order placed in SMM panel");
      return sent;
    } catch (error) {
      // The panel has the order; losing its id here would invite a second one.
      logger.error({ err: error, orderId, panelOrderId: result.value }, "panel order placed but not saved");
      throw error;
    }
  }

  const unknown = result.kind === "unknown";
  const message = unknown ? unknownOutcomeMessage(result.message, claimed.target) : result.message;
  logger.warn({ orderId, kind: result.kind, reason: result.message }, "panel add failed");
  return transitionOrder(db, orderId, unknown ? "placementUnknown" : "placementFailed", {
    ...outcome,
    reason: unknown ? "no usable answer from the SMM panel" : "the SMM panel refused the order",
    details: { panelError: message },
    set: { panel_error: message },
  });
}

/**
 * The operator's Cancel of an order the panel does not have: an unpaid order
 * is simply closed; a paid one not yet sent becomes refund due. (One the panel
 * has goes through the buyer's claimed cancel in self-service.)
 */
export async function cancelOrder(
  services: PanelServices,
  orderId: string,
  operator: string,
  client?: RequestClient,
  /** A paid order: stopped at the buyer's request (the refund keeps the fee) or by the shop (in full). */
  cancelledBy: "buyer" | "shop" = "shop",
): Promise<{ order: OrderRow; message: string }> {
  const { db } = services;
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const actor = { kind: "operator", name: operator } as const;

  if (order.status === "paid" || order.status === "placement_unknown") {
    const stopped = await transitionOrder(db, orderId, "refundDue", {
      actor,
      reason:
        cancelledBy === "buyer"
          ? "stopped by the operator before delivery, at the buyer's request"
          : "stopped by the operator before delivery",
      cancelledBy,
      client,
    });
    return { order: stopped, message: PLACEMENT_MESSAGES.cancelledPaid };
  }
  const cancelled = await transitionOrder(db, orderId, "cancel", {
    actor,
    reason: "cancelled by the operator",
    client,
  });
  return { order: cancelled, message: PLACEMENT_MESSAGES.cancelled };
}
