import type { DB } from "~/db/database.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { findBuyerOrder } from "~/domain/orders/order-tracking.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { AppError } from "~/lib/app-error";
import { BUYER_CHANNELS, WHATSAPP_COMMAND_CHANNEL } from "./events";
import { STOP_UPDATES_MESSAGES } from "./messages";
import { stopLinkValid } from "./stop-link.server";

export { STOP_UPDATES_MESSAGES };
import { phoneOfWaId, setStopped } from "./whatsapp/chats.server";

/**
 * What the buyer's messages keep, and how it goes (docs/buyer-messages.md,
 * Privacy): STOP in the chat stops every message to the number, on every
 * channel, and forgets the browsers and chat links of its orders; "Stop
 * updates" on /track does the same for one order and forgets its e-mail and
 * WhatsApp opt-in; the data-retention job forgets the buyer's channels with
 * their name and phone; deleting an order forgets its channels.
 */

const STOPPED = "The buyer stopped updates";

async function ordersOfPhone(db: DB, phone: string): Promise<string[]> {
  const rows = await db.selectFrom("orders").select("order_id").where("customer_phone", "=", phone).execute();
  return rows.map((row) => row.order_id);
}

/** Forgets an order's browsers and chat link, and gives up its updates not yet sent (not the chat's replies). */
async function forgetChannelsOf(db: DB, orderIds: readonly string[], now: number): Promise<void> {
  if (orderIds.length === 0) return;
  await db.deleteFrom("buyer_push_subscriptions").where("order_id", "in", orderIds).execute();
  await db.deleteFrom("whatsapp_links").where("order_id", "in", orderIds).execute();
  await db
    .updateTable("alert_outbox")
    .set({ status: "failed", last_error: STOPPED, next_attempt_at: now, claimed_at: null })
    .where("order_id", "in", orderIds)
    .where("channel", "in", BUYER_CHANNELS)
    .where("event", "!=", "chat_reply")
    .where("status", "=", "pending")
    .execute();
}

/** STOP from a WhatsApp number: recorded, and nothing more goes to it about any of its orders until START. */
export async function stopBuyer(db: DB, waId: string, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setStopped(trx, waId, now, now);
    const phone = phoneOfWaId(waId);
    const orderIds = phone ? await ordersOfPhone(trx, phone) : [];
    await forgetChannelsOf(trx, orderIds, now);
    for (const orderId of orderIds.slice(0, 20)) {
      await auditStopped(trx, orderId, "whatsapp", undefined, now);
    }
  });
}

/** START: messages may go to the number again (for updates queued from now on). */
export async function startBuyer(db: DB, waId: string, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setStopped(trx, waId, null, now);
    const phone = phoneOfWaId(waId);
    const [latest] = phone ? await ordersOfPhone(trx, phone) : [];
    if (latest) {
      await recordAudit(
        trx,
        {
          actor: "buyer",
          action: "order.updatesStarted",
          targetType: "order",
          targetId: latest,
          details: { via: "whatsapp" },
        },
        now,
      );
    }
  });
}

/**
 * "Stop updates" on /track (the link in every e-mail): for this order, its
 * browsers, its chat link, its e-mail address and its WhatsApp opt-in are
 * forgotten, and its updates not yet sent are given up.
 */
export async function stopOrderUpdates(
  db: DB,
  input: { orderId: string; phone: string },
  client: { ip: string; userAgent: string } | undefined,
  now = Date.now(),
): Promise<void> {
  const order = await findBuyerOrder(db, input.orderId, input.phone);
  if (!order) throw new AppError("NOT_FOUND", STOP_UPDATES_MESSAGES.noMatch);
  await stopUpdatesOf(db, order.order_id, "track", client, now);
}

/** The same from the e-mail's signed link (stop-link.server.ts): one tap, no phone to type. */
export async function stopOrderUpdatesByLink(
  db: DB,
  input: { orderId: string; token: string },
  client: { ip: string; userAgent: string } | undefined,
  now = Date.now(),
): Promise<void> {
  const order = await findOrder(db, input.orderId);
  if (!order || !(await stopLinkValid(db, order.order_id, input.token))) {
    throw new AppError("NOT_FOUND", STOP_UPDATES_MESSAGES.badLink, { reason: "STOP_LINK_INVALID" });
  }
  await stopUpdatesOf(db, order.order_id, "email-link", client, now);
}

async function stopUpdatesOf(
  db: DB,
  orderId: string,
  via: "track" | "email-link",
  client: { ip: string; userAgent: string } | undefined,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await forgetChannelsOf(trx, [orderId], now);
    await trx
      .updateTable("orders")
      .set({ customer_email: null, whatsapp_opt_in_at: null, whatsapp_opt_in_version: null, updated_at: now })
      .where("order_id", "=", orderId)
      .execute();
    await auditStopped(trx, orderId, via, client, now);
  });
}

/** An order deleted, or its buyer's details erased: its browsers and chat link go with it. */
export async function forgetOrderChannels(db: DB, orderId: string): Promise<void> {
  await db.deleteFrom("buyer_push_subscriptions").where("order_id", "=", orderId).execute();
  await db.deleteFrom("whatsapp_links").where("order_id", "=", orderId).execute();
}

/** Every order deleted at once (the danger zone): every buyer channel and chat goes. */
export async function forgetAllBuyerChannels(db: DB): Promise<void> {
  await db.deleteFrom("buyer_push_subscriptions").execute();
  await db.deleteFrom("whatsapp_links").execute();
  await db.deleteFrom("whatsapp_chats").execute();
}

/** Chat messages are read and answered at once; kept this long after, then forgotten with whatever they said. */
const KEEP_CHAT_COMMANDS_MS = 7 * 24 * 3600_000;

/**
 * The data-retention job's part (server/jobs/retention.ts), after the orders'
 * names and phones past the period were erased: the browsers and chat links of
 * orders with no phone any more, chats silent for the whole period, and the
 * chat's incoming messages older than a week.
 */
export async function forgetExpiredBuyerChannels(db: DB, retentionDays: number, now = Date.now()): Promise<number> {
  if (!Number.isFinite(retentionDays) || retentionDays < 1) return 0;
  const cutoff = now - retentionDays * 86_400_000;
  const erased = db.selectFrom("orders").select("order_id").where("customer_phone", "is", null);
  const results = await Promise.all([
    db.deleteFrom("buyer_push_subscriptions").where("order_id", "in", erased).executeTakeFirst(),
    db.deleteFrom("whatsapp_links").where("order_id", "in", erased).executeTakeFirst(),
    db
      .deleteFrom("whatsapp_chats")
      .where("updated_at", "<", cutoff)
      .where("last_inbound_at", "<", cutoff)
      .executeTakeFirst(),
    db
      .deleteFrom("alert_outbox")
      .where("channel", "=", WHATSAPP_COMMAND_CHANNEL)
      .where("created_at", "<", now - KEEP_CHAT_COMMANDS_MS)
      .executeTakeFirst(),
  ]);
  return results.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
}

/** The audit's line for a buyer who stopped an order's updates, and how (a chat's STOP, /track, an e-mail's link). */
function auditStopped(
  db: DB,
  orderId: string,
  via: string,
  client: { ip: string; userAgent: string } | undefined,
  now: number,
) {
  return recordAudit(
    db,
    {
      actor: "buyer",
      action: "order.updatesStopped",
      targetType: "order",
      targetId: orderId,
      details: { via },
      client,
    },
    now,
  );
}
