/**
 * The "Confirm payment" button's callback data and how a Telegram update
 * carrying it is read. Telegram limits callback data to 64 bytes.
 */

const PREFIX = "confirm:";

export function confirmCallbackData(orderId: string): string {
  return `${PREFIX}${orderId}`.slice(0, 64);
}

export interface ConfirmCallback {
  /** answerCallbackQuery needs it. */
  callbackId: string;
  /** The chat the button was pressed in, and who pressed it. */
  chatId: string;
  fromId: string;
  fromName: string;
  orderId: string;
}

/**
 * A callback_query update for the button, or null for anything else (other
 * updates, other buttons, malformed bodies). Ids are compared as text, since
 * chat ids exceed 32 bits and may be negative.
 */
export function parseConfirmCallback(update: unknown): ConfirmCallback | null {
  if (typeof update !== "object" || update === null) return null;
  const query = (update as { callback_query?: unknown }).callback_query;
  if (typeof query !== "object" || query === null) return null;
  const q = query as {
    id?: unknown;
    data?: unknown;
    from?: { id?: unknown; username?: unknown; first_name?: unknown };
    message?: { chat?: { id?: unknown } };
  };
  const id = (v: unknown) =>
    typeof v === "number" && Number.isSafeInteger(v) ? String(v) : typeof v === "string" ? v : null;
  const callbackId = typeof q.id === "string" && q.id.length <= 100 ? q.id : null;
  const chatId = id(q.message?.chat?.id);
  const fromId = id(q.from?.id);
  if (!callbackId || !chatId || !fromId || typeof q.data !== "string" || !q.data.startsWith(PREFIX)) return null;
  const orderId = q.data.slice(PREFIX.length);
  if (!/^[A-Z0-9]{1,40}$/.test(orderId)) return null;
  const name = typeof q.from?.username === "string" ? q.from.username : q.from?.first_name;
  return { callbackId, chatId, fromId, fromName: typeof name === "string" ? name.slice(0, 64) : fromId, orderId };
}
