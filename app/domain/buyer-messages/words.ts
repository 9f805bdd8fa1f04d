import en from "~/locales/en/buyer-messages";
import hi from "~/locales/hi/buyer-messages";
import type { BuyerFacts, BuyerLocale } from "./events";

/**
 * A buyer's message in their language, from the texts in app/locales
 * (buyer-messages.ts). Pure: the outbox's senders, the chat and the tests
 * word messages the same way.
 */

const TEXTS = { en, hi } as const;
export type MessageTexts = typeof en;

export function textsFor(locale: BuyerLocale): MessageTexts {
  return TEXTS[locale];
}

/** `{{name}}` filled in from `values`; a value not given leaves nothing (never the braces). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined ? "" : String(value);
  });
}

/** The text key of a fact's event: a refund due reads by why it is due. */
export function eventTextKey(facts: Pick<BuyerFacts, "event" | "variant">): keyof MessageTexts["events"] {
  if (facts.event === "refund_due") return `refund_due_${facts.variant ?? "failed"}` as keyof MessageTexts["events"];
  return facts.event;
}

/** Values filled in when the message is sent: the shop's address and name, as they are then. */
export interface SendTimeValues {
  /** The order's /track page, full address. */
  trackUrl: string;
  brand: string;
  /** Delivery starts within this many minutes (Store Details). */
  minutes: string;
}

export interface WordedMessage {
  title: string;
  body: string;
}

export function wordEvent(facts: BuyerFacts, sendTime: SendTimeValues): WordedMessage {
  const texts = textsFor(facts.locale).events[eventTextKey(facts)];
  const values = { ...facts.values, ...sendTime };
  return { title: fill(texts.title, values), body: fill(texts.body, values) };
}

/**
 * The e-mail: its subject, and its text. A payment's message is the receipt
 * (order, package, amount paid, reference, what happens next, the /track link).
 */
export function wordEmail(
  facts: BuyerFacts,
  sendTime: SendTimeValues,
  /** The one-tap "stop" link (stop-link.server.ts); the /track page when none is given. */
  stopUrl = sendTime.trackUrl,
): { subject: string; text: string } {
  const { title, body } = wordEvent(facts, sendTime);
  const t = textsFor(facts.locale).email;
  const values = { ...facts.values, ...sendTime, stopUrl };
  const receipt =
    facts.event === "payment_confirmed" || facts.event === "late_payment_accepted"
      ? [
          t.receiptTitle,
          fill(t.order, values),
          fill(t.plan, values),
          fill(t.paid, values),
          ...(facts.values.paidAt ? [fill(t.paidAt, values)] : []),
          ...(facts.values.reference ? [fill(t.reference, values)] : []),
          fill(t.next, values),
          "",
        ]
      : [];
  const text = [body, "", ...receipt, fill(t.track, values), "", fill(t.why, values), "", sendTime.brand].join("\n");
  return { subject: clean(`${sendTime.brand}: ${title}`).slice(0, 200), text };
}

/** What a browser notification shows, and where a tap leads (a path on the shop). */
export function wordPush(facts: BuyerFacts, sendTime: SendTimeValues, path: string) {
  const { title, body } = wordEvent(facts, sendTime);
  const t = textsFor(facts.locale).push;
  return { title: fill(t.title, { brand: sendTime.brand, title }), body, url: path };
}

/** A chat answer's text by its key in the buyer's language. */
export function chatText(
  locale: BuyerLocale,
  key: keyof MessageTexts["chat"],
  values: Record<string, string | number> = {},
): string {
  return fill(textsFor(locale).chat[key], values);
}

// Control characters (a buyer-typed target) never reach a mail header.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
