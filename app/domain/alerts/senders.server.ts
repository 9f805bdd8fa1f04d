import type { Config } from "~/lib/config.server";
import { channelComplete } from "./alert-settings";
import type { StoredAlertSettings } from "./alert-settings.server";
import type { AlertSender } from "./channels/channel";
import { emailSender } from "./channels/email.server";
import { telegramSender } from "./channels/telegram.server";
import type { AlertChannel } from "./events";

/** A sender for each channel that has what it needs; switched-off channels included, for "Send test". */
export function alertSenders(
  { settings, secrets }: StoredAlertSettings,
  config: Pick<Config, "TELEGRAM_API_BASE">,
): Partial<Record<AlertChannel, AlertSender>> {
  return {
    ...(channelComplete("email", settings, secrets)
      ? { email: emailSender(settings.email, secrets.smtpPassword) }
      : {}),
    ...(channelComplete("telegram", settings, secrets)
      ? { telegram: telegramSender(config.TELEGRAM_API_BASE, secrets.telegramToken, settings.telegram.chatId) }
      : {}),
  };
}
