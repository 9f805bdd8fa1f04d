import type { AppServices } from "~/context";
import { isAppError } from "~/lib/app-error";
import {
  deferWaitingOrders,
  findOrder,
  paidUnsentOrderIds,
  waitingOrdersDue,
} from "~/domain/orders/orders.repository.server";
import type { OrderRow } from "~/domain/orders/table";
import { sendToPanel } from "./placement.server";
import { nextQueuedFor, queuedOrdersDue } from "./target-queue.server";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/** The automatic sender: what the order's history names for sends nobody clicked. */
export const AUTO_SEND = { kind: "system", job: "auto-send" } as const;

/**
 * Orders waiting for the panel whose backoff is over: send each again (the
 * operator or the automatic sender already chose to send them, so this runs
 * whether or not automatic sending is on). A panel-wide cause (down, out of
 * funds, the URL or key to fix) stops the round for that panel: its other
 * orders wait for the next one instead of each asking a panel that just said
 * no, while orders at the shop's other panels still go (ADR 0026). Returns how many went.
 */
export async function retryWaitingOrders(services: Services, now = Date.now(), limit = 20): Promise<number> {
  let placed = 0;
  const stopped = new Set<number | null>();
  for (const orderId of await waitingOrdersDue(services.db, now, limit)) {
    const panelId = (await findOrder(services.db, orderId))?.panel_id ?? null;
    if (stopped.has(panelId)) continue;
    try {
      const order = await sendToPanel(services, orderId, { actor: AUTO_SEND, retry: true, now: () => now });
      if (order.status === "sent") placed++;
      if (order.status === "waiting_panel" && order.panel_wait_reason !== "busy") {
        stopped.add(panelId);
        if (order.panel_retry_at !== null) await deferWaitingOrders(services.db, panelId, order.panel_retry_at);
      }
    } catch (error) {
      logSendFailure(services, orderId, error);
      if (isAppError(error) && error.code === "NOT_CONFIGURED") stopped.add(panelId);
    }
  }
  return placed;
}

/** Loggers that were already told the panel is not set up: once is enough, not every few seconds. */
const toldNotConfigured = new WeakSet<object>();

/** Why a send nobody clicked for failed (a job's, the automatic sender's), in the log. */
export function logSendFailure(services: Pick<AppServices, "logger">, orderId: string, error: unknown) {
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

/**
 * Queued orders whose target nothing holds any more (the order ahead finished): each target's first paid
 * goes to the panel. The listener calls `sendNextQueued` once an order leaves the panel; this sweep, in the
 * payment job, catches what a stopped process left behind. They were already chosen to be sent, so this
 * runs whether or not automatic sending is on. Returns how many reached the panel.
 */
export async function sendQueuedOrders(services: Services, now = Date.now()): Promise<number> {
  let placed = 0;
  for (const orderId of await queuedOrdersDue(services.db)) {
    if (await sendQueued(services, orderId, now)) placed++;
  }
  return placed;
}

/** Once an order for `targetKey` left the panel (the order listener calls this after the commit): the next one goes. */
export async function sendNextQueued(services: Services, targetKey: string): Promise<void> {
  const next = await nextQueuedFor(services.db, targetKey);
  if (next) await sendQueued(services, next, Date.now());
}

async function sendQueued(services: Services, orderId: string, now: number): Promise<boolean> {
  try {
    const order = await sendToPanel(services, orderId, { actor: AUTO_SEND, retry: true, now: () => now });
    return order.status === "sent";
  } catch (error) {
    logSendFailure(services, orderId, error);
    return false;
  }
}
