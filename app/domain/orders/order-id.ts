/** Order ids: the shape the shop makes (order-id.server.ts) and how people and URLs carry them. */

// Crockford base32 without I, L, O, U: easy to read out over the phone.
export const ORDER_ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const ORDER_ID_LENGTH = 10;

/** Exactly the shape of a generated id ("BK7Q2M9XD4TA"), for search: an exact lookup instead of a text search. */
export function isOrderIdShaped(value: string): boolean {
  return /^[A-Z]{2}[0-9A-HJKMNP-TV-Z]{10}$/.test(value);
}

/**
 * An order id as a buyer types it or a URL carries it ("#bk7q2m9xd4ta", with
 * spaces) → the stored form, or null when it cannot be an order id at all, so
 * a malformed id never reaches the database.
 */
export function parseOrderId(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const id = raw.trim().replace(/^#/, "").toUpperCase();
  return /^[A-Z0-9]{1,40}$/.test(id) ? id : null;
}
