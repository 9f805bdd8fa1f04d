import { z } from "zod";

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

/** Telegram's ids: numbers beyond 32 bits (chat ids may be negative), read as text. */
const telegramId = z.union([z.number().refine(Number.isSafeInteger), z.string()]).transform(String);

const confirmUpdateSchema = z.object({
  callback_query: z.object({
    id: z.string().max(100),
    data: z.string().regex(new RegExp(`^${PREFIX}[A-Z0-9]{1,40}$`)),
    from: z.object({ id: telegramId, username: z.string().optional(), first_name: z.string().optional() }),
    message: z.object({ chat: z.object({ id: telegramId }) }),
  }),
});

/**
 * A callback_query update for the button, or null for anything else (other
 * updates, other buttons, malformed bodies). Ids are compared as text, since
 * chat ids exceed 32 bits and may be negative.
 */
export function parseConfirmCallback(update: unknown): ConfirmCallback | null {
  const parsed = confirmUpdateSchema.safeParse(update);
  if (!parsed.success) return null;
  const query = parsed.data.callback_query;
  const name = query.from.username ?? query.from.first_name;
  return {
    callbackId: query.id,
    chatId: query.message.chat.id,
    fromId: query.from.id,
    fromName: name ? name.slice(0, 64) : query.from.id,
    orderId: query.data.slice(PREFIX.length),
  };
}
