import { parseRupeesToPaise } from "~/lib/money";
import type { AlertChannel, AlertTemplate, TemplateGroups } from "../custom-templates";
import { MAX_ALERT_CHARS, cleanAlertText, collapseSpaces } from "./alert-text";
import {
  type CreditKind,
  banksNamedAsOwn,
  creditKind,
  findAccount,
  findAlertTime,
  findAmounts,
  findPayerName,
  findReference,
  findTxnId,
  findVpas,
  istTime,
} from "./alert-fields";
import { direction } from "./alert-words";
import { type BankEntry, bankForDomain } from "./bank-registry";
import { type PaymentApp, paymentAppByPackage } from "./payment-apps";
import { type AddedHeader, smsSenderBank } from "./sender";

/**
 * The one reader of bank credit alerts: the SMS endpoint, the mailbox
 * reader, Settings' "Try on a pasted alert" and `npm run alerts -- check`
 * all call it, so each reads an alert alike. Pure and bounded: the sender is
 * checked before any pattern runs, the text is capped and cleaned first, the
 * built-in reading is linear in the text, and the operator's templates run
 * on a linear-time engine.
 *
 * Order: who sent it (an SMS's DLT header, or an e-mail's verified domain,
 * looked up in the bank registry); whether the text is safe to read; the
 * operator's templates whose sender rule allows this sender; then the
 * built-in reading with the sending bank's registry entry: the amount
 * credited (not the balance), credit or not from the words around it, the
 * reference, payer, account and time — and a text that names another bank
 * as the account's is not this bank's alert.
 */

export interface ReadAlert {
  /** The sending bank's registry id; null for a payment app, or an operator-allowed e-mail domain the registry does not list. */
  bankId: string | null;
  /** The payment app whose notification it is (reader/payment-apps.ts); null for a bank's SMS or e-mail. */
  appId: string | null;
  /** What read it: "reader" or the operator's template id ("custom-1"). */
  by: string;
  /** For people: "HDFC Bank (built-in reader)", "My bank (your template)". */
  label: string;
  amountPaise: number;
  /** The 12-digit UPI reference (RRN/UTR), when the alert has one. */
  utr: string | null;
  payerVpa: string | null;
  payerName: string | null;
  /** The account's own last digits as the alert gives them (never the payer's). */
  account: string | null;
  /** The receiving UPI id, when the text names it ("credited to VPA shop@ybl"): the shop's own, never the payer's. */
  receiverVpa: string | null;
  /** A payment app's own transaction id ("T2503282015099540319782") when the text has one and no UTR. */
  txnId: string | null;
  /** From the alert's date and time of day (IST); null when it gives no time of day. */
  alertTime: number | null;
  kind: CreditKind;
}

export type NotReadReason =
  | "too_long"
  | "hidden_characters"
  | "lookalike_characters"
  | "no_sender"
  | "unknown_sender"
  | "lookalike_sender"
  | "promotional_sender"
  | "other_bank"
  | "not_a_credit"
  | "no_amount"
  | "amount_unclear"
  | "bad_amount";

export type AlertReading =
  { credit: true; alert: ReadAlert } | { credit: false; reason: NotReadReason; detail: string; bankId?: string | null };

/** Where an alert came from: a bank's SMS or e-mail, or a payment app's notification on the operator's phone. */
export type ReaderChannel = AlertChannel | "app";

export interface ReadOptions {
  channel: ReaderChannel;
  /**
   * SMS: the sender id as the phone saw it (VM-HDFCBK). E-mail: the domain whose aligned DKIM
   * signature (or receiving host's verdict) made the mail trusted, or an address at it.
   */
  sender?: string | null;
  /** The operator's templates, tried before the built-in reading. */
  custom?: readonly AlertTemplate[];
  /** SMS headers the operator added for banks in the registry. */
  addedHeaders?: readonly AddedHeader[];
  /** App notifications: the payment apps registered in Settings (ids); any other app is refused. */
  apps?: readonly string[];
}

type Refusal = Extract<AlertReading, { credit: false }>;
type Sender = { ok: true; bank: BankEntry | null; app?: PaymentApp } | { ok: false; refusal: Refusal };

const refused = (reason: NotReadReason, detail: string): Sender => ({
  ok: false,
  refusal: { credit: false, reason, detail },
});

function whoSent(channel: ReaderChannel, sender: string | null | undefined, options: ReadOptions): Sender {
  if (channel === "sms") {
    const check = smsSenderBank(sender, options.addedHeaders);
    return check.ok ? { ok: true, bank: check.bank } : refused(check.reason, check.detail);
  }
  if (channel === "app") {
    const pkg = (sender ?? "").trim().toLowerCase();
    if (pkg === "") return refused("no_sender", "no app package was given");
    const shown = JSON.stringify(pkg.slice(0, 80));
    const app = paymentAppByPackage(pkg);
    if (!app) return refused("unknown_sender", `${shown} is not a payment app the shop reads`);
    if (!(options.apps ?? []).includes(app.id)) {
      return refused(
        "unknown_sender",
        `${app.name} (${pkg}) is not registered in Settings → Payment app notifications`,
      );
    }
    return { ok: true, bank: null, app };
  }
  const domain = (sender ?? "").trim().toLowerCase().split("@").pop() ?? "";
  if (domain === "") return refused("no_sender", "no sender domain was given");
  // The mail reader only hands over mail from an allowed domain; one the registry does not list was added by the operator.
  return { ok: true, bank: bankForDomain(domain) };
}

export function readAlert(raw: string, options: ReadOptions): AlertReading {
  const { channel, sender, custom = [] } = options;
  const cleaned = cleanAlertText(raw);
  if (!cleaned.ok) return { credit: false, reason: cleaned.reason, detail: cleaned.detail };
  const text = cleaned.text;

  // The operator's templates first, each only for the senders it names.
  const templates = custom.filter((t) => t.channel === channel && (channel === "email" || t.sender?.(sender ?? "")));
  const from = whoSent(channel, sender, options);
  // A look-alike of a bank's header, a promotional route or no sender at all is refused even for a template.
  if (!from.ok && (templates.length === 0 || from.refusal.reason !== "unknown_sender")) return from.refusal;
  const bank = from.ok ? from.bank : null;

  for (const template of templates) {
    const groups = template.match(text);
    if (!groups) continue;
    return fromTemplate(text, template, groups, bank);
  }
  if (!from.ok) return from.refusal;
  return builtIn(text, bank, from.app ?? null);
}

/**
 * An e-mail's text, paragraph by paragraph: a bank's footer ("never share
 * your OTP", "refunds take 7 days") must not hide the alert above it, while
 * the words that make a text something other than a credit still count
 * within the alert's own paragraph. Each paragraph is read with the registry
 * entry of the bank whose domain signed the mail, and only that bank's.
 */
export function readMailText(text: string, options: Omit<ReadOptions, "channel">): AlertReading {
  let last: AlertReading | null = null;
  for (const paragraph of textParagraphs(text)) {
    const reading = readAlert(paragraph, { ...options, channel: "email" });
    if (reading.credit) return reading;
    if (!last || reading.reason !== "no_amount") last = reading;
  }
  return last ?? { credit: false, reason: "no_amount", detail: "the mail has no text" };
}

/**
 * A text's paragraphs (split at blank lines). One longer than an alert is not cut (the words after the
 * cut could be the ones that make it no credit): the reader refuses it whole.
 */
export function textParagraphs(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/)
    .slice(0, 200)
    .map((p) => (p.length > MAX_ALERT_CHARS ? p : collapseSpaces(p)))
    .filter((p) => p.trim() !== "");
}

/**
 * Whether a text reads as money received, whoever sent it: to decide whether a refused alert is worth
 * showing the operator (an untrusted "Rs 348.97 credited" is; an OTP from a stranger is not). Never confirms.
 */
export function readsLikeCredit(raw: string): boolean {
  const cleaned = cleanAlertText(raw);
  return cleaned.ok && builtIn(cleaned.text, null, null).credit;
}

function builtIn(text: string, bank: BankEntry | null, app: PaymentApp | null): AlertReading {
  const bankId = bank?.id ?? null;
  const notRead = (reason: NotReadReason, detail: string): AlertReading => ({ credit: false, reason, detail, bankId });
  const amounts = findAmounts(text);
  const moved = amounts.filter((a) => !a.balance);
  const amount = moved[0];
  if (!amount) return notRead("no_amount", "no amount in rupees (Rs, INR, ₹) other than a balance");
  const verdict = direction(text, amount);
  if (!verdict.credit) return notRead("not_a_credit", `not a credit: ${verdict.why}`);
  const other = moved.find((a) => a.paise !== amount.paise);
  if (other) {
    return notRead(
      "amount_unclear",
      `two amounts (${rupees(amount.paise)} and ${rupees(other.paise)}) and no telling which was credited`,
    );
  }
  if (amount.paise <= 0) return notRead("bad_amount", "the amount credited is zero");
  // A payment app's notification names the bank its money settles to ("credited to your HDFC Bank A/c"): that is no stranger.
  if (bank) {
    const stranger = banksNamedAsOwn(text).find((named) => named.id !== bank.id);
    if (stranger) {
      return notRead("other_bank", `the text names ${stranger.name} as the account's bank, but came from ${bank.name}`);
    }
  }
  const vpas = findVpas(text);
  const utr = findReference(text);
  return {
    credit: true,
    alert: {
      bankId,
      appId: app?.id ?? null,
      by: "reader",
      label: `${app?.name ?? bank?.name ?? "Allowed sender"} (built-in reader)`,
      amountPaise: amount.paise,
      utr,
      payerVpa: vpas.payer,
      payerName: findPayerName(text),
      account: findAccount(text),
      receiverVpa: vpas.receiver,
      txnId: utr ? null : findTxnId(text),
      alertTime: findAlertTime(text),
      kind: app ? "upi" : creditKind(text),
    },
  };
}

/** A template's match: its groups say what the text holds, but a debit, a request or an OTP is still no credit. */
function fromTemplate(text: string, template: AlertTemplate, groups: TemplateGroups, bank: BankEntry | null) {
  const notRead = (reason: NotReadReason, detail: string): AlertReading => ({
    credit: false,
    reason,
    detail: `${template.label}: ${detail}`,
    bankId: bank?.id ?? null,
  });
  const paise = parseRupeesToPaise((groups.amount ?? "").replace(/,/g, ""));
  if (paise === null || paise <= 0) return notRead("bad_amount", "the amount is not a positive number of rupees");
  const around = findAmounts(text).find((a) => a.paise === paise && !a.balance) ?? {
    paise,
    start: 0,
    end: 0,
    balance: false,
  };
  const verdict = direction(text, around);
  if (!verdict.credit && !/no words say money/.test(verdict.why)) return notRead("not_a_credit", verdict.why);
  const utr = /^\d{12}$/.test(groups.utr ?? "") ? groups.utr! : null;
  const vpa = groups.vpa && findVpas(groups.vpa).payer === groups.vpa.toLowerCase() ? groups.vpa.toLowerCase() : null;
  return {
    credit: true as const,
    alert: {
      bankId: bank?.id ?? null,
      appId: null,
      by: template.id,
      label: `${template.label} (your template)`,
      amountPaise: paise,
      utr,
      payerVpa: vpa,
      payerName: null,
      account: findAccount(text),
      receiverVpa: findVpas(text).receiver,
      txnId: utr ? null : findTxnId(text),
      alertTime: templateTime(groups.date, groups.time),
      kind: creditKind(text),
    },
  };
}

/** A template's date and time groups ("21-05-25", "21May2025", "10:31 PM") as IST. */
export function templateTime(date: string | undefined, time: string | undefined): number | null {
  if (!date || !time) return null;
  const d = /^(\d{1,2})[-/ ]?(\d{1,2}|[A-Za-z]{3})[-/ ]?(\d{2}|\d{4})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s?([AP]M)?$/i.exec(time.trim());
  if (!d || !t) return null;
  const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
  const month = /^\d+$/.test(d[2]!) ? Number(d[2]) : months.indexOf(d[2]!.toLowerCase()) + 1;
  const year = d[3]!.length === 2 ? 2000 + Number(d[3]) : Number(d[3]);
  let hour = Number(t[1]);
  const meridiem = t[4]?.toUpperCase();
  if (meridiem === "PM" && hour < 12) hour += 12;
  if (meridiem === "AM" && hour === 12) hour = 0;
  return istTime(year, month, Number(d[1]), hour, Number(t[2]), Number(t[3] ?? 0));
}

/**
 * When the money arrived, for matching: the alert's own time when it gives
 * one and it is plausible (not after the alert reached us, at most a day
 * before), else when the alert reached us.
 */
/** What an alert says about where the money came from, kept with the credit as evidence. */
export function alertEvidence(
  alert: Pick<ReadAlert, "bankId" | "appId" | "payerName" | "account" | "receiverVpa" | "txnId" | "kind">,
) {
  return {
    bank: alert.bankId,
    ...(alert.appId ? { app: alert.appId } : {}),
    payerName: alert.payerName,
    account: alert.account,
    receiverVpa: alert.receiverVpa,
    ...(alert.txnId ? { txnId: alert.txnId } : {}),
    kind: alert.kind,
  };
}

/**
 * What an alert says about the account credited, for tying it to the shop's receiving accounts
 * (accounts/binding.ts): the account's own last digits, the receiving UPI id, and who sent it (a bank,
 * or a payment app whose notification names the UPI id at most).
 */
export function alertPayee(alert: Pick<ReadAlert, "bankId" | "appId" | "account" | "receiverVpa">) {
  return { account: alert.account, upiId: alert.receiverVpa, bankId: alert.bankId, appId: alert.appId };
}

export function creditTime(alert: Pick<ReadAlert, "alertTime">, receivedAt: number): number {
  const at = alert.alertTime;
  if (at === null || at > receivedAt + 60_000 || at < receivedAt - 86_400_000) return receivedAt;
  return at;
}

function rupees(paise: number): string {
  return `₹${(paise / 100).toFixed(2)}`;
}
