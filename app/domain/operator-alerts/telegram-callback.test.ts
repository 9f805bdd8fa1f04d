import { describe, expect, it } from "vitest";
import { telegramResult } from "./channels/telegram.server";
import { confirmCallbackData, parseConfirmCallback } from "./telegram-callback";

const update = (over: Record<string, unknown> = {}) => ({
  update_id: 1,
  callback_query: {
    id: "4382bfdwdsb323b2d9",
    from: { id: 111, is_bot: false, first_name: "Ravi", username: "ravi_ops" },
    message: { message_id: 7, chat: { id: -1001234567890, type: "private" } },
    chat_instance: "x",
    data: confirmCallbackData("BK7Q2M9XD4TA"),
    ...over,
  },
});

describe("Telegram's Confirm payment callback", () => {
  it("reads the order, the chat (large negative ids as text) and who pressed", () => {
    expect(parseConfirmCallback(update())).toEqual({
      callbackId: "4382bfdwdsb323b2d9",
      chatId: "-1001234567890",
      fromId: "111",
      fromName: "ravi_ops",
      orderId: "BK7Q2M9XD4TA",
    });
  });

  it("refuses other updates, other buttons and malformed data", () => {
    expect(parseConfirmCallback({ update_id: 1, message: { text: "hi" } })).toBeNull();
    expect(parseConfirmCallback(update({ data: "other:BK7Q2M9XD4TA" }))).toBeNull();
    expect(parseConfirmCallback(update({ data: "confirm:bk'; drop table orders" }))).toBeNull();
    expect(parseConfirmCallback(update({ message: undefined }))).toBeNull();
    expect(parseConfirmCallback(null)).toBeNull();
    expect(parseConfirmCallback("confirm:BK7Q2M9XD4TA")).toBeNull();
  });

  it("fits Telegram's 64-byte limit", () => {
    expect(Buffer.byteLength(confirmCallbackData("A".repeat(40)))).toBeLessThanOrEqual(64);
  });
});

describe("Telegram's answers to sendMessage", () => {
  it("gives up on a wrong token or chat, retries when Telegram is down or busy", () => {
    expect(telegramResult({ ok: true, result: {} })).toEqual({ kind: "ok" });
    const wrongToken = telegramResult({ ok: false, status: 401, description: "Unauthorized", retryAfter: null });
    expect(wrongToken).toEqual({ kind: "permanent", error: "Telegram refused the bot token (Unauthorized)" });
    expect(
      telegramResult({ ok: false, status: 400, description: "Bad Request: chat not found", retryAfter: null }).kind,
    ).toBe("permanent");
    expect(telegramResult({ ok: false, status: 429, description: "Too Many Requests", retryAfter: 3 }).kind).toBe(
      "retry",
    );
    expect(telegramResult({ ok: false, status: 502, description: "Bad Gateway", retryAfter: null }).kind).toBe("retry");
    expect(
      telegramResult({ ok: false, status: null, description: "Could not reach Telegram", retryAfter: null }),
    ).toEqual({ kind: "retry", error: "Could not reach Telegram" });
  });
});
