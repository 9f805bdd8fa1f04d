import type { DB } from "~/db/database.server";
import { channelComplete } from "~/domain/operator-alerts/alert-settings";
import { alertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { insertOutboxRows } from "~/domain/operator-alerts/outbox.server";
import type { OrderRow } from "~/domain/orders/table";
import { readSettings } from "~/domain/settings/store.server";
import type { BuyerChannel } from "./events";
import type { BuyerUpdate } from "./order-updates";
import { buyerMessageSettings } from "./settings";
import { isStopped, waIdOf } from "./whatsapp/chats.server";

/**
 * Queues a buyer's update on every channel the buyer chose for this order,
 * inside the transaction of the change it tells of (insert only: sending is
 * the outbox job's, so WhatsApp or SMTP being down never slows or fails an
 * order). The same key again queues nothing, on each channel.
 *
 * - WhatsApp: the buyer ticked the opt-in at checkout, or linked the order to
 *   their chat by writing its id from its phone. Whether it goes as text (in
 *   the 24-hour window) or as a template (opted in) is decided when it is sent.
 * - E-mail: the buyer gave an address, e-mail updates are on and the alert
 *   SMTP is set up.
 * - Browser: a browser asked "Notify me" for this order.
 * Nothing is queued for a buyer who wrote STOP, or whose details were erased.
 */
export async function queueBuyerUpdate(db: DB, order: OrderRow, update: BuyerUpdate, now: number): Promise<number> {
  const channels = await buyerChannelsOf(db, order);
  return insertOutboxRows(
    db,
    channels.map((channel) => ({
      eventKey: update.eventKey,
      channel,
      event: update.facts.event,
      orderId: order.order_id,
      facts: JSON.stringify(update.facts),
    })),
    now,
  );
}

/** The channels that would carry an update about this order now. */
export async function buyerChannelsOf(db: DB, order: OrderRow): Promise<BuyerChannel[]> {
  const phone = order.customer_phone;
  if (phone && (await isStopped(db, waIdOf(phone)))) return [];
  const channels: BuyerChannel[] = [];
  if (phone && (order.whatsapp_opt_in_at !== null || (await isLinked(db, order.order_id)))) {
    channels.push("buyer_whatsapp");
  }
  if (order.customer_email && (await emailUpdatesOn(db))) channels.push("buyer_email");
  const push = await db
    .selectFrom("buyer_push_subscriptions")
    .select("id")
    .where("order_id", "=", order.order_id)
    .limit(1)
    .executeTakeFirst();
  if (push) channels.push("buyer_push");
  return channels;
}

export async function isLinked(db: DB, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom("whatsapp_links")
    .select("order_id")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/** E-mail updates switched on, through an SMTP server the operator set up for alerts. */
export async function emailUpdatesOn(db: DB): Promise<boolean> {
  const [{ emailUpdates }, { settings, secrets }] = await Promise.all([
    readSettings(db, buyerMessageSettings),
    alertSettings(db),
  ]);
  return emailUpdates && channelComplete("email", { ...settings, email: { ...settings.email, to: "-" } }, secrets);
}
