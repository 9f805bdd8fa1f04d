import { createHash, timingSafeEqual } from "node:crypto";
import type { AppServices } from "~/context";
import { z } from "zod";
import { alertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { callTelegram } from "~/domain/operator-alerts/channels/telegram-api.server";
import { parseConfirmCallback } from "~/domain/operator-alerts/telegram-callback";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import type { OrderStatus } from "~/domain/orders/lifecycle";
import { firstSighting } from "~/domain/payments/replay-guard.server";
import { AppError, isAppError } from "~/lib/app-error";
import { parseJsonText } from "~/lib/server/parse.server";
import { runOrderAction } from "./order-actions.server";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/** Telegram's updates are small; anything larger is not one. */
export const MAX_TELEGRAM_BODY_BYTES = 64 * 1024;

/** Only a payment still waiting may be confirmed from Telegram; anything else is for the order page. */
const WAITING = new Set<OrderStatus>(["awaiting_payment", "payment_claimed"]);
const NO_LONGER_WAITING = "This payment is no longer waiting to be confirmed: open the order in the admin";
/** Telegram answers a button for a few minutes at most; a press is remembered a day. */
const CALLBACK_KEPT_MS = 24 * 3600_000;

export interface TelegramWebhookReply {
  success: true;
  outcome: "confirmed" | "refused" | "ignored";
}

/** Equal secrets, compared in constant time (over their hashes, so lengths do not leak either). */
export function secretMatches(given: string | null, secret: string): boolean {
  if (!secret || !given) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * POST /api/alerts/telegram: the "Confirm payment" button pressed in the
 * operator's chat. Telegram proves the update is its own by sending back the
 * secret the shop gave setWebhook (X-Telegram-Bot-Api-Secret-Token); the
 * update must come from the configured chat, be pressed by one of the
 * operator's Telegram user ids (Settings → Alerts), and be a press not seen
 * before; the order's payment must still be waiting. The payment is then
 * confirmed through the order page's own action, with the shop's operator as
 * actor, and Telegram is told the outcome with answerCallbackQuery.
 */
export async function receiveTelegramUpdate(
  services: Services,
  request: { secretHeader: string | null; rawBody: Buffer; client: RequestClient },
): Promise<TelegramWebhookReply> {
  const { db } = services;
  const { settings, secrets } = await alertSettings(db);
  if (!secretMatches(request.secretHeader, secrets.telegramWebhookSecret)) {
    services.logger.warn("telegram webhook refused: wrong or missing secret token");
    throw new AppError("UNAUTHORIZED", "This request is not from the shop's Telegram bot");
  }
  const update = parseJsonText(request.rawBody.toString("utf8"), z.unknown());
  const callback = parseConfirmCallback(update);
  if (!callback) return { success: true, outcome: "ignored" };

  const answer = (text: string) =>
    callTelegram(services.config.TELEGRAM_API_BASE, secrets.telegramToken, "answerCallbackQuery", {
      callback_query_id: callback.callbackId,
      text,
    }).catch(() => undefined);
  const audit = (action: string, details: Record<string, unknown>) =>
    recordAudit(db, {
      actor: `telegram:${callback.fromName}`,
      action,
      targetType: "order",
      targetId: callback.orderId,
      details: { chatId: callback.chatId, telegramUserId: callback.fromId, ...details },
      client: request.client,
    });

  const refuse = async (reason: string, text: string): Promise<TelegramWebhookReply> => {
    await audit("alerts.telegram-refused", { reason });
    await answer(text);
    return { success: true, outcome: "refused" };
  };
  if (!settings.telegram.enabled || callback.chatId !== settings.telegram.chatId) {
    return refuse("not the configured chat", "This chat may not confirm payments.");
  }
  // Anyone in the chat can send any callback data with a modified client: only the operator's own presses count.
  if (!settings.telegram.operatorIds.includes(callback.fromId)) {
    return refuse(
      "not one of the operator's Telegram user ids",
      `Only the Telegram users named in Settings → Alerts may confirm payments (your user id: ${callback.fromId}).`,
    );
  }
  // Each press is taken once, whatever its data says (a replayed update cannot confirm another order).
  const now = Date.now();
  if (!(await firstSighting(db, `telegram-callback:${callback.callbackId}`, now + CALLBACK_KEPT_MS, now))) {
    return refuse("the same button press again", "This button press was already handled.");
  }
  const operator = await db.selectFrom("admin_users").select("username").orderBy("id").executeTakeFirst();
  if (!operator) {
    await answer("The shop has no operator account yet.");
    return { success: true, outcome: "refused" };
  }
  try {
    await runOrderAction(
      services,
      { name: operator.username, client: request.client },
      callback.orderId,
      { intent: "confirm-payment" },
      { guard: (order) => (WAITING.has(order.status) ? null : NO_LONGER_WAITING) },
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    await audit("alerts.telegram-confirm", { failed: error.message });
    await answer(error.message.slice(0, 190));
    return { success: true, outcome: "refused" };
  }
  await audit("alerts.telegram-confirm", { confirmedAs: operator.username });
  await answer(`Payment confirmed for order ${callback.orderId}`);
  return { success: true, outcome: "confirmed" };
}
