import { isOneOf } from "~/lib/one-of";

/**
 * What the operator can be alerted about, and where. Shared with the
 * Settings page (labels, the per-event choice).
 */

export const ALERT_EVENTS = [
  "payment_claimed",
  "unmatched_credit",
  "placement_problem",
  "panel_stopped",
  "refund_due",
  "low_balance",
  "daily_summary",
  "shop_health",
  "plan_unsupported",
  "complaint",
  "data_erasure",
] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

export const ALERT_EVENT_LABELS: Record<AlertEvent, string> = {
  payment_claimed: "A payment waits for confirmation (the buyer gave a UTR)",
  unmatched_credit: "A payment credit matched no order",
  placement_problem: "Sending to the panel failed, or its outcome is unknown",
  panel_stopped: "The panel delivered only part of an order, or cancelled it",
  refund_due: "A refund is due",
  low_balance: "The panel balance fell below the threshold",
  daily_summary: "Daily summary",
  shop_health: "The shop needs attention (a stopped job, a failed backup, low disk space: Admin → Health)",
  plan_unsupported:
    "A panel services refresh broke a plan (its service lost refill or drip-feed, costs more than its price, or no longer takes its quantity)",
  complaint: "A buyer made a complaint, or a complaint's 48-hour or one-month clock is about to run out",
  data_erasure: "A buyer asked to erase their data, or an erasure that waited for an order finished",
};

export const ALERT_CHANNELS = ["email", "telegram", "push"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const isAlertChannel = isOneOf(ALERT_CHANNELS);

/**
 * A channel of the one outbox: the operator's (ALERT_CHANNELS) or one a feature above alerts sends
 * through it (the buyer's messages, app/domain/buyer-messages/events.ts). The outbox keeps, claims,
 * retries and gives up rows alike; each feature sends its own channels' rows (dispatch.server.ts).
 */
export type OutboxChannel = string;

export const ALERT_CHANNEL_LABELS: Record<AlertChannel, string> = {
  email: "E-mail",
  telegram: "Telegram",
  push: "Web Push",
};

/** What one alert says: fixed when it happened, so a retry sends the same words. */
export interface AlertFacts {
  /** One line: what happened. */
  title: string;
  /** Further lines (amounts, UTR, reasons), never secrets. */
  lines: string[];
  orderId: string | null;
  /** Path inside the shop (`/admin/orders/<id>`); the full link is made with the Public Base URL when sent. */
  path: string;
  /** Offer a "Confirm payment" action (Telegram's button) for this order. */
  confirmable?: boolean;
}

export const isAlertEvent = isOneOf(ALERT_EVENTS);
