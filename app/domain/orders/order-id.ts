import { randomInt } from "node:crypto";

// Crockford base32 without I, L, O, U: easy to read out over the phone.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LENGTH = 10;

/** "BK7Q2M9XD4TA": 50 random bits, so ids cannot be guessed or enumerated. */
export function generateOrderId(prefix = "BK"): string {
  let id = prefix;
  for (let i = 0; i < LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export function isOrderIdShaped(value: string): boolean {
  return /^[A-Z]{2}[0-9A-HJKMNP-TV-Z]{10}$/.test(value);
}
