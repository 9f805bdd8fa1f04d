import type { DB } from "~/db/database.server";
import { defineSettings, secretHint, structured, text } from "~/domain/settings/define";
import { readSettings, saveSettings } from "~/domain/settings/store.server";
import { type AlertSecrets, type AlertSettings, parseAlertSettings } from "./alert-settings";
import { pushDeviceCount } from "./push-subscriptions.server";
import { vapidPublicKey } from "./vapid.server";

/**
 * Alert settings live in the settings table but outside the site settings:
 * never cached with the pages' settings, never in a backup, and the secrets
 * never sent to a browser. Read inside the caller's transaction when an event
 * is queued, so one indexed read decides which channels get it. Written by the Alerts card.
 */
export const alertChannelSettings = defineSettings({
  settings: structured<AlertSettings>("ALERTS_SETTINGS", "Alerts", {
    read: parseAlertSettings,
    write: (settings) => JSON.stringify(settings),
    fallback: () => parseAlertSettings(""),
  }),
  smtpPassword: text("ALERTS_SMTP_PASSWORD", "SMTP password", { secret: true }),
  telegramToken: text("ALERTS_TELEGRAM_TOKEN", "Bot token", { secret: true }),
  /** Sent to Telegram with setWebhook; Telegram sends it back on every update. */
  telegramWebhookSecret: text("ALERTS_TELEGRAM_WEBHOOK_SECRET", "Telegram webhook secret", { secret: true }),
});

export interface StoredAlertSettings {
  settings: AlertSettings;
  secrets: AlertSecrets;
}

export async function alertSettings(db: DB): Promise<StoredAlertSettings> {
  const { settings, ...secrets } = await readSettings(db, alertChannelSettings);
  return { settings, secrets };
}

/** Writes what is given; a secret left undefined keeps the saved one. */
export async function saveAlertSettings(
  db: DB,
  changes: { settings?: AlertSettings } & Partial<AlertSecrets>,
  now = Date.now(),
): Promise<void> {
  await saveSettings(db, alertChannelSettings, changes, now);
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
  return {
    settings,
    smtpPasswordHint: secretHint(secrets.smtpPassword),
    telegramTokenHint: secretHint(secrets.telegramToken),
    telegramWebhookSet: secrets.telegramWebhookSecret !== "",
    push: { publicKey, devices },
  };
}
