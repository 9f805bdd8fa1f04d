import type { ChannelResult } from "../retry";
import { confirmCallbackData } from "../telegram-callback";
import type { AlertSender } from "./channel";
import { type TelegramReply, callTelegram } from "./telegram-api.server";

/**
 * Alerts in a Telegram chat through the shop's own bot. An alert about a
 * payment to confirm carries a "Confirm payment" button; pressing it comes
 * back through the webhook (telegram-webhook.server.ts).
 */
export function telegramSender(apiBase: string, token: string, chatId: string): AlertSender {
  return {
    async send(message) {
      const reply = await callTelegram(apiBase, token, "sendMessage", {
        chat_id: chatId,
        text: message.text.slice(0, 4000),
        link_preview_options: { is_disabled: true },
        ...(message.confirmable && message.orderId
          ? {
              reply_markup: {
                inline_keyboard: [[{ text: "Confirm payment", callback_data: confirmCallbackData(message.orderId) }]],
              },
            }
          : {}),
      });
      return telegramResult(reply);
    },
  };
}

export function telegramResult(reply: TelegramReply): ChannelResult {
  if (reply.ok) return { kind: "ok" };
  const error =
    reply.status === 401 || reply.status === 404
      ? `Telegram refused the bot token (${reply.description})`
      : reply.status === null
        ? reply.description
        : `Telegram answered ${reply.status}: ${reply.description}`;
  // A wrong token, an unknown chat or a bot the chat blocked stay wrong until the operator fixes them.
  const permanent = reply.status !== null && reply.status >= 400 && reply.status < 500 && reply.status !== 429;
  return permanent ? { kind: "permanent", error } : { kind: "retry", error };
}
