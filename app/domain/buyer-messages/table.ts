import type { Generated, Selectable } from "kysely";

/** A browser that asked for notifications about one order ("Notify me"); removed when its push service says gone. */
export interface BuyerPushSubscriptionTable {
  id: Generated<number>;
  order_id: string;
  /** The push service's address for this browser (unique per order). */
  endpoint: string;
  /** The browser's keys for encrypting the message (base64url). */
  p256dh: string;
  auth: string;
  created_at: number;
}

export type BuyerPushSubscriptionRow = Selectable<BuyerPushSubscriptionTable>;

/**
 * A WhatsApp number that owns orders and wrote to the shop: when it last did
 * (the 24-hour customer-service window, inside which free-form text may be
 * sent) and whether it said STOP. Numbers that own no order are not kept.
 */
export interface WhatsAppChatTable {
  /** WhatsApp's id of the number: the digits with the country code (919876543210). */
  wa_id: string;
  last_inbound_at: number;
  /** When the buyer wrote STOP (nothing more is sent to them on any channel until START); null: not stopped. */
  stopped_at: number | null;
  updated_at: number;
}

export type WhatsAppChatRow = Selectable<WhatsAppChatTable>;

/** An order the buyer linked to their WhatsApp chat (they wrote its id from its phone). */
export interface WhatsAppLinkTable {
  order_id: string;
  linked_at: number;
}
