import type { DB } from "~/db/database.server";
import { BUYER_CHANNELS, type BuyerChannel } from "./events";
import { isLinked } from "./queue.server";
import { chatOf, waIdOf, windowOpen } from "./whatsapp/chats.server";

/**
 * What the admin's order page shows of the buyer's messages: every message
 * queued for the buyer of this order, on which channel, and how far it got
 * (queued, sent, delivered, read, failed, with the reason), and which channels
 * the buyer chose. No message text, no phone: the page shows what happened.
 */
export interface BuyerMessageEntry {
  id: number;
  channel: BuyerChannel;
  event: string;
  /** The outbox's state: pending, sending, sent, failed. */
  status: string;
  /** What the provider reported after sending (WhatsApp: delivered, read, failed); null: nothing. */
  delivery: string | null;
  error: string | null;
  attempts: number;
  createdAt: number;
  sentAt: number | null;
  nextAttemptAt: number;
  deliveryAt: number | null;
}

export interface BuyerChannelsView {
  messages: BuyerMessageEntry[];
  email: boolean;
  whatsappOptIn: number | null;
  whatsappLinked: boolean;
  /** The buyer's chat: open (wrote in the last 24 hours), and stopped (STOP). */
  chatOpen: boolean;
  stopped: boolean;
  browsers: number;
}

export async function buyerChannelsView(
  db: DB,
  order: {
    order_id: string;
    customer_phone: string | null;
    customer_email: string | null;
    whatsapp_opt_in_at: number | null;
  },
  now = Date.now(),
): Promise<BuyerChannelsView> {
  const [rows, linked, chat, browsers] = await Promise.all([
    db
      .selectFrom("alert_outbox")
      .selectAll()
      .where("order_id", "=", order.order_id)
      .where("channel", "in", BUYER_CHANNELS)
      .orderBy("id")
      .limit(200)
      .execute(),
    isLinked(db, order.order_id),
    order.customer_phone ? chatOf(db, waIdOf(order.customer_phone)) : Promise.resolve(undefined),
    db
      .selectFrom("buyer_push_subscriptions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("order_id", "=", order.order_id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      channel: row.channel as BuyerChannel,
      event: row.event,
      status: row.status,
      delivery: row.delivery,
      error: row.last_error,
      attempts: row.attempts,
      createdAt: row.created_at,
      sentAt: row.sent_at,
      nextAttemptAt: row.next_attempt_at,
      deliveryAt: row.delivery_at,
    })),
    email: order.customer_email !== null,
    whatsappOptIn: order.whatsapp_opt_in_at,
    whatsappLinked: linked,
    chatOpen: windowOpen(chat, now),
    stopped: chat?.stopped_at != null,
    browsers: Number(browsers.n),
  };
}
