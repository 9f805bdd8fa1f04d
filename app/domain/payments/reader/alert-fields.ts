import { BANKS, type BankEntry } from "./bank-registry";

/**
 * The facts of an alert, found by what surrounds them rather than by one
 * pattern per bank (the way open-source SMS-transaction parsers such as
 * pennywiseai-tracker's `BankParser` do it): every amount written in rupees
 * and whether it is a balance or limit, the UPI reference after the words
 * that introduce one, the payer's UPI id and name, the account's last
 * digits, the date and time, and the banks the text names. Each works on
 * text already cleaned by alert-text.ts and is linear in its length.
 */

export interface AmountMention {
  paise: number;
  /** Where the amount (with its currency) starts and ends in the text. */
  start: number;
  end: number;
  /** A balance, available amount or limit: never the money moved. */
  balance: boolean;
}

/**
 * "Rs 348.97", "Rs.1,00,348.97", "INR 13,30,614.75", "₹348", "Rs. INR 9,569.45", "Rs519", "Rs. 5.000"
 * (three decimals, the last a zero). A number followed by masking (INR 1xxx) is no amount.
 */
const AMOUNT =
  /(?<![a-z0-9])(?:(?:rs\.?|inr|₹|rupees)\s*[.:]?\s*){1,2}(\d{1,3}(?:,\d{2,3})+|\d{1,9})(?:\.(\d{1,3}))?(?![\dx*#])/gi;

/** The words right before a balance or limit: "Avl Bal:", "Aval Bal is", "Total Avail. Bal", "Avl Lmt", "Avlbl Amt:". */
const BALANCE_LABEL =
  /(?:bal(?:ance)?|lmt|limit|avlbl amt|avl amt|available amount)\.?\s*(?:is|of|as on|:|-)?\s*[:-]?\s*$/i;

/**
 * An amount some banks write without a currency, right after the verb that moves it, always with its
 * paise: "is credited with 15000.00" (Kerala Bank), "debited by 1.00 on date 12Sep26" (SBI UPI).
 */
const BARE_AMOUNT =
  /(?<![a-z])(?:credited|debited|deposited)\s+(?:with|by|for)\s+(\d{1,3}(?:,\d{2,3})+|\d{1,9})\.(\d{2})(?![\d.,])/gi;

export function findAmounts(text: string): AmountMention[] {
  const mentions: AmountMention[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(AMOUNT)) {
    const start = match.index;
    const end = start + match[0].length;
    const paise = toPaise(match[1]!, match[2]);
    const before = text.slice(Math.max(previousEnd, start - 30), start);
    previousEnd = end;
    if (paise === null) continue;
    mentions.push({ paise, start, end, balance: BALANCE_LABEL.test(before) });
  }
  for (const match of text.matchAll(BARE_AMOUNT)) {
    const end = match.index + match[0].length;
    const start = end - match[1]!.length - 3;
    const paise = toPaise(match[1]!, match[2]);
    if (paise !== null) mentions.push({ paise, start, end, balance: false });
  }
  return mentions.sort((a, b) => a.start - b.start);
}

function toPaise(whole: string, fraction: string | undefined): number | null {
  const rupees = Number(whole.replace(/,/g, ""));
  if (!Number.isSafeInteger(rupees)) return null;
  let decimals = fraction ?? "";
  // "Rs. 5.000", "Rs 6000.000": a third decimal is written only as a zero; any other is not whole paise.
  if (decimals.length === 3) {
    if (!decimals.endsWith("0")) return null;
    decimals = decimals.slice(0, 2);
  }
  return rupees * 100 + Number(decimals.padEnd(2, "0"));
}

/** A 12-digit UPI reference (RRN/UTR) must follow one of these words within a short distance. */
const REFERENCE_WORD =
  /(?<![a-z])(?:utr|rrn|ref(?:erence)?|upi|imps|txn|trxn|transaction id|transaction reference)(?![a-z])/gi;

/**
 * The reference: the first 12-digit number (not part of a longer one) that follows a word introducing
 * a reference ("UPI Ref No", "RRN:", "UTR", "(UPI 526830463424)", "UPI:…", "UPI/CR/C…", "IMPS/…",
 * "Reference number is") by at most 25 characters holding no other number. A phone number or an
 * account number is never taken for one.
 */
export function findReference(text: string): string | null {
  for (const word of text.matchAll(REFERENCE_WORD)) {
    const after = text.slice(word.index + word[0].length, word.index + word[0].length + 40);
    const number = /(?<!\d)\d{12}(?!\d)/.exec(after);
    if (number && number.index <= 25 && !/\d{3}/.test(after.slice(0, number.index))) return number[0];
  }
  return null;
}

/** A UPI id: handle@psp, where the PSP part is one word (okicici, ybl, paytm, axl), unlike an e-mail domain. */
const VPA = /(?<![\w.@-])([a-z0-9][a-z0-9._-]{1,63}@[a-z][a-z0-9]{1,30})(?![\w@.-]*\.[a-z]{2,})(?![\w@-])/gi;

/** The words right before a UPI id that make it the account's own (the receiver), not the payer's. */
const RECEIVER_LABEL =
  /(?:\b(?:to|into|in|on|at|credited to|received (?:in|on|at))\s+(?:your\s+)?(?:(?:upi\s*)?(?:id|vpa|handle)\s*[:-]?\s*)?|\byour\s+(?:upi\s*)?(?:id|vpa|handle)\s*[:-]?\s*|\b(?:payee|receiver|beneficiary)\s*(?:vpa|upi\s*id)?\s*[:-]?\s*)$/i;

/** Every UPI id in the text, each as the payer's or the receiving one's (the shop's own), from the words before it. */
export function findVpas(text: string): { payer: string | null; receiver: string | null } {
  let payer: string | null = null;
  let receiver: string | null = null;
  for (const match of text.matchAll(VPA)) {
    const vpa = match[1]!.toLowerCase();
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    if (RECEIVER_LABEL.test(before)) receiver ??= vpa;
    else payer ??= vpa;
  }
  return { payer, receiver };
}

/** The payer's UPI id ("from VPA asha@okicici"), never the account's own. */
export function findVpa(text: string): string | null {
  return findVpas(text).payer;
}

/** "from ASHA VERMA on", "sent by TESTUSER on", "transfer from SAMPLE SENDER Ref" — a name, not an account or a VPA. */
const PAYER_NAME =
  /\b(?:from|sent by|by)\s+(?!vpa\b|a\/c\b|ac\b|an?\b|your\b|upi\b|neft|imps|rtgs|cash\b|the\b|account\b|mobile\b|sender\b)([a-z][a-z.&' ]{1,40}?)(?=\s*(?:[.,(]|$|\bon\b|\bvia\b|\bref\b|\bupi\b|\binfo\b|\bavl\b))/i;

export function findPayerName(text: string): string | null {
  const name = PAYER_NAME.exec(text)?.[1]?.trim();
  return name && name.length >= 2 ? name : null;
}

/** "A/c XX1234", "Acct XX823", "A/cX9709", "account **0000", "Account 15XXXXX0000", "a/c no. XXXXXXXX1234". */
const ACCOUNT = /(?:\ba\/c|\bacct|\baccount|\bac(?=\s))\.?\s*(?:no\.?\s*)?[:-]?\s*([x*.\d-]*\d{3,})/gi;

/** The words before an account number that make it the payer's, not the account's own ("from SBI A/c XX12", "Sender A/c"). */
const PAYER_ACCOUNT = /\b(?:from|by|sender|payer|remitter)\b[\sa-z&.]{0,20}$/i;

/**
 * The account's own last digits as the alert prints them ("XX1234" → 1234, "074-260***-006" → 006,
 * "XXX601" → 601); a payer's account ("from CHAS A/c ***6983") is never taken for it.
 */
export function findAccount(text: string): string | null {
  for (const match of text.matchAll(ACCOUNT)) {
    if (PAYER_ACCOUNT.test(text.slice(Math.max(0, match.index - 30), match.index))) continue;
    const shown = match[1]!;
    const digits = shown.replace(/\D/g, "");
    if (digits.length < 3) continue;
    // A mask inside the number ("074-260***-006") hides its middle: the end is the digits after the last mask.
    const tail = /[x*]+-?(\d{3,})$/i.exec(shown)?.[1];
    return (tail ?? digits).slice(-4);
  }
  return null;
}

/**
 * A payment app's own transaction id, for telling one notification from another when it carries no UPI
 * reference: "via PhonePe for txn T2503282015099540319782", "Txn ID: …". Never a 12-digit UTR (that is
 * the reference).
 */
export function findTxnId(text: string): string | null {
  const match = /\b(?:txn|transaction)(?:\s*id)?\s*(?:no\.?)?\s*[:#-]?\s*([a-z]{1,4}\d{12,34})\b/i.exec(text);
  return match ? match[1]!.toUpperCase() : null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const IST_OFFSET_MS = 330 * 60_000;
const NUMERIC_DATE = /(?<!\d)(\d{1,2})([-/])(\d{1,2})\2(\d{4}|\d{2})(?!\d)/;
const NAMED_DATE = /(?<![\da-z])(\d{1,2})[- ]?([a-z]{3})[- ]?(\d{4}|\d{2})(?![\da-z])/i;
const ISO_DATE = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/;
const TIME = /(?<![\d:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s?([ap]m))?(?![\d:])/i;

/** When the money arrived, from the alert's date and time of day (IST); null without both. */
export function findAlertTime(text: string): number | null {
  const date = findDate(text);
  const time = TIME.exec(text);
  if (!date || !time) return null;
  let hour = Number(time[1]);
  const meridiem = time[4]?.toLowerCase();
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  return istTime(date.year, date.month, date.day, hour, Number(time[2]), Number(time[3] ?? 0));
}

function findDate(text: string): { year: number; month: number; day: number } | null {
  const iso = ISO_DATE.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const numeric = NUMERIC_DATE.exec(text);
  const named = NAMED_DATE.exec(text);
  const first = numeric && (!named || numeric.index <= named.index) ? numeric : null;
  if (first) return { day: Number(first[1]), month: Number(first[3]), year: fullYear(first[4]!) };
  if (named) {
    const month = MONTHS.indexOf(named[2]!.toLowerCase()) + 1;
    if (month > 0) return { day: Number(named[1]), month, year: fullYear(named[3]!) };
  }
  return null;
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** A date and time of day in India as a timestamp; null for an impossible one (31 February, 25:00). */
export function istTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - IST_OFFSET_MS;
  // 31 February is not a day: Date.UTC would roll it into March.
  return new Date(utc + IST_OFFSET_MS).getUTCDate() === day ? utc : null;
}

export type CreditKind =
  "upi" | "imps" | "neft" | "rtgs" | "ach" | "cash" | "interest" | "cashback" | "refund" | "other";

const KINDS: [CreditKind, RegExp][] = [
  ["upi", /\bupi\b|\bvpa\b|@[a-z]/i],
  ["imps", /\bimps\b/i],
  ["neft", /\bneft/i],
  ["rtgs", /\brtgs\b/i],
  ["ach", /\bach\b/i],
  ["cash", /\bcash\b(?! ?back)|\bcdm\b/i],
  ["interest", /\binterest\b/i],
  ["cashback", /\bcash ?back\b/i],
  ["refund", /\brefund/i],
];

/** How the money came (evidence for the operator): UPI, IMPS, NEFT, cash, interest… */
export function creditKind(text: string): CreditKind {
  return KINDS.find(([, pattern]) => pattern.test(text))?.[0] ?? "other";
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const NAMES = BANKS.flatMap((bank) => bank.names.map((name) => ({ name, bank }))).sort(
  (a, b) => b.name.length - a.name.length,
);
const NAME = new RegExp(`(?<![a-z])(?:${NAMES.map((n) => escape(n.name)).join("|")})(?![a-z])`, "gi");
const byName = new Map(NAMES.map((n) => [n.name.toLowerCase(), n.bank]));

/** Whether the words name a bank of the registry ("HDFC Bank", "Kotak", "SBI"). */
export function namesABank(words: string): boolean {
  return words.search(NAME) >= 0;
}

/**
 * The banks the text names as the account's own: "HDFC Bank A/c xx1234", "in your Kotak Bank AC X3333",
 * "ICICI Bank Account XX566 credited", or its sign-off ("- Federal Bank", "-PNB", "Team IDFC FIRST Bank").
 * A payer's bank ("from SBI A/c XX12"), one in a UPI path (/HDFC/), an IFSC or a VPA is not the account's.
 */
export function banksNamedAsOwn(text: string): BankEntry[] {
  const own = new Set<BankEntry>();
  const signOffFrom = text.replace(/[\s.!)\]]+$/, "").length - 25;
  for (const match of text.matchAll(NAME)) {
    const bank = byName.get(match[0].toLowerCase());
    if (!bank) continue;
    const before = text.slice(Math.max(0, match.index - 8), match.index).toLowerCase();
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 16);
    // "<Bank> A/c", "<Bank> Account": the account's bank, unless it is the payer's ("from SBI A/c XX12").
    const accountPosition =
      /^\s*(?:bank\s+)?(?:a\/c|ac|acct|account)\b/i.test(after) && !/\b(?:from|by|sender|of|payer)\s$/.test(before);
    if (accountPosition || match.index >= signOffFrom) own.add(bank);
  }
  return [...own];
}
