import { randomBytes } from "node:crypto";
import type { AppServices } from "~/context";
import { saveAlertSettings } from "./alert-settings.server";
import { callTelegram } from "./channels/telegram-api.server";
import { adminLink } from "./format";

/** Where Telegram sends the operator's button presses (app/domain/order-actions/telegram-button.server.ts). */
export const TELEGRAM_WEBHOOK_PATH = "/api/alerts/telegram";

/**
 * Points the bot at this shop (`setWebhook` with a new secret and only button
 * presses), and keeps the secret once Telegram took it. Returns Telegram's
 * refusal as a message, or null.
 */
export async function connectTelegramWebhook(
  services: Pick<AppServices, "db" | "settings" | "config">,
  token: string,
): Promise<string | null> {
  const site = await services.settings.get();
  const secret = randomBytes(32).toString("hex");
  const reply = await callTelegram(services.config.TELEGRAM_API_BASE, token, "setWebhook", {
    url: adminLink(site.publicBaseUrl, TELEGRAM_WEBHOOK_PATH),
    secret_token: secret,
    allowed_updates: ["callback_query"],
  });
  if (!reply.ok) return reply.description;
  await saveAlertSettings(services.db, { telegramWebhookSecret: secret });
  return null;
}
