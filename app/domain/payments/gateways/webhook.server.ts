import type { AppServices } from "~/context";
import { AppError } from "~/lib/app-error";
import { firstSighting } from "../replay-guard.server";
import type { WebhookRequest } from "./gateway";
import { acceptGatewayPayment } from "./gateway-payments.server";
import { markWebhookSeen } from "./gateway-orders.repository.server";
import type { RazorpayWebhookResponse } from "./razorpay.types";
import { configuredGateway } from "./registry.server";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/** Razorpay retries a webhook for about a day: an event id is remembered well past that. */
const EVENT_MEMORY_MS = 7 * 24 * 3600_000;
/** Events that report a captured payment; any other is answered and left alone. */
const PAID_EVENTS = new Set(["payment.captured", "order.paid"]);

/**
 * POST /api/payments/razorpay-webhook. The signature is checked over the raw
 * bytes before anything in them is read; each event id is processed once
 * (remembered in the database, so across restarts and instances); a captured
 * payment goes to the matcher naming its shop order. Events may come in any
 * order: only a capture adds anything, and a capture reported twice (as
 * payment.captured and order.paid) is one credit.
 */
export async function receiveGatewayWebhook(
  services: Services,
  request: WebhookRequest,
  now = Date.now(),
): Promise<RazorpayWebhookResponse> {
  const configured = await configuredGateway(services);
  if (!configured)
    throw new AppError("UNAVAILABLE", "Razorpay is not set up: save its keys in Settings → Payment gateway");
  const { gateway, credentials } = configured;
  const check = gateway.readWebhook(credentials, request);
  if (!check.ok) {
    services.logger.warn({ reason: check.message }, "gateway webhook refused");
    throw new AppError(check.status === 401 ? "UNAUTHORIZED" : "INVALID_INPUT", check.message);
  }
  const { event } = check;
  const guardKey = event.eventId ? `${gateway.name}:event:${event.eventId}` : null;
  if (guardKey && !(await firstSighting(services.db, guardKey, now + EVENT_MEMORY_MS, now))) {
    return { success: true, outcome: "duplicate" };
  }
  try {
    if (!PAID_EVENTS.has(event.type) || !event.payment)
      return { success: true, outcome: "ignored", reason: event.type };
    const outcome = await acceptGatewayPayment(
      services,
      gateway.name,
      event.payment,
      { via: "webhook", event: event.type, eventId: event.eventId },
      now,
    );
    // Reported: the reconciliation job need not ask about this gateway order again.
    if (event.payment.gatewayOrderId && outcome.kind !== "ignored") {
      await markWebhookSeen(services.db, gateway.name, event.payment.gatewayOrderId, now);
    }
    if (outcome.kind === "ignored") return { success: true, outcome: "ignored", reason: outcome.reason };
    // A gateway's payment names its order: it is never the operator's ₹1 check (alerts only, payments/check).
    if (outcome.kind === "check") throw new Error("a gateway payment was taken as a payment check");
    return {
      success: true,
      outcome: outcome.kind,
      ...(outcome.kind === "unmatched" ? { reason: outcome.reason } : {}),
      ...(outcome.kind === "confirmed" ? { orderId: outcome.order.order_id } : {}),
    };
  } catch (error) {
    // Not processed: forget the event id, so Razorpay's retry is.
    if (guardKey) await services.db.deleteFrom("payment_replay_guard").where("key", "=", guardKey).execute();
    throw error;
  }
}
