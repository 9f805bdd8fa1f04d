import type { AppServices } from "~/context";
import { acceptCredit } from "../credits.server";
import type { CreditOutcome } from "../matching.server";
import type { GatewayPayment } from "./gateway";
import { findByGatewayOrderId } from "./gateway-orders.repository.server";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

export type GatewayOutcome = CreditOutcome | { kind: "ignored"; reason: string };

/**
 * A payment the gateway vouched for (by a signed webhook, or by answering the
 * shop's own request) goes to the matcher like any bank alert, naming the
 * shop order its gateway order was made for. Only a captured payment is a
 * credit: an authorised, failed or refunded one changes nothing, so a late
 * "failed" cannot undo a capture. The payment id keeps it to one credit
 * however many times and ways it is reported.
 */
export async function acceptGatewayPayment(
  services: Services,
  gateway: string,
  payment: GatewayPayment,
  via: { via: "webhook" | "fetch" | "handler"; event?: string; eventId?: string | null },
  now = Date.now(),
): Promise<GatewayOutcome> {
  if (payment.status !== "captured") return { kind: "ignored", reason: `payment ${payment.status}` };
  const named = payment.gatewayOrderId
    ? await findByGatewayOrderId(services.db, gateway, payment.gatewayOrderId)
    : undefined;
  return acceptCredit(
    services,
    {
      source: "gateway",
      reporter: gateway,
      amountPaise: payment.amountPaise,
      utr: payment.utr,
      payerVpa: payment.payerVpa,
      at: payment.at > 0 ? payment.at : now,
      messageId: payment.paymentId,
      orderId: named?.order_id ?? null,
      evidence: {
        // What Unmatched payments shows the operator, like an alert's words and sender.
        text: `${gateway} payment ${payment.paymentId} for ${gateway} order ${payment.gatewayOrderId ?? "(none)"}${payment.method ? ` by ${payment.method}` : ""}`,
        from: gateway,
        gateway,
        paymentId: payment.paymentId,
        gatewayOrderId: payment.gatewayOrderId,
        method: payment.method,
        currency: payment.currency,
        ...via,
        ...(via.via === "webhook" ? { signature: "verified" } : {}),
      },
      // Rupees only: any other currency is kept for the operator, never compared with a price in paise.
      ...(payment.currency === "INR" ? {} : { unreadable: "unrecognised" as const }),
    },
    now,
  );
}
