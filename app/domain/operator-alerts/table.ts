import type { Generated, Selectable } from "kysely";
import type { OutboxChannel } from "./events";

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * One message for one channel, kept until sent or given up (docs/operator-alerts.md): the operator's alerts
 * (channel one of ALERT_CHANNELS) and the buyer's messages (docs/buyer-messages.md) in one outbox.
 */
export interface AlertOutboxTable {
  id: Generated<number>;
  /** What happened, once: the same key and channel again is not queued. */
  event_key: string;
  /** An operator's channel (AlertChannel) or a buyer's (app/domain/buyer-messages/events.ts). */
  channel: OutboxChannel;
  /** An operator's alert event (AlertEvent) or a buyer's message event. */
  event: string;
  order_id: string | null;
  /** JSON AlertFacts: what the message says, fixed when the event happened. */
  facts: string;
  status: OutboxStatus;
  /** Sends tried so far (counted when claimed, so a crash mid-send counts too). */
  attempts: Generated<number>;
  next_attempt_at: number;
  /** When a worker took it; a `sending` row older than the claim timeout is taken over. */
  claimed_at: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** The provider's id for the sent message (WhatsApp's `wamid`), for its status callbacks (migration 0047). */
  provider_id: Generated<string | null>;
  /** What the provider reported after sending: delivered, read or failed; null while it said nothing. */
  delivery: Generated<string | null>;
  delivery_at: Generated<number | null>;
}

export type AlertOutboxRow = Selectable<AlertOutboxTable>;

/** One browser (device) that asked for Web Push alerts; removed when its push service says it is gone. */
export interface AlertPushSubscriptionTable {
  id: Generated<number>;
  /** The push service's address for this browser: unique, and the device's identity here. */
  endpoint: string;
  /** The browser's keys for encrypting the message (base64url). */
  p256dh: string;
  auth: string;
  /** The browser's own words for itself (user agent), for the operator to tell devices apart. */
  device: string;
  created_at: number;
}

export type AlertPushSubscriptionRow = Selectable<AlertPushSubscriptionTable>;
