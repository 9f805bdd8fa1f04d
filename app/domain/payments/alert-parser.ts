import { parseRupeesToPaise } from "~/lib/money";
import { type AlertChannel, type AlertTemplate, BUILT_IN_TEMPLATES } from "./alert-templates";

/**
 * Reads a bank's credit alert (SMS or e-mail text) with the templates: which
 * one matched, the amount in paise, the UTR, the payer's UPI id and, when the
 * alert gives a time of day, when the money arrived. Pure, so the Settings
 * tester, the SMS endpoint and the mailbox reader all read alerts alike.
 */

export interface ParsedAlert {
  templateId: string;
  templateLabel: string;
  amountPaise: number;
  utr: string | null;
  payerVpa: string | null;
  /** From the alert's date and time of day (IST); null when it gives no time of day. */
  alertTime: number | null;
}

export type AlertParse =
  | { ok: true; alert: ParsedAlert }
  | { ok: false; reason: "too_long" | "not_a_credit" | "untrusted_sender" | "no_template" | "bad_amount" };

/** Longer than any bank alert; also bounds the work a template's regex can be made to do. */
export const MAX_ALERT_CHARS = 2_000;

/**
 * Words that make a text something other than money received, whatever a
 * template says: a debit that names the payee as "credited", a collect
 * request, a refund or reversal, a failure, an OTP, a promise of a future credit.
 */
const NOT_A_CREDIT =
  /\b(?:debited|debit of|spent|withdrawn|requested|collect request|refund(?:ed)?|revers(?:ed|al)|failed|declined|OTP|will be credited|to be credited)\b/i;

export interface ParseOptions {
  channel: AlertChannel;
  /** The SMS sender id as the phone saw it (VM-HDFCBK); required for SMS templates that name their senders. */
  sender?: string | null;
  /** The operator's templates, tried before the built-in ones. */
  custom?: readonly AlertTemplate[];
}

export function normaliseAlertText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function parseAlert(raw: string, { channel, sender, custom = [] }: ParseOptions): AlertParse {
  if (raw.length > MAX_ALERT_CHARS) return { ok: false, reason: "too_long" };
  const text = normaliseAlertText(raw);
  if (NOT_A_CREDIT.test(text)) return { ok: false, reason: "not_a_credit" };

  let senderRefused = false;
  for (const template of [...custom, ...BUILT_IN_TEMPLATES]) {
    if (template.channel !== channel) continue;
    const match = template.pattern.exec(text);
    if (!match?.groups) continue;
    if (channel === "sms" && template.senders && !template.senders.test((sender ?? "").trim())) {
      senderRefused = true;
      continue;
    }
    const amountPaise = parseRupeesToPaise((match.groups.amount ?? "").replace(/,/g, ""));
    if (amountPaise === null || amountPaise <= 0) return { ok: false, reason: "bad_amount" };
    return {
      ok: true,
      alert: {
        templateId: template.id,
        templateLabel: template.label,
        amountPaise,
        utr: /^\d{12}$/.test(match.groups.utr ?? "") ? match.groups.utr! : null,
        payerVpa: /^[A-Za-z0-9._-]{2,64}@[A-Za-z][A-Za-z0-9.-]{1,40}$/.test(match.groups.vpa ?? "")
          ? match.groups.vpa!.toLowerCase()
          : null,
        alertTime: alertTime(match.groups.date, match.groups.time),
      },
    };
  }
  return { ok: false, reason: senderRefused ? "untrusted_sender" : "no_template" };
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const IST_OFFSET_MS = 330 * 60_000;

/** "21-05-25" / "21-May-25" / "21May2025" / "21/05/25" with "10:31", "10:31:05" or "10:31 AM", as IST. */
export function alertTime(date: string | undefined, time: string | undefined): number | null {
  if (!date || !time) return null;
  const d = /^(\d{1,2})[-/ ]?(\d{1,2}|[A-Za-z]{3})[-/ ]?(\d{2}|\d{4})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s?([AP]M)?$/i.exec(time.trim());
  if (!d || !t) return null;
  const day = Number(d[1]);
  const month = /^\d+$/.test(d[2]!) ? Number(d[2]) : MONTHS.indexOf(d[2]!.toLowerCase()) + 1;
  const year = d[3]!.length === 2 ? 2000 + Number(d[3]) : Number(d[3]);
  let hour = Number(t[1]);
  const meridiem = t[4]?.toUpperCase();
  if (meridiem === "PM" && hour < 12) hour += 12;
  if (meridiem === "AM" && hour === 12) hour = 0;
  const minute = Number(t[2]);
  const second = Number(t[3] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - IST_OFFSET_MS;
  // 31 February is not a day: Date.UTC would roll it into March.
  return new Date(utc + IST_OFFSET_MS).getUTCDate() === day ? utc : null;
}

/**
 * When the money arrived, for matching: the alert's own time when it gives
 * one and it is plausible (not after the alert reached us, at most a day
 * before), else when the alert reached us.
 */
export function creditTime(alert: Pick<ParsedAlert, "alertTime">, receivedAt: number): number {
  const at = alert.alertTime;
  if (at === null || at > receivedAt + 60_000 || at < receivedAt - 86_400_000) return receivedAt;
  return at;
}
