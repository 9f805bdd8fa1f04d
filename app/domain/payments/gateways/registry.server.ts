import type { AppServices } from "~/context";
import type { GatewayCredentials, PaymentGateway } from "./gateway";
import { gatewayReady, gatewaySettings } from "./gateway-settings.server";
import { razorpayGateway } from "./razorpay.server";

/**
 * The gateways the shop can use, by name. A second gateway is one file
 * implementing `PaymentGateway` and one entry here (and its settings).
 */
export function gatewayByName(name: string, config: AppServices["config"]): PaymentGateway | null {
  switch (name) {
    case "razorpay":
      return razorpayGateway({ baseUrl: config.RAZORPAY_API_BASE });
    default:
      return null;
  }
}

export interface ActiveGateway {
  gateway: PaymentGateway;
  credentials: GatewayCredentials;
}

/** The gateway buyers may pay through now; null when none is switched on with its keys saved. */
export async function activeGateway(services: Pick<AppServices, "db" | "config">): Promise<ActiveGateway | null> {
  const settings = await gatewaySettings(services.db);
  if (!gatewayReady(settings)) return null;
  return { gateway: gatewayByName("razorpay", services.config)!, credentials: settings };
}

/** The gateway's keys even when switched off: webhooks about orders made before still verify and count. */
export async function configuredGateway(services: Pick<AppServices, "db" | "config">): Promise<ActiveGateway | null> {
  const settings = await gatewaySettings(services.db);
  if (!settings.keyId || !settings.keySecret || !settings.webhookSecret) return null;
  return { gateway: gatewayByName("razorpay", services.config)!, credentials: settings };
}
