import type { DB } from "~/db/database.server";
import { readSettingValues, upsertSettingValues } from "~/domain/settings/settings.repository.server";
import { type AlertSecrets, type AlertSettings, parseAlertSettings } from "./alert-settings";
import { pushDeviceCount } from "./push-subscriptions.server";
import { vapidPublicKey } from "./vapid.server";

/**
 * Alert settings live in the settings table but outside the site settings:
 * never cached with the pages' settings, never in a backup, and the secrets
 * never sent to a browser. Read inside the caller's transaction when an event
 * is queued, so one indexed read decides which channels get it.
 */

const KEYS = {
  settings: "ALERTS_SETTINGS",
  smtpPassword: "ALERTS_SMTP_PASSWORD",
  telegramToken: "ALERTS_TELEGRAM_TOKEN",
  telegramWebhookSecret: "ALERTS_TELEGRAM_WEBHOOK_SECRET",
} as const;

export interface StoredAlertSettings {
  settings: AlertSettings;
  secrets: AlertSecrets;
}

export async function alertSettings(db: DB): Promise<StoredAlertSettings> {
  const saved = await readSettingValues(db, Object.values(KEYS));
  const value = (key: string) => saved.get(key) ?? "";
  return {
    settings: parseAlertSettings(value(KEYS.settings)),
    secrets: {
      smtpPassword: value(KEYS.smtpPassword),
      telegramToken: value(KEYS.telegramToken),
      telegramWebhookSecret: value(KEYS.telegramWebhookSecret),
    },
  };
}

/** Writes what is given; a secret left undefined keeps the saved one. */
export async function saveAlertSettings(
  db: DB,
  changes: { settings?: AlertSettings } & Partial<AlertSecrets>,
  now = Date.now(),
): Promise<void> {
  const values: Record<string, string | undefined> = {
    [KEYS.settings]: changes.settings ? JSON.stringify(changes.settings) : undefined,
    [KEYS.smtpPassword]: changes.smtpPassword,
    [KEYS.telegramToken]: changes.telegramToken,
    [KEYS.telegramWebhookSecret]: changes.telegramWebhookSecret,
  };
  const given = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
  await upsertSettingValues(db, Object.fromEntries(given), now);
}

/** What the Settings page shows: the settings, and of each secret only its last 4 characters. */
export interface AlertSettingsView {
  settings: AlertSettings;
  smtpPasswordHint: string | null;
  telegramTokenHint: string | null;
  telegramWebhookSet: boolean;
  /** The VAPID public key a browser subscribes with (null until the alert job made it), and how many devices did. */
  push: { publicKey: string | null; devices: number };
}

export async function alertSettingsView(db: DB): Promise<AlertSettingsView> {
  const [{ settings, secrets }, publicKey, devices] = await Promise.all([
    alertSettings(db),
    vapidPublicKey(db),
    pushDeviceCount(db),
  ]);
  const hint = (secret: string) => (secret ? secret.slice(-4) : null);
  return {
    settings,
    smtpPasswordHint: hint(secrets.smtpPassword),
    telegramTokenHint: hint(secrets.telegramToken),
    telegramWebhookSet: secrets.telegramWebhookSecret !== "",
    push: { publicKey, devices },
  };
}
