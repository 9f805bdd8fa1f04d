import { ORDER_ID_ALPHABET, ORDER_ID_LENGTH } from "~/domain/orders/order-id";
import { UPI_ID } from "~/domain/settings/validation";
import type { BuyerLocale } from "./events";

/**
 * What a buyer's WhatsApp message asks, read the forgiving way people write:
 * any case, words around it, an order id anywhere in it, Hindi or English.
 * Pure, so every spelling is tested without a chat (commands.test.ts).
 *
 * STATUS, REFILL, CANCEL, REFUND <upi id>, HELP, STOP, START; and in Hindi
 * स्थिति, रिफिल, रद्द, रिफंड, मदद, रोकें, शुरू. A 12-digit number is a UPI
 * reference (UTR) for an unpaid order; a message with only an order id (the
 * "Get updates on WhatsApp" link's text) links that order.
 */

export type ChatCommand =
  | { kind: "status" | "refill" | "cancel" | "help" | "stop" | "start" | "link"; orderId: string | null }
  | { kind: "refund"; orderId: string | null; upiId: string | null }
  | { kind: "utr"; orderId: string | null; utr: string }
  | { kind: "unknown"; orderId: string | null };

const WORDS: Record<Exclude<ChatCommand["kind"], "utr" | "link" | "unknown">, readonly string[]> = {
  status: ["status", "track", "स्थिति", "स्टेटस", "हालत"],
  refill: ["refill", "रिफिल", "रिफ़िल"],
  cancel: ["cancel", "रद्द", "कैंसल", "कैन्सल"],
  refund: ["refund", "रिफंड", "रिफ़ंड"],
  help: ["help", "menu", "मदद", "सहायता"],
  stop: ["stop", "unsubscribe", "रोकें", "रोको", "बंद"],
  start: ["start", "subscribe", "शुरू"],
};

const ORDER_ID = new RegExp(`\\b[A-Z]{2}[${ORDER_ID_ALPHABET}]{${ORDER_ID_LENGTH}}\\b`);
const UTR = /(?:^|\D)(\d(?:[\s-]?\d){11})(?:\D|$)/;
const DEVANAGARI = /[\u0900-\u097f]/;

/** The language to answer in: Hindi when the buyer wrote in Devanagari (or the order was bought in Hindi). */
export function replyLocale(text: string, fallback: BuyerLocale = "en"): BuyerLocale {
  return DEVANAGARI.test(text) ? "hi" : fallback;
}

export function readCommand(raw: string): ChatCommand {
  const text = raw.normalize("NFC").trim().slice(0, 1000);
  const orderId = ORDER_ID.exec(text.toUpperCase())?.[0] ?? null;
  // The first word decides (Hindi words are matched as written; English ones in any case).
  const words = text
    .toLowerCase()
    .split(/[\s,.:;!?]+/)
    .filter(Boolean);
  const first = words[0] ?? "";
  for (const [kind, spellings] of Object.entries(WORDS) as [keyof typeof WORDS, readonly string[]][]) {
    if (!spellings.includes(first)) continue;
    if (kind === "refund") {
      const upiId = text.split(/\s+/).find((word) => UPI_ID.test(word)) ?? null;
      return { kind, orderId, upiId };
    }
    return { kind, orderId };
  }
  const utr = UTR.exec(text)?.[1]?.replace(/\D/g, "");
  if (utr && utr.length === 12) return { kind: "utr", orderId, utr };
  if (orderId) return { kind: "link", orderId };
  return { kind: "unknown", orderId: null };
}
