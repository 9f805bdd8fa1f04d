import type { AlertTemplate } from "../custom-templates";
import { BANKS, type BankEntry } from "./bank-registry";
import { type NotificationParts, notificationText } from "./notification-text";
import { PAYMENT_APPS } from "./payment-apps";
import { type AlertReading, type ReaderChannel, readAlert } from "./read-alert";

/**
 * Many alerts at once, read exactly as the shop reads each one: for
 * `npm run alerts -- check FILE` and Settings' "Try on a pasted alert". The
 * input is the corpus's format (shared/bank-alerts/corpus.json): an array of
 * `{ channel?, sender?, text, bank? }`. An item without a sender but naming
 * its bank (the corpus's e-mail fixtures give none) is read as coming from
 * that bank's registered sender; the shop itself never reads an alert
 * without one. A payment app's notification is `{ channel: "app", sender:
 * <package>, title?, text?, bigText?, lines? }`, read as if every app were
 * registered.
 */

export interface CheckItem extends NotificationParts {
  channel?: ReaderChannel;
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
    if (typeof v !== "object" || v === null) return { ok: false, message: `Item ${i} has no "text"` };
    if (v.channel !== undefined && v.channel !== "sms" && v.channel !== "email" && v.channel !== "app") {
      return { ok: false, message: `Item ${i}: "channel" is "sms", "email" or "app"` };
    }
    const str = (x: unknown) => (typeof x === "string" ? x : null);
    const lines = Array.isArray(v.lines) ? v.lines.filter((l): l is string => typeof l === "string") : null;
    const parts = { title: str(v.title), bigText: str(v.bigText), lines };
    const text = v.channel === "app" ? notificationText({ ...parts, text: str(v.text) }) : v.text;
    if (typeof text !== "string" || (v.channel === "app" && text === "" && v.text === undefined && !lines)) {
      return { ok: false, message: `Item ${i} has no "text"` };
    }
    items.push({ text, channel: v.channel, sender: str(v.sender), bank: str(v.bank) });
  }
  return { ok: true, items };
}

export function checkAlerts(items: readonly CheckItem[], custom: readonly AlertTemplate[] = []): CheckOutcome {
  return {
    items: items.map((item, index) => {
      const channel = item.channel ?? "sms";
      const sender = channel === "app" ? (item.sender ?? null) : senderOf(item, channel);
      const reading = readAlert(item.text, { channel, sender, custom, apps: ALL_APPS });
      return checked(index, reading);
    }),
  };
}

/** A check reads notifications as if every payment app were registered: it tells whether the text reads. */
const ALL_APPS = PAYMENT_APPS.map((app) => app.id);

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
