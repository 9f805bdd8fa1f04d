import { z } from "zod";
import { ALERT_CHANNELS, ALERT_EVENTS, type AlertChannel, type AlertEvent } from "./events";

/**
 * The alert settings the page may show (no secrets), their defaults, and how
 * a stored value is read back. Secrets (SMTP password, bot token, webhook
 * secret) are kept apart and appear here only as "saved, ending …1234".
 */

export const SMTP_SECURITY = ["tls", "starttls", "none"] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

export const alertSettingsSchema = z.object({
  events: z.array(z.enum(ALERT_EVENTS)).default([...ALERT_EVENTS]),
  /** IST, HH:MM. */
  dailySummaryTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .default("21:00"),
  /** Alert when the panel balance is below this (paise); null: never. */
  balanceThresholdPaise: z.number().int().min(0).nullable().default(null),
  email: z
    .object({
      enabled: z.boolean().default(false),
      host: z.string().default(""),
      port: z.number().int().min(1).max(65535).default(587),
      security: z.enum(SMTP_SECURITY).default("starttls"),
      user: z.string().default(""),
      from: z.string().default(""),
      to: z.string().default(""),
    })
    .default({ enabled: false, host: "", port: 587, security: "starttls", user: "", from: "", to: "" }),
  telegram: z
    .object({
      enabled: z.boolean().default(false),
      chatId: z.string().default(""),
      /** The Telegram user ids whose press of "Confirm payment" counts: the operator's own, never the chat's. */
      operatorIds: z.array(z.string()).default([]),
    })
    .default({ enabled: false, chatId: "", operatorIds: [] }),
  /** Web Push to every device that subscribed (alert_push_subscriptions). */
  push: z.object({ enabled: z.boolean().default(false) }).default({ enabled: false }),
});
export type AlertSettings = z.output<typeof alertSettingsSchema>;

export interface AlertSecrets {
  smtpPassword: string;
  telegramToken: string;
  /** Sent to Telegram with setWebhook; Telegram sends it back on every update. */
  telegramWebhookSecret: string;
}

/** A stored value read back; anything unreadable falls back to the defaults rather than stopping alerts. */
export function parseAlertSettings(raw: string | null | undefined): AlertSettings {
  try {
    const parsed = alertSettingsSchema.safeParse(raw ? JSON.parse(raw) : {});
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the defaults
  }
  return alertSettingsSchema.parse({});
}

/** A channel with everything it needs to send (switched on or not). */
export function channelComplete(channel: AlertChannel, settings: AlertSettings, secrets: AlertSecrets): boolean {
  switch (channel) {
    case "email":
      return Boolean(settings.email.host && settings.email.to && settings.email.from);
    case "telegram":
      return Boolean(settings.telegram.chatId && secrets.telegramToken);
    case "push":
      // Its keys are made at first start; whether any device subscribed is known only when sending.
      return true;
  }
}

/** Which channels would get an alert for this event right now: chosen, switched on and complete. */
export function channelsFor(event: AlertEvent, settings: AlertSettings, secrets: AlertSecrets): AlertChannel[] {
  if (!settings.events.includes(event)) return [];
  return ALERT_CHANNELS.filter((c) => settings[c].enabled && channelComplete(c, settings, secrets));
}
