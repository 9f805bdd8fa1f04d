import type { DB } from "~/db/database.server";
import { readSettingValues, upsertSettingValues } from "~/domain/settings/settings.repository.server";
import type { GatewayCredentials } from "./gateway";

/**
 * The payment gateway's settings, outside the site settings: never cached
 * with the pages' settings, never in a backup (backups carry only registered
 * site settings), and the two secrets never sent to a browser. Kept as typed,
 * since an HMAC and Basic auth need the secrets themselves.
 */

const KEYS = {
  enabled: "PAYMENTS_RAZORPAY_ENABLED",
  keyId: "PAYMENTS_RAZORPAY_KEY_ID",
  keySecret: "PAYMENTS_RAZORPAY_KEY_SECRET",
  webhookSecret: "PAYMENTS_RAZORPAY_WEBHOOK_SECRET",
} as const;

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
  const saved = await readSettingValues(db, Object.values(KEYS));
  const value = (key: string) => saved.get(key) ?? "";
  return {
    enabled: value(KEYS.enabled) === "true",
    keyId: value(KEYS.keyId),
    keySecret: value(KEYS.keySecret),
    webhookSecret: value(KEYS.webhookSecret),
  };
}

/** Ready to take payments: switched on and every key saved. */
export function gatewayReady(settings: GatewaySettings): boolean {
  return settings.enabled && settings.keyId !== "" && settings.keySecret !== "" && settings.webhookSecret !== "";
}

export function gatewaySettingsView(settings: GatewaySettings): GatewaySettingsView {
  const hint = (secret: string) => (secret ? secret.slice(-4) : null);
  return {
    enabled: settings.enabled,
    keyId: settings.keyId,
    keySecretHint: hint(settings.keySecret),
    webhookSecretHint: hint(settings.webhookSecret),
  };
}

export async function saveGatewaySettings(
  db: DB,
  changes: Partial<{ enabled: boolean; keyId: string; keySecret: string; webhookSecret: string }>,
  now = Date.now(),
): Promise<void> {
  const values = Object.entries(changes)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]): [string, string] => [KEYS[name as keyof typeof KEYS], String(v)]);
  await upsertSettingValues(db, Object.fromEntries(values), now);
}
