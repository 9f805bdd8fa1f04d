import type { AlertTemplate } from "../custom-templates";
import { BANKS, type BankEntry } from "./bank-registry";
import { type AlertReading, readAlert } from "./read-alert";

/**
 * Many alerts at once, read exactly as the shop reads each one: for
 * `npm run alerts -- check FILE` and Settings' "Try on a pasted alert". The
 * input is the corpus's format (shared/bank-alerts/corpus.json): an array of
 * `{ channel?, sender?, text, bank? }`. An item without a sender but naming
 * its bank (the corpus's e-mail fixtures give none) is read as coming from
 * that bank's registered sender; the shop itself never reads an alert
 * without one.
 */

export interface CheckItem {
  channel?: "sms" | "email";
  sender?: string | null;
  text: string;
  bank?: string | null;
}

export interface CheckedItem {
  index: number;
  credit: boolean;
  /** Rupees, as the corpus writes them. */
  amount: number | null;
  utr: string | null;
  /** Why it was not read as a credit; null when it was. */
  reason: string | null;
}

export interface CheckOutcome {
  items: CheckedItem[];
}

/** At most this many alerts in one check (a month of a busy shop's SMS). */
export const MAX_CHECK_ITEMS = 5_000;

export type CheckInput = { ok: true; items: CheckItem[] } | { ok: false; message: string };

/** Reads the JSON the CLI and Settings are given: an array of items, each with a text. */
export function parseCheckInput(json: unknown): CheckInput {
  if (!Array.isArray(json)) return { ok: false, message: 'Expected a JSON array of alerts: [{ "sender", "text" }, …]' };
  if (json.length > MAX_CHECK_ITEMS) return { ok: false, message: `At most ${MAX_CHECK_ITEMS} alerts at once` };
  const items: CheckItem[] = [];
  for (const [i, value] of json.entries()) {
    const v = value as Record<string, unknown> | null;
    if (typeof v !== "object" || v === null || typeof v.text !== "string") {
      return { ok: false, message: `Item ${i} has no "text"` };
    }
    if (v.channel !== undefined && v.channel !== "sms" && v.channel !== "email") {
      return { ok: false, message: `Item ${i}: "channel" is "sms" or "email"` };
    }
    items.push({
      text: v.text,
      channel: v.channel,
      sender: typeof v.sender === "string" ? v.sender : null,
      bank: typeof v.bank === "string" ? v.bank : null,
    });
  }
  return { ok: true, items };
}

export function checkAlerts(items: readonly CheckItem[], custom: readonly AlertTemplate[] = []): CheckOutcome {
  return {
    items: items.map((item, index) => {
      const channel = item.channel ?? "sms";
      const reading = readAlert(item.text, { channel, sender: senderOf(item, channel), custom });
      return checked(index, reading);
    }),
  };
}

export function checked(index: number, reading: AlertReading): CheckedItem {
  if (!reading.credit) return { index, credit: false, amount: null, utr: null, reason: reading.detail };
  return { index, credit: true, amount: reading.alert.amountPaise / 100, utr: reading.alert.utr, reason: null };
}

function senderOf(item: CheckItem, channel: "sms" | "email"): string | null {
  if (item.sender && item.sender.trim() !== "") return item.sender;
  const bank = item.bank ? namedBank(item.bank) : null;
  if (!bank) return null;
  return channel === "sms" ? (bank.smsHeaders[0] ?? null) : (bank.emailDomains[0] ?? null);
}

/** "HDFC", "Kotak", "Bank of Baroda", "IDFC First": the registry entry a corpus item's `bank` names. */
function namedBank(name: string): BankEntry | null {
  const n = name.trim().toLowerCase();
  return (
    BANKS.find((b) => b.id === n || b.name.toLowerCase() === n || b.names.some((x) => x.toLowerCase() === n)) ??
    BANKS.find((b) => b.name.toLowerCase().startsWith(n)) ??
    null
  );
}
