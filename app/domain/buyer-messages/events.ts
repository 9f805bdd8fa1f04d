import { isOneOf } from "~/lib/one-of";

/**
 * What the shop tells a buyer about their order, and through which channels
 * (docs/buyer-messages.md). Each event goes once per order and channel (its
 * outbox key names both), in the language the buyer ordered in. Shared with
 * the admin's order page (labels) and the settings card (template names).
 */

export const BUYER_EVENTS = [
  "payment_confirmed",
  "late_payment_accepted",
  "delivery_started",
  "delivered",
  "refund_due",
  "refund_sent",
  "refill_started",
  "refill_done",
  "unpaid_expired",
  "complaint_opened",
] as const;
export type BuyerEvent = (typeof BUYER_EVENTS)[number];

export const isBuyerEvent = isOneOf(BUYER_EVENTS);

/** Messages about money wait for nothing; the others wait out the night (quiet hours, IST). */
export const MONEY_EVENTS: readonly BuyerEvent[] = [
  "payment_confirmed",
  "late_payment_accepted",
  "refund_due",
  "refund_sent",
  "unpaid_expired",
];

export function isMoneyEvent(event: BuyerEvent): boolean {
  return MONEY_EVENTS.includes(event);
}

/** The operator's words for each event (admin order page, settings card). */
export const BUYER_EVENT_LABELS: Record<BuyerEvent | "chat_reply", string> = {
  payment_confirmed: "Payment confirmed (receipt)",
  late_payment_accepted: "Late payment accepted (receipt)",
  delivery_started: "Delivery started",
  delivered: "Delivered",
  refund_due: "Refund due",
  refund_sent: "Refund sent",
  refill_started: "Refill started",
  refill_done: "Refill done",
  unpaid_expired: "Unpaid order expired",
  complaint_opened: "Complaint received (ticket number)",
  chat_reply: "Reply in the chat",
};

/**
 * The outbox channels that carry the buyer's messages (app/domain/operator-alerts/outbox.server.ts): WhatsApp,
 * e-mail and the browser's Web Push; and the chat's incoming commands, worked off the same outbox so a
 * message the shop took is answered once, after a crash too.
 */
export const BUYER_CHANNELS = ["buyer_whatsapp", "buyer_email", "buyer_push"] as const;
export type BuyerChannel = (typeof BUYER_CHANNELS)[number];
export const WHATSAPP_COMMAND_CHANNEL = "whatsapp_command";
export const BUYER_LANE_CHANNELS = [...BUYER_CHANNELS, WHATSAPP_COMMAND_CHANNEL] as const;

export const BUYER_CHANNEL_LABELS: Record<BuyerChannel, string> = {
  buyer_whatsapp: "WhatsApp",
  buyer_email: "E-mail",
  buyer_push: "Browser notification",
};

export const isBuyerChannel = isOneOf(BUYER_CHANNELS);

/** The buyer's languages (app/lib/i18n/locale.ts); an order without one was bought in English. */
export type BuyerLocale = "en" | "hi";

export function buyerLocale(value: string | null | undefined): BuyerLocale {
  return value === "hi" ? "hi" : "en";
}

export type RefundDueVariant = "partial" | "failed" | "cancelled";

/**
 * What one message says, fixed when its event happened (so a retry says the
 * same): the event, the language, and the values its words fill in. No
 * buyer name, phone or e-mail: the outbox outlives the retention period
 * that erases them from the order, and the recipient is read from the order
 * when the message is sent.
 */
export interface BuyerFacts {
  event: BuyerEvent;
  locale: BuyerLocale;
  orderId: string;
  /** Why a refund is due: part delivered, not delivered, or cancelled by the buyer (their words differ). */
  variant?: RefundDueVariant;
  /** The values the words and the WhatsApp template fill in, by name (all text, already formatted). */
  values: Record<string, string>;
  /** Send the approved template even inside the 24-hour window (a fallback after 131047). */
  templateOnly?: boolean;
}

/** A reply in the chat: its words, already in the buyer's language, and the number it answers. */
export interface ChatReplyFacts {
  event: "chat_reply";
  /** The number the reply goes to (WhatsApp's wa_id); taken out once sent. */
  to: string;
  text: string;
}

/** An incoming WhatsApp message, kept until the shop answered it; the number and text are taken out then. */
export interface ChatCommandFacts {
  /** WhatsApp's id of the message (wamid). */
  messageId: string;
  from: string;
  text: string;
  /** What kind of message it was (text, button, image…): only text and buttons are read. */
  type: string;
  receivedAt: number;
}
