import { transaction } from "~/db/database.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { cancelOrders } from "~/domain/panel/client.server";
import type { Actor } from "~/domain/orders/lifecycle";
import { lockOrder } from "~/domain/orders/orders.repository.server";
import type { PanelServices } from "~/domain/fulfilment/placement.server";
import type { OrderRow } from "~/domain/orders/table";
import { applyTransition } from "~/domain/orders/transitions.server";
import { AppError } from "~/lib/app-error";
import { CANCEL_REFUSAL_TEXT, type CancelRefusal } from "./cancel-messages";
import { claimRequest } from "./claim.server";
import { finishRequest } from "./requests.repository.server";
import { cancelRefusal } from "./rules";
import { type Requester, requesterName } from "./who";

/**
 * The buyer (or the operator) cancels a paid order the panel has not started (it says Pending
 * and the service allows cancelling). Claimed first, like a refill: the rules
 * are checked and a request row written with the order row locked, so only
 * one of two clicks calls the panel's `cancel`. When the panel agrees, the
 * order moves through the lifecycle to refund due; when it refuses or does not
 * answer, the order is left as it was.
 */

const HTTP_CODE: Record<CancelRefusal, ConstructorParameters<typeof AppError>[0]> = {
  CANCEL_NOT_PENDING: "INVALID_TRANSITION",
  CANCEL_NOT_SUPPORTED: "INVALID_TRANSITION",
  CANCEL_NOT_PAID: "INVALID_TRANSITION",
  CANCEL_BUSY: "CONFLICT",
  CANCEL_UNAVAILABLE: "UNAVAILABLE",
  CANCEL_PANEL_REFUSED: "UPSTREAM_FAILED",
  CANCEL_PANEL_NO_ANSWER: "UPSTREAM_UNKNOWN",
};

export function cancelError(reason: CancelRefusal): AppError {
  return new AppError(HTTP_CODE[reason], CANCEL_REFUSAL_TEXT[reason], { reason });
}

export async function cancelBeforeDelivery(
  services: PanelServices,
  orderId: string,
  who: Requester,
  now = Date.now(),
): Promise<OrderRow> {
  const { db, logger } = services;
  const name = requesterName(who);
  const actor: Actor = who.kind === "buyer" ? { kind: "buyer" } : { kind: "operator", name: who.name };
  const claim = await claimRequest(
    services,
    orderId,
    who,
    {
      kind: "cancel",
      refuse: (facts) => cancelRefusal(facts, who.kind),
      error: cancelError,
      unavailable: "CANCEL_UNAVAILABLE",
      auditAction: "order.cancelRequested",
    },
    now,
  );

  const reply = await cancelOrders(claim.setup.connection, [claim.panelOrderId]);
  const entry = reply.ok ? reply.value.get(claim.panelOrderId) : undefined;
  const answeredAt = Date.now();
  if (entry?.ok) {
    const cancelled = transaction(db, async (trx) => {
      await finishRequest(trx, claim.requestId, { state: "accepted", now: answeredAt });
      const order = await lockOrder(trx, orderId);
      if (!order) throw new AppError("NOT_FOUND", "Order not found");
      return applyTransition(trx, order, "cancelBeforeDelivery", {
        actor,
        reason: "cancelled at the SMM panel before delivery started",
        set: { panel_status: "cancelled", panel_remains: order.quantity, panel_next_sync_at: answeredAt },
        details: { panelOrderId: claim.panelOrderId },
        cancelledBy: who.kind === "operator" && who.forBuyer ? "buyer" : undefined,
        client: who.client,
        now: answeredAt,
      });
    });
    return cancelled.catch(async (error: unknown) => {
      // The panel cancelled it but the order moved meanwhile: the status sync sees the cancellation next.
      await finishRequest(db, claim.requestId, { state: "failed", error: String(error), now: answeredAt });
      throw error;
    });
  }

  const unknown = !reply.ok && reply.kind === "unknown";
  const reason = !reply.ok ? reply.message : (entry?.error ?? "the panel did not report on this order");
  await db.transaction().execute(async (trx) => {
    await finishRequest(trx, claim.requestId, { state: "failed", error: reason, now: answeredAt });
    await recordAudit(
      trx,
      {
        actor: name,
        action: "order.cancelFailed",
        targetType: "order",
        targetId: orderId,
        details: { panelError: reason },
        client: who.client,
      },
      answeredAt,
    );
  });
  logger.warn({ orderId, reason }, "panel cancel failed");
  throw cancelError(unknown ? "CANCEL_PANEL_NO_ANSWER" : "CANCEL_PANEL_REFUSED");
}
