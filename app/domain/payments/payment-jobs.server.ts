import type { AppServices } from "~/context";
import { isAppError } from "~/lib/app-error";
import { overdueUnpaidOrderIds, paidUnsentOrderIds } from "~/domain/orders/orders.repository.server";
import { AUTO_SEND, logSendFailure } from "~/domain/fulfilment/placement-jobs.server";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import type { OrderRow } from "~/domain/orders/table";
import { transitionOrder } from "~/domain/orders/transitions.server";

/**
 * The server's side of the payment window and of "send paid orders
 * automatically": neither waits for a browser to ask.
 */

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

const EXPIRY = { kind: "system", job: "payment-expiry" } as const;

/** Orders whose window closed with nothing paid and no UTR become expired (a late UTR still revives them). */
export async function expireOverdueOrders(services: Pick<AppServices, "db">, now = Date.now()): Promise<number> {
  let expired = 0;
  // Bounded, so a burst of abandoned checkouts cannot hold the job: the next run takes the rest.
  for (let round = 0; round < 20; round++) {
    const due = await overdueUnpaidOrderIds(services.db, now, 200);
    for (const orderId of due) {
      try {
        await transitionOrder(services.db, orderId, "expire", {
          actor: EXPIRY,
          reason: "the payment window closed with no payment",
          now,
        });
        expired++;
      } catch (error) {
        // A UTR or a confirmation got there first: that order is not expired, which is right.
        if (!isAppError(error)) throw error;
      }
    }
    if (due.length < 200) break;
  }
  return expired;
}

export async function autoSendEnabled(services: Pick<AppServices, "settings">): Promise<boolean> {
  return (await services.settings.get()).autoSendPaidOrders;
}

/**
 * Once a payment's confirmation committed (the order listener in
 * app/domain/order-events/subscribers.server.ts calls this, whoever confirmed
 * it): when the shop sends paid orders automatically, hand the order to the
 * panel now, without making whoever confirmed it wait for the panel. The
 * periodic sweep below catches any that a stopped process left behind.
 */
export async function sendAfterConfirmation(services: Services, order: OrderRow): Promise<void> {
  if (order.status !== "paid") return;
  try {
    if (await autoSendEnabled(services)) await sendToPanel(services, order.order_id, { actor: AUTO_SEND });
  } catch (error) {
    logSendFailure(services, order.order_id, error);
  }
}

/** Paid orders still unsent a little while after confirmation (auto-send on): send them. */
export async function sendPaidBacklog(services: Services, now = Date.now(), settleMs = 10_000): Promise<number> {
  if (!(await autoSendEnabled(services))) return 0;
  let sent = 0;
  for (const orderId of await paidUnsentOrderIds(services.db, now - settleMs, 50)) {
    try {
      await sendToPanel(services, orderId, { actor: AUTO_SEND });
      sent++;
    } catch (error) {
      logSendFailure(services, orderId, error);
      // Not set up (no panel, no service id): every other order would fail the same way.
      if (isAppError(error) && error.code === "NOT_CONFIGURED") break;
    }
  }
  return sent;
}
