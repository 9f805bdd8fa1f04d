import type { AppServices } from "~/context";
import { type RequestClient, recordSettingsAudit } from "~/domain/audit/audit.server";
import { MailServerRefused, mailServerAddresses } from "~/domain/mail-server/address.server";
import { TLS_REQUIRED, mailServerPlace, plainConnectionAllowed } from "~/domain/mail-server/rules";
import { AppError } from "~/lib/app-error";
import { secretLeftBehind } from "~/lib/saved-secret";
import { parseRupeesToPaise } from "~/lib/money";
import type { AlertAction, AlertSettingsResult } from "./alert-settings-actions";
import { alertSettings, saveAlertSettings } from "./alert-settings.server";
import { TELEGRAM_TOKEN_PATTERN } from "./channels/telegram-api.server";
import { ALERT_CHANNEL_LABELS } from "./events";
import { formatAlert } from "./format";
import { alertSenders } from "./senders.server";
import { connectTelegramWebhook } from "./telegram-webhook.server";

type Services = Pick<AppServices, "db" | "settings" | "config">;

export const RETYPE_SMTP_PASSWORD =
  "Type the SMTP password again to use a different server: the saved password is only sent to the server it was saved for";

/**
 * The SMTP server a save points at: the saved password only to the server it
 * was saved for (unless typed again), TLS unless the server is on this
 * machine under MAIL_ALLOW_PRIVATE_ADDRESSES, and no server on this machine or
 * a private network without that setting. A name that does not resolve now is
 * left for the send to report.
 */
async function checkSmtpServer(
  services: Services,
  stored: Awaited<ReturnType<typeof alertSettings>>,
  action: Extract<AlertAction, { intent: "alerts-email" }>,
  port: number,
): Promise<void> {
  const allowPrivate = services.config.MAIL_ALLOW_PRIVATE_ADDRESSES;
  const plain = action.smtpSecurity === "none";
  if (plain && !plainConnectionAllowed(action.smtpHost, allowPrivate)) throw invalid(TLS_REQUIRED, "smtpSecurity");
  const saved = stored.settings.email;
  const left = secretLeftBehind({
    saved: stored.secrets.smtpPassword,
    typed: action.smtpPassword,
    savedFor: mailServerPlace(saved.host, saved.port),
    goingTo: mailServerPlace(action.smtpHost, port),
  });
  if (left) throw invalid(RETYPE_SMTP_PASSWORD, "smtpPassword");
  try {
    await mailServerAddresses({ host: action.smtpHost, plain, allowPrivate });
  } catch (error) {
    if (error instanceof MailServerRefused) throw invalid(error.message, "smtpHost");
  }
}

/** One address, as nodemailer takes it: "Shop <alerts@shop.in>" or "alerts@shop.in". */
const ADDRESS = /^(?:[^<>\r\n]{0,100}<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;
const HOST = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

const invalid = (message: string, field: string) => new AppError("INVALID_INPUT", message, { field });

/**
 * The Settings page's "Alerts" card: which events, the daily summary's time
 * and the balance threshold; each channel's settings (secrets write-only, the
 * audit log keeps only their last 4 characters); and "Send test", which sends
 * one message now and answers with the channel's own words, changing nothing.
 */
export async function runAlertAction(
  services: Services,
  operator: { name: string; client: RequestClient },
  action: AlertAction,
): Promise<AlertSettingsResult> {
  const { db } = services;
  const audit = (details: Record<string, unknown>) =>
    recordSettingsAudit(db, operator, "alerts", `alerts.${action.intent.replace(/^alerts-/, "")}`, details);
  const stored = await alertSettings(db);
  const { settings } = stored;
  switch (action.intent) {
    case "alerts-events": {
      const threshold = action.balanceThreshold === "" ? null : parseRupeesToPaise(action.balanceThreshold);
      if (action.balanceThreshold !== "" && threshold === null) {
        throw invalid("Give the balance threshold in rupees, e.g. 500", "balanceThreshold");
      }
      const next = {
        ...settings,
        events: action.events,
        dailySummaryTime: action.dailySummaryTime,
        balanceThresholdPaise: threshold,
      };
      await saveAlertSettings(db, { settings: next });
      await audit({
        events: next.events,
        dailySummaryTime: next.dailySummaryTime,
        balanceThresholdPaise: threshold,
      });
      return { ok: true, intent: action.intent, message: "Alert choices saved" };
    }
    case "alerts-email": {
      const port = action.smtpPort === "" ? 587 : Number(action.smtpPort);
      if (!Number.isInteger(port) || port < 1 || port > 65535) {
        throw invalid("The port is a whole number from 1 to 65535", "smtpPort");
      }
      if (action.smtpHost && !HOST.test(action.smtpHost)) throw invalid("Give the SMTP server's host name", "smtpHost");
      if (action.mailFrom && !ADDRESS.test(action.mailFrom)) throw invalid("Give one From address", "mailFrom");
      if (action.mailTo && !ADDRESS.test(action.mailTo)) throw invalid("Give one To address", "mailTo");
      if (action.enabled) {
        // The first one missing, under its own field.
        const missing = (["smtpHost", "mailFrom", "mailTo"] as const).find((name) => !action[name]);
        if (missing) throw invalid("Give the SMTP host, From and To before switching e-mail alerts on", missing);
      }
      if (action.smtpHost) await checkSmtpServer(services, stored, action, port);
      const email = {
        enabled: action.enabled,
        host: action.smtpHost,
        port,
        security: action.smtpSecurity,
        user: action.smtpUser,
        from: action.mailFrom,
        to: action.mailTo,
      };
      await saveAlertSettings(db, {
        settings: { ...settings, email },
        smtpPassword: action.smtpPassword || undefined,
      });
      await audit({
        ...email,
        ...(action.smtpPassword ? { smtpPassword: `••••${action.smtpPassword.slice(-4)}` } : {}),
      });
      return { ok: true, intent: action.intent, message: "E-mail alerts saved" };
    }
    case "alerts-telegram": {
      const token = action.telegramToken;
      if (token && !TELEGRAM_TOKEN_PATTERN.test(token)) {
        throw invalid("The bot token looks like 123456789:AA… (from @BotFather)", "telegramToken");
      }
      if (action.telegramChatId && !/^-?\d{1,20}$/.test(action.telegramChatId)) {
        throw invalid("The chat id is a number (negative for a group)", "telegramChatId");
      }
      if (action.enabled && (!action.telegramChatId || !(token || stored.secrets.telegramToken))) {
        throw invalid("Give the bot token and the chat id before switching Telegram alerts on", "telegramToken");
      }
      const operatorIds = [...new Set(action.telegramUserIds.split(/[\s,;]+/).filter(Boolean))];
      if (operatorIds.some((userId) => !/^\d{1,20}$/.test(userId))) {
        throw invalid("A Telegram user id is a number (your own, not the chat's)", "telegramUserIds");
      }
      if (operatorIds.length > 10) throw invalid("At most 10 Telegram user ids", "telegramUserIds");
      const telegram = { enabled: action.enabled, chatId: action.telegramChatId, operatorIds };
      await saveAlertSettings(db, { settings: { ...settings, telegram }, telegramToken: token || undefined });
      // A new token is a new bot: point it at this shop, so its "Confirm payment" button works.
      const webhookRefused = token ? await connectTelegramWebhook(services, token) : null;
      await audit({
        ...telegram,
        ...(token ? { telegramToken: `••••${token.slice(-4)}`, webhook: webhookRefused ?? "set" } : {}),
      });
      return {
        ok: true,
        intent: action.intent,
        message: webhookRefused
          ? `Telegram alerts saved, but Telegram refused the webhook (the Confirm button will not work): ${webhookRefused}`
          : operatorIds.length === 0
            ? "Telegram alerts saved. Add your Telegram user id for the Confirm button to work"
            : "Telegram alerts saved",
      };
    }
    case "alerts-push": {
      const push = { enabled: action.enabled };
      await saveAlertSettings(db, { settings: { ...settings, push } });
      await audit(push);
      return {
        ok: true,
        intent: action.intent,
        message: action.enabled ? "Web Push alerts on" : "Web Push alerts off",
      };
    }
    case "alerts-test": {
      const site = await services.settings.get();
      const sender = (await alertSenders(db, stored, services.config, site))[action.channel];
      const label = ALERT_CHANNEL_LABELS[action.channel];
      if (!sender) throw new AppError("NOT_CONFIGURED", `Save the ${label} settings first`);
      const result = await sender.send(
        formatAlert(
          {
            title: "Test alert: this channel works",
            lines: ["Sent from Settings → Alerts."],
            orderId: null,
            path: "/admin/settings",
          },
          { brand: site.brandName, publicBaseUrl: site.publicBaseUrl },
        ),
      );
      // Where the test went, for e-mail (the channel that logs in to a server the operator named).
      const server = action.channel === "email" ? { host: settings.email.host, port: settings.email.port } : {};
      await audit({ channel: action.channel, ...server, result: result.kind === "ok" ? "sent" : result.error });
      if (result.kind !== "ok") throw new AppError("UPSTREAM_FAILED", `${label}: ${result.error}`);
      return { ok: true, intent: action.intent, message: `${label}: test alert sent` };
    }
  }
}
