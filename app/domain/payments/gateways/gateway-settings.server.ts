import type { DB } from "~/db/database.server";
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
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", Object.values(KEYS))
    .execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value ?? "";
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
  const rows = Object.entries(changes)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({ key: KEYS[name as keyof typeof KEYS], value: String(v), updated_at: now }));
  if (rows.length === 0) return;
  await db
    .insertInto("settings")
    .values(rows)
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })),
    )
    .execute();
}
