import { ON_ITS_WAY_STATUSES, type OrderStatus } from "~/domain/orders/lifecycle";

/**
 * What an erasure takes out of the free text and the JSON records the shop
 * keeps for an order (issue 51, point 3; docs/privacy.md): the pure part of
 * app/domain/privacy/erasure.server.ts, tested beside it.
 */

/** Keys of a JSON record that hold a person's words or details: a payer's name or UPI id, an alert's text, a link. */
const PERSONAL_KEY =
  /payer|name|vpa|upi|phone|mobile|email|mail|sender|text|body|sms|message|raw|link|target|username|comment|address/i;

/** The words that replace an erased value in text the shop keeps (a complaint's message, an operator's note). */
export const ERASED = "[erased]";

/** A JSON value with every personal key dropped, at any depth. Keeps amounts, references, ids, times. */
export function scrubRecord(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubRecord);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !PERSONAL_KEY.test(key))
      .map(([key, inner]) => [key, scrubRecord(inner)]),
  );
}

/** A stored JSON text scrubbed; text that is not JSON is given up whole. */
export function scrubJsonText(text: string | null): string | null {
  if (text === null) return null;
  try {
    return JSON.stringify(scrubRecord(JSON.parse(text)));
  } catch {
    return JSON.stringify({ erased: true });
  }
}

const CONTACT_PATTERNS: RegExp[] = [
  // e-mail addresses and UPI ids (name@bank)
  /[\w.+-]+@[\w.-]+/g,
  // phone numbers: 10 digits, with +91 / 0 / spaces / dashes
  /(?:\+?91[\s-]?|0)?[6-9]\d(?:[\s-]?\d){8}/g,
  // Instagram handles and links
  /https?:\/\/\S+/g,
  /(?:^|\s)@[\w.]{2,30}/g,
];

/**
 * A complaint's words or a note with the buyer's contact details and targets
 * taken out (phone, e-mail, UPI id, links, @handles); the rest stays, as the
 * record of a grievance the E-Commerce Rules ask the shop to handle.
 */
export function scrubContactDetails(text: string): string;
export function scrubContactDetails(text: string | null): string | null;
export function scrubContactDetails(text: string | null): string | null {
  if (text === null) return null;
  return CONTACT_PATTERNS.reduce(
    (out, pattern) => out.replace(pattern, (m) => (m.startsWith(" ") ? ` ${ERASED}` : ERASED)),
    text,
  );
}

/** Statuses an erasure waits for: still to pay, on its way, to fix and send again, or a refund owed. */
export const ERASURE_WAITS_FOR: readonly OrderStatus[] = [
  "awaiting_payment",
  "payment_claimed",
  ...ON_ITS_WAY_STATUSES,
  "failed",
  "refund_due",
];

export function erasureWaitsFor(status: OrderStatus): boolean {
  return ERASURE_WAITS_FOR.includes(status);
}
