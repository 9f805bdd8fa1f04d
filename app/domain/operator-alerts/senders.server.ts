import type { DB } from "~/db/database.server";
import type { Config } from "~/lib/server/config.server";
import { channelComplete } from "./alert-settings";
import type { StoredAlertSettings } from "./alert-settings.server";
import type { AlertSender } from "./channels/channel";
import { emailSender } from "./channels/email.server";
import { pushSender } from "./channels/push.server";
import { telegramSender } from "./channels/telegram.server";
import type { AlertChannel } from "./events";
import { vapidKeys } from "./vapid.server";

interface Site {
  publicBaseUrl: string;
  supportEmail: string;
}

/** Who push services may write to about this sender: the shop's https address, else its support e-mail. */
export function vapidSubject(site: Site): string {
  if (/^https:\/\/[^/\s]+/i.test(site.publicBaseUrl.trim())) return site.publicBaseUrl.trim();
  return `mailto:${/^[^\s@]+@[^\s@]+$/.test(site.supportEmail) ? site.supportEmail : "alerts@shop.invalid"}`;
}

/** A sender for each channel that has what it needs; switched-off channels included, for "Send test". */
export async function alertSenders(
  db: DB,
  { settings, secrets }: StoredAlertSettings,
  config: Pick<Config, "TELEGRAM_API_BASE" | "PUSH_ALLOW_PRIVATE_ADDRESSES" | "MAIL_ALLOW_PRIVATE_ADDRESSES">,
  site: Site,
): Promise<Partial<Record<AlertChannel, AlertSender>>> {
  const senders: Partial<Record<AlertChannel, AlertSender>> = {};
  if (channelComplete("email", settings, secrets)) {
    senders.email = emailSender(settings.email, secrets.smtpPassword, config.MAIL_ALLOW_PRIVATE_ADDRESSES);
  }
  if (channelComplete("telegram", settings, secrets)) {
    senders.telegram = telegramSender(config.TELEGRAM_API_BASE, secrets.telegramToken, settings.telegram.chatId);
  }
  senders.push = pushSender(db, {
    keys: await vapidKeys(db),
    subject: vapidSubject(site),
    allowPrivate: config.PUSH_ALLOW_PRIVATE_ADDRESSES,
  });
  return senders;
}
