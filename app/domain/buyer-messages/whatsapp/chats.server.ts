import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { PHONE_PREFIX } from "~/domain/orders/buyer-contact";
import type { WhatsAppChatRow } from "../table";

/**
 * The buyer's WhatsApp chat, by number: when they last wrote (the 24-hour
 * customer-service window, inside which the shop may answer in its own words)
 * and whether they wrote STOP. Kept only for numbers that own an order.
 */

/** The customer-service window: free-form messages only this long after the buyer's last message (Meta). */
export const SERVICE_WINDOW_MS = 24 * 3600_000;

/** An order's phone (+91XXXXXXXXXX) as WhatsApp names the number: 91XXXXXXXXXX. */
export function waIdOf(phone: string): string {
  return phone.replace(/\D/g, "");
}

/** The order phone a WhatsApp number would be, when it is an Indian mobile number; null otherwise. */
export function phoneOfWaId(waId: string): string | null {
  const digits = waId.replace(/\D/g, "");
  const prefix = PHONE_PREFIX.replace(/\D/g, "");
  return new RegExp(`^${prefix}[6-9]\\d{9}$`).test(digits) ? `+${digits}` : null;
}

export async function chatOf(db: DB, waId: string): Promise<WhatsAppChatRow | undefined> {
  return db.selectFrom("whatsapp_chats").selectAll().where("wa_id", "=", waId).executeTakeFirst();
}

export async function isStopped(db: DB, waId: string): Promise<boolean> {
  return (await chatOf(db, waId))?.stopped_at != null;
}

/** The buyer wrote now: the window opens (or stays open) for the next 24 hours. */
export async function noteInbound(db: DB, waId: string, at: number): Promise<void> {
  await db
    .insertInto("whatsapp_chats")
    .values({ wa_id: waId, last_inbound_at: at, stopped_at: null, updated_at: at })
    .onConflict((oc) =>
      oc.column("wa_id").doUpdateSet({
        // A webhook Meta sends again late never moves the window back.
        last_inbound_at: sql<number>`case when excluded.last_inbound_at > whatsapp_chats.last_inbound_at then excluded.last_inbound_at else whatsapp_chats.last_inbound_at end`,
        updated_at: at,
      }),
    )
    .execute();
}

export async function setStopped(db: DB, waId: string, stoppedAt: number | null, now: number): Promise<void> {
  await db
    .insertInto("whatsapp_chats")
    .values({ wa_id: waId, last_inbound_at: now, stopped_at: stoppedAt, updated_at: now })
    .onConflict((oc) => oc.column("wa_id").doUpdateSet({ stopped_at: stoppedAt, updated_at: now }))
    .execute();
}

export function windowOpen(chat: WhatsAppChatRow | undefined, now: number): boolean {
  return chat !== undefined && now - chat.last_inbound_at < SERVICE_WINDOW_MS;
}

/** Links an order to its buyer's chat (they wrote its id from its phone); once. */
export async function linkOrder(db: DB, orderId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto("whatsapp_links")
    .values({ order_id: orderId, linked_at: now })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
