import type { AppServices } from "~/context";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { firstSighting } from "~/domain/payments/replay-guard.server";
import { AppError } from "~/lib/app-error";
import type { CheckoutLaunch, HandlerResponse } from "./gateway";
import {
  claimGatewayOrder,
  findGatewayOrder,
  releaseClaim,
  retakeStaleClaim,
  setGatewayOrderId,
} from "./gateway-orders.repository.server";
import { checkGatewayOrder } from "./reconcile.server";
import { type ActiveGateway, activeGateway, configuredGateway } from "./registry.server";
import { GATEWAY_MESSAGES } from "./gateway-messages";

export { GATEWAY_MESSAGES };

/** How often the buyer's page may make the shop ask the gateway about one order. */
const HANDLER_CHECK_SPACING_MS = 5_000;

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/** A claim older than this with no gateway order was left by a request that died: another may retake it. */
const STALE_CLAIM_MS = 30_000;
const WAIT_STEP_MS = 250;
const WAIT_STEPS = 40;

/** Requests of this process already making a gateway order, by shop order: a double click shares one. */
const making = new Map<string, Promise<CheckoutLaunch>>();

/**
 * "Pay with Razorpay": the gateway order for this shop order, made once, at the
 * order's own price (whatever the browser sent, it sends no amount). A second
 * click, here or on another instance, gets the same gateway order.
 */
export function startGatewayCheckout(
  services: Services,
  rawOrderId: string,
  now = Date.now(),
): Promise<CheckoutLaunch> {
  const key = rawOrderId.trim().toUpperCase();
  const running = making.get(key);
  if (running) return running;
  const work = launch(services, rawOrderId, now).finally(() => making.delete(key));
  making.set(key, work);
  return work;
}

async function launch(services: Services, rawOrderId: string, now: number): Promise<CheckoutLaunch> {
  const active = await activeGateway(services);
  if (!active) throw new AppError("UNAVAILABLE", GATEWAY_MESSAGES.off);
  const order = await findOrder(services.db, rawOrderId);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  if (order.status !== "awaiting_payment" || order.payment_deadline_at <= now) {
    throw new AppError("INVALID_TRANSITION", GATEWAY_MESSAGES.notPayable);
  }
  const row = { order_id: order.order_id, gateway: active.gateway.name, amount_paise: order.price_paise };
  if (await claimGatewayOrder(services.db, row, now)) return make(services, active, row, now);

  for (let step = 0; step < WAIT_STEPS; step++) {
    const existing = await findGatewayOrder(services.db, order.order_id);
    if (!existing) {
      if (await claimGatewayOrder(services.db, row, now)) return make(services, active, row, now);
      continue;
    }
    if (existing.gateway_order_id) {
      return launchFor(active, existing.gateway_order_id, existing.amount_paise);
    }
    if (Date.now() - existing.created_at > STALE_CLAIM_MS) {
      if (await retakeStaleClaim(services.db, order.order_id, existing.created_at, Date.now())) {
        return make(services, active, { ...row, amount_paise: existing.amount_paise }, now);
      }
    }
    await new Promise((done) => setTimeout(done, WAIT_STEP_MS));
  }
  throw new AppError("UNAVAILABLE", GATEWAY_MESSAGES.busy);
}

async function make(
  services: Services,
  active: ActiveGateway,
  row: { order_id: string; amount_paise: number },
  now: number,
): Promise<CheckoutLaunch> {
  try {
    const made = await active.gateway.createOrder(active.credentials, {
      amountPaise: row.amount_paise,
      receipt: row.order_id,
      notes: { shop_order_id: row.order_id },
    });
    await setGatewayOrderId(
      services.db,
      row.order_id,
      made.gatewayOrderId,
      now + services.config.GATEWAY_RECONCILE_INTERVAL_MS,
    );
    return launchFor(active, made.gatewayOrderId, row.amount_paise);
  } catch (error) {
    // Nothing was kept: the next click tries again.
    await releaseClaim(services.db, row.order_id);
    services.logger.warn({ err: error, orderId: row.order_id }, "gateway order not made");
    throw error;
  }
}

function launchFor(active: ActiveGateway, gatewayOrderId: string, amountPaise: number): CheckoutLaunch {
  return {
    gateway: active.gateway.name,
    keyId: active.credentials.keyId,
    gatewayOrderId,
    amountPaise,
    currency: "INR",
    scriptUrl: active.gateway.scriptUrl,
  };
}

/**
 * The checkout's handler says the buyer paid. That proves nothing by itself:
 * its signature is checked, and then the shop asks the gateway what was paid
 * for this order; only that answer (or a signed webhook) confirms.
 */
export async function checkAfterHandler(
  services: Services,
  rawOrderId: string,
  response: HandlerResponse,
  now = Date.now(),
): Promise<{ confirmed: boolean }> {
  const configured = await configuredGateway(services);
  if (!configured) throw new AppError("UNAVAILABLE", GATEWAY_MESSAGES.off);
  const order = await findOrder(services.db, rawOrderId);
  const row = order ? await findGatewayOrder(services.db, order.order_id) : undefined;
  if (!order || !row?.gateway_order_id) throw new AppError("NOT_FOUND", "Order not found");
  if (
    row.gateway_order_id !== response.gatewayOrderId ||
    !configured.gateway.verifyHandler(configured.credentials, response)
  ) {
    throw new AppError("UNAUTHORIZED", GATEWAY_MESSAGES.notVerified);
  }
  if (order.paid_at !== null) return { confirmed: true };
  // A signed handler response can be replayed at will; each replay would cost a gateway API call.
  // A signature needs a real payment, so spacing the checks per payment is enough.
  // One check per order per few seconds is enough: the webhook and the reconciliation job follow up.
  const slot = Math.floor(now / HANDLER_CHECK_SPACING_MS);
  if (
    !(await firstSighting(
      services.db,
      `gateway-check:${response.paymentId}:${slot}`,
      now + 2 * HANDLER_CHECK_SPACING_MS,
      now,
    ))
  ) {
    return { confirmed: false };
  }
  const confirmed = await checkGatewayOrder(services, configured, row.order_id, row.gateway_order_id, "handler", now);
  return { confirmed };
}
