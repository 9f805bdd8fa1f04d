import type { DB } from "~/db/database.server";
import { defineSettings, flag, secretHint, text } from "~/domain/settings/define";
import { readSettings, saveSettings } from "~/domain/settings/store.server";
import type { GatewayCredentials } from "./gateway";

/**
 * The payment gateway's settings, outside the site settings: never cached
 * with the pages' settings, never in a backup (backups carry only registered
 * site settings), and the two secrets never sent to a browser. Kept as typed,
 * since an HMAC and Basic auth need the secrets themselves. Written by the
 * Payment gateway card.
 */
export const razorpaySettings = defineSettings({
  enabled: flag("PAYMENTS_RAZORPAY_ENABLED", "Pay with Razorpay", { default: false }),
  keyId: text("PAYMENTS_RAZORPAY_KEY_ID", "Key id", { required: false }),
  keySecret: text("PAYMENTS_RAZORPAY_KEY_SECRET", "Key secret", { secret: true }),
  webhookSecret: text("PAYMENTS_RAZORPAY_WEBHOOK_SECRET", "Webhook secret", { secret: true }),
});

export interface GatewaySettings extends GatewayCredentials {
  enabled: boolean;
}

/** What the Settings page may show: the key id (public anyway) and the secrets' last 4 characters. */
export interface GatewaySettingsView {
  enabled: boolean;
  keyId: string;
  keySecretHint: string | null;
  webhookSecretHint: string | null;
}

export async function gatewaySettings(db: DB): Promise<GatewaySettings> {
  return readSettings(db, razorpaySettings);
}

/** Ready to take payments: switched on and every key saved. */
export function gatewayReady(settings: GatewaySettings): boolean {
  return settings.enabled && settings.keyId !== "" && settings.keySecret !== "" && settings.webhookSecret !== "";
}

export function gatewaySettingsView(settings: GatewaySettings): GatewaySettingsView {
  return {
    enabled: settings.enabled,
    keyId: settings.keyId,
    keySecretHint: secretHint(settings.keySecret),
    webhookSecretHint: secretHint(settings.webhookSecret),
  };
}

export async function saveGatewaySettings(
  db: DB,
  changes: Partial<{ enabled: boolean; keyId: string; keySecret: string; webhookSecret: string }>,
  now = Date.now(),
): Promise<void> {
  await saveSettings(db, razorpaySettings, changes, now);
}
