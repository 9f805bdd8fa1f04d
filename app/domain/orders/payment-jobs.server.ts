import type { AppServices } from "~/context";
import { isAppError } from "~/lib/app-error";
import { overdueUnpaidOrderIds, paidUnsentOrderIds, waitingOrdersDue } from "./orders.repository.server";
import { sendToPanel } from "./placement.server";
import type { OrderRow } from "./table";
import { transitionOrder } from "./transitions.server";

/**
 * The server's side of the payment window and of "send paid orders
 * automatically": neither waits for a browser to ask.
 */

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

const EXPIRY = { kind: "system", job: "payment-expiry" } as const;
const AUTO_SEND = { kind: "system", job: "auto-send" } as const;

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
  return (await services.settings.get()).autoSendPaidOrders !== "false";
}

/**
 * Right after a payment is confirmed: when the shop sends paid orders
 * automatically, hand this one to the panel now, without making whoever
 * confirmed it wait for the panel. The periodic sweep below catches any that a
 * stopped process left behind.
 */
export function sendAfterConfirmation(services: Services, order: OrderRow): void {
  if (order.status !== "paid") return;
  void autoSendEnabled(services)
    .then((on) => (on ? sendToPanel(services, order.order_id, { actor: AUTO_SEND }) : null))
    .catch((error: unknown) => logSendFailure(services, order.order_id, error));
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

/**
 * Orders waiting for the panel whose backoff is over: send each again (the
 * operator or the automatic sender already chose to send them, so this runs
 * whether or not automatic sending is on). A panel-wide cause (down, out of
 * funds, the URL or key to fix) stops the round: the rest wait for the next
 * one instead of each asking a panel that just said no. Returns how many went.
 */
export async function retryWaitingOrders(services: Services, now = Date.now(), limit = 20): Promise<number> {
  let placed = 0;
  for (const orderId of await waitingOrdersDue(services.db, now, limit)) {
    try {
      const order = await sendToPanel(services, orderId, { actor: AUTO_SEND, retry: true, now: () => now });
      if (order.status === "sent") placed++;
      if (order.status === "waiting_panel" && order.panel_wait_reason !== "busy") break;
    } catch (error) {
      logSendFailure(services, orderId, error);
      if (isAppError(error) && error.code === "NOT_CONFIGURED") break;
    }
  }
  return placed;
}

/** Loggers that were already told the panel is not set up: once is enough, not every few seconds. */
const toldNotConfigured = new WeakSet<object>();

function logSendFailure(services: Pick<AppServices, "logger">, orderId: string, error: unknown) {
  // Someone else sent it first, or it is not sendable: the order's state already says why.
  if (isAppError(error) && error.code === "INVALID_TRANSITION") return;
  if (isAppError(error) && error.code === "NOT_CONFIGURED") {
    if (toldNotConfigured.has(services.logger)) return;
    toldNotConfigured.add(services.logger);
    services.logger.warn({ orderId, reason: error.message }, "paid orders wait: the SMM panel is not set up");
    return;
  }
  services.logger.warn({ orderId, err: error }, "automatic send to the SMM panel failed");
}
