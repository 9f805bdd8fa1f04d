import { randomInt } from "node:crypto";
import { ORDER_ID_ALPHABET, ORDER_ID_LENGTH } from "./order-id";

/** "BK7Q2M9XD4TA": 50 random bits, so ids cannot be guessed or enumerated. */
export function generateOrderId(prefix = "BK"): string {
  let id = prefix;
  for (let i = 0; i < ORDER_ID_LENGTH; i++) id += ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)];
  return id;
}
