/** Order ids: the shape the shop makes (order-id.server.ts); how people type them is parsed by orders.repository.server.ts. */

// Crockford base32 without I, L, O, U: easy to read out over the phone.
export const ORDER_ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const ORDER_ID_LENGTH = 10;

/** Two prefix letters, then the alphabet's characters: built from the generator's own constants. */
const GENERATED_SHAPE = new RegExp(`^[A-Z]{2}[${ORDER_ID_ALPHABET}]{${ORDER_ID_LENGTH}}$`);

/** Exactly the shape of a generated id ("BK7Q2M9XD4TA"), for search: an exact lookup instead of a text search. */
export function isOrderIdShaped(value: string): boolean {
  return GENERATED_SHAPE.test(value);
}
