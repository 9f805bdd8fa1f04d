import { z } from "zod";
import { intentsOf } from "~/lib/intent";
import { ALERT_CHANNELS, ALERT_EVENTS } from "./events";

/**
 * The Settings page's "Alerts" forms, one shape per intent, joined into the
 * page's one action schema (app/routes/admin/settings-intents.ts). Secrets
 * are write-only: an empty field keeps the saved one, and replies never echo them.
 */
const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default("");
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

export const alertActionSchemas = [
  z.object({
    intent: z.literal("alerts-events"),
    events: z
      .array(z.enum(ALERT_EVENTS, { error: "Choose events from the list" }))
      .max(ALERT_EVENTS.length)
      .default([]),
    dailySummaryTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give the daily summary time as HH:MM (IST, 24-hour)")
      .default("21:00"),
    balanceThreshold: text(12, "The balance threshold is too long"),
  }),
  z.object({
    intent: z.literal("alerts-email"),
    enabled: checkbox,
    smtpHost: text(253, "The host name is too long"),
    smtpPort: text(5, "The port is a whole number from 1 to 65535"),
    smtpSecurity: z.enum(["tls", "starttls", "none"], { error: "Choose TLS, STARTTLS or none" }).default("starttls"),
    smtpUser: text(320, "The user name is too long"),
    smtpPassword: text(500, "The password is too long"),
    mailFrom: text(320, "The From address is too long"),
    mailTo: text(320, "The To address is too long"),
  }),
  z.object({
    intent: z.literal("alerts-telegram"),
    enabled: checkbox,
    telegramToken: text(120, "The bot token is too long"),
    telegramChatId: text(32, "The chat id is too long"),
    telegramUserIds: text(300, "The list of user ids is too long"),
  }),
  z.object({ intent: z.literal("alerts-push"), enabled: checkbox }),
  z.object({
    intent: z.literal("alerts-test"),
    channel: z.enum(ALERT_CHANNELS, { error: "Choose a channel to test" }),
  }),
] as const;

export type AlertAction = z.output<(typeof alertActionSchemas)[number]>;
export type AlertIntent = AlertAction["intent"];

/** Form fields never sent back to the browser in a reply. */
export const ALERT_SECRET_FIELDS = ["smtpPassword", "telegramToken"];

export const isAlertAction = intentsOf(alertActionSchemas);

export type AlertSettingsResult =
  { ok: true; intent: AlertIntent; message: string } | { ok: false; message: string; field?: string | null };
