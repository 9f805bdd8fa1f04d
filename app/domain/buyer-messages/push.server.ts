import type { DB } from "~/db/database.server";
import type { PushDevices } from "~/domain/operator-alerts/channels/push.server";
import type { PushSubscriptionRequest } from "~/domain/operator-alerts/push-subscription";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { findBuyerOrder } from "~/domain/orders/order-tracking.server";
import { AppError } from "~/lib/app-error";
import { NOTIFY_MESSAGES } from "./messages";
import type { BuyerPushSubscriptionRow } from "./table";

export { NOTIFY_MESSAGES };

/**
 * "Notify me": a buyer's browser subscribed to one order's updates (Web Push,
 * the shop's own VAPID keys, the buyer's service worker public/buyer-sw.js).
 * Only someone who knows the order's id and its phone subscribes to it, as on
 * /track; a few browsers per order at most. Removed by the buyer ("Stop"), by
 * STOP in the chat, by the data-retention job, and when the push service says
 * the browser is gone (404/410).
 */

/** Browsers one order may notify: a buyer's phone and laptop, not a crowd. */
export const MAX_BROWSERS_PER_ORDER = 5;

export async function subscribeBuyer(
  db: DB,
  input: { orderId: string; phone: string; subscription: PushSubscriptionRequest },
  client: RequestClient | undefined,
  now = Date.now(),
): Promise<void> {
  const order = await findBuyerOrder(db, input.orderId, input.phone);
  if (!order) throw new AppError("NOT_FOUND", NOTIFY_MESSAGES.noMatch);
  const { subscription } = input;
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("buyer_push_subscriptions")
      .select(["endpoint"])
      .where("order_id", "=", order.order_id)
      .execute();
    const known = existing.some((row) => row.endpoint === subscription.endpoint);
    if (!known && existing.length >= MAX_BROWSERS_PER_ORDER) throw new AppError("CONFLICT", NOTIFY_MESSAGES.tooMany);
    await trx
      .insertInto("buyer_push_subscriptions")
      .values({
        order_id: order.order_id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(["order_id", "endpoint"])
          .doUpdateSet((eb) => ({ p256dh: eb.ref("excluded.p256dh"), auth: eb.ref("excluded.auth") })),
      )
      .execute();
    if (!known) {
      await recordAudit(
        trx,
        {
          actor: "buyer",
          action: "order.notificationsOn",
          targetType: "order",
          targetId: order.order_id,
          details: { pushService: new URL(subscription.endpoint).host },
          client,
        },
        now,
      );
    }
  });
}

/** This browser stops getting the order's notifications; false when it was not subscribed. */
export async function unsubscribeBuyer(
  db: DB,
  input: { orderId: string; phone: string; endpoint: string },
  client: RequestClient | undefined,
  now = Date.now(),
): Promise<boolean> {
  const order = await findBuyerOrder(db, input.orderId, input.phone);
  if (!order) throw new AppError("NOT_FOUND", NOTIFY_MESSAGES.noMatch);
  const result = await db
    .deleteFrom("buyer_push_subscriptions")
    .where("order_id", "=", order.order_id)
    .where("endpoint", "=", input.endpoint)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  if (removed) {
    await recordAudit(
      db,
      {
        actor: "buyer",
        action: "order.notificationsOff",
        targetType: "order",
        targetId: order.order_id,
        details: {},
        client,
      },
      now,
    );
  }
  return removed;
}

export function buyerPushSubscriptions(db: DB, orderId: string): Promise<BuyerPushSubscriptionRow[]> {
  return db.selectFrom("buyer_push_subscriptions").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

/** The browsers one order's notifications go to, for the push sender. */
export function orderDevices(db: DB, orderId: string): PushDevices {
  return {
    list: () => buyerPushSubscriptions(db, orderId),
    gone: async (endpoint) => {
      await db
        .deleteFrom("buyer_push_subscriptions")
        .where("order_id", "=", orderId)
        .where("endpoint", "=", endpoint)
        .execute();
    },
  };
}
