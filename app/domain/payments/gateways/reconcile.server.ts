import type { AppServices } from "~/context";
import { AppError } from "~/lib/app-error";
import { acceptGatewayPayment } from "./gateway-payments.server";
import { dueChecks, scheduleCheck } from "./gateway-orders.repository.server";
import { type ActiveGateway, configuredGateway } from "./registry.server";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/** Gateway orders asked about per run: a slow gateway never holds the job for long. */
export const RECONCILE_BATCH = 20;
/** Failed asks in a row double the wait, up to this many times the interval. */
const MAX_BACKOFF = 64;

/**
 * Asks the gateway what was paid for one of its orders; a captured payment
 * confirms exactly as its webhook would (the same credit, by payment id).
 * True when the shop order is paid now.
 */
export async function checkGatewayOrder(
  services: Services,
  active: ActiveGateway,
  orderId: string,
  gatewayOrderId: string,
  via: "fetch" | "handler",
  now = Date.now(),
): Promise<boolean> {
  const payments = await active.gateway.orderPayments(active.credentials, gatewayOrderId);
  let paid = false;
  for (const payment of payments) {
    // The gateway's list is about the order asked for; anything else in it is not believed.
    if (payment.gatewayOrderId !== null && payment.gatewayOrderId !== gatewayOrderId) continue;
    const outcome = await acceptGatewayPayment(
      services,
      active.gateway.name,
      { ...payment, gatewayOrderId },
      { via },
      now,
    );
    if (outcome.kind === "confirmed") paid = true;
    if (outcome.kind === "duplicate" && outcome.credit.order_id === orderId) paid = true;
  }
  return paid;
}

/**
 * The safety net for webhooks that never came: each gateway order whose shop
 * order is unpaid and whose webhook has not arrived is asked about every
 * interval, until its window and grace period are over. A failed ask waits
 * twice as long before the next. Returns how many orders it confirmed.
 */
export async function reconcileGatewayOrders(services: Services, now = Date.now()): Promise<number> {
  const active = await configuredGateway(services);
  if (!active) return 0;
  const interval = services.config.GATEWAY_RECONCILE_INTERVAL_MS;
  const lastChance = services.config.PAYMENT_GRACE_SECONDS * 1000;
  let confirmed = 0;
  for (const due of await dueChecks(services.db, now, RECONCILE_BATCH)) {
    if (due.paid_at !== null || due.gateway !== active.gateway.name) {
      await scheduleCheck(services.db, due.order_id, { next_check_at: null, check_failures: due.check_failures });
      continue;
    }
    const over = now > due.payment_deadline_at + lastChance;
    try {
      const paid = await checkGatewayOrder(services, active, due.order_id, due.gateway_order_id, "fetch", now);
      if (paid) confirmed++;
      await scheduleCheck(services.db, due.order_id, {
        next_check_at: paid || over ? null : now + interval,
        check_failures: 0,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const failures = due.check_failures + 1;
      services.logger.warn({ orderId: due.order_id, failures, reason: error.message }, "gateway reconciliation failed");
      await scheduleCheck(services.db, due.order_id, {
        next_check_at: over ? null : now + interval * Math.min(2 ** failures, MAX_BACKOFF),
        check_failures: failures,
      });
    }
  }
  return confirmed;
}
