import { PAYMENT_MESSAGES } from "./order-messages";

/**
 * A buyer's UPI reference (UTR) as they paste or type it, the same in the
 * checkout and on the server: separators go first (spaces, non-breaking
 * spaces, dashes: payment apps show "1234 5678 9012"), then the 12 digits are
 * checked, and a refusal says what is wrong with it.
 */
export type UtrReading = { ok: true; utr: string } | { ok: false; message: string };

/** What a UPI app puts between the groups of digits, and a copy from a web page may carry. */
const SEPARATORS = /[\s\u00a0\u200b\u2060-]/g;

export const UTR_LENGTH = 12;

/** The text without its separators: what the checkout's field keeps. */
export function stripUtr(raw: string): string {
  return raw.replace(SEPARATORS, "");
}

export function readUtr(raw: string): UtrReading {
  const utr = stripUtr(raw);
  if (utr === "") return { ok: false, message: PAYMENT_MESSAGES.utrInvalid };
  if (!/^\d+$/.test(utr)) return { ok: false, message: PAYMENT_MESSAGES.utrNotDigits };
  if (utr.length < UTR_LENGTH) return { ok: false, message: PAYMENT_MESSAGES.utrTooShort };
  if (utr.length > UTR_LENGTH) return { ok: false, message: PAYMENT_MESSAGES.utrTooLong };
  return { ok: true, utr };
}

/** A UTR as people paste it (spaces, dashes) → 12 digits, or null (readUtr says what is wrong). */
export function parseUtr(raw: string): string | null {
  const reading = readUtr(raw);
  return reading.ok ? reading.utr : null;
}
