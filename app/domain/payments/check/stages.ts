import { BINDING_REFUSALS, type BindingRefusal } from "../accounts/binding";

/**
 * The "pay ₹1 to yourself" check (issue 44, point 7): what each alert that
 * arrived while a check waited came to, and the four stages the operator
 * watches — alert received (from which source), read (amount, reference,
 * account), matched (the check's amount on the check's account), confirmed —
 * each with what to fix when it failed. Pure: the Settings card and the tests
 * read a check through it.
 */

export const CHECK_STATUSES = ["waiting", "confirmed", "failed", "cancelled"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** What became of one alert that arrived while the check waited. */
export type CheckEvent =
  /** It reached the shop but was not read as a credit (an OTP, an unknown sender, a text no reader knows). */
  | { at: number; kind: "not_read"; source: string; sender: string | null; reason: string; detail: string }
  /** Read as a credit, but set aside before matching (another account, no digits on the shop's accounts…). */
  | {
      at: number;
      kind: "set_aside";
      source: string;
      sender: string | null;
      read: CheckReading;
      reason: string;
      detail: string;
    }
  /** Read and tied to the shop's accounts, but not the check's amount or account: it went on to the orders. */
  | { at: number; kind: "other_payment"; source: string; sender: string | null; read: CheckReading }
  /** The check's payment: read, tied to the check's account, the exact amount. */
  | { at: number; kind: "matched"; source: string; sender: string | null; read: CheckReading; creditId: number };

export interface CheckReading {
  amountPaise: number | null;
  utr: string | null;
  /** The account it names, as read ("A/c XX1234", a UPI ID); null when none. */
  account: string | null;
}

export type StageState = "done" | "failed" | "waiting" | "not_reached";

export interface CheckStage {
  key: "received" | "read" | "matched" | "confirmed";
  label: string;
  state: StageState;
  /** What was seen, or what went wrong. */
  detail: string | null;
  /** What to do about it, when it failed. */
  fix: string | null;
}

export interface CheckFacts {
  status: CheckStatus;
  amountPaise: number;
  upiId: string;
  expiresAt: number;
  events: CheckEvent[];
  /** Which alert sources are set up, to say where to look when nothing arrived. */
  sources: { sms: boolean; email: boolean; app?: boolean };
}

const SOURCE_NAMES: Record<string, string> = {
  sms: "SMS",
  email: "bank e-mail",
  gateway: "gateway",
  app: "payment-app notification",
};
const sourceName = (source: string) => SOURCE_NAMES[source] ?? source;

function rupees(paise: number | null): string {
  return paise === null ? "an unreadable amount" : `₹${(paise / 100).toFixed(2)}`;
}

function reading(read: CheckReading): string {
  return [
    rupees(read.amountPaise),
    read.utr ? `reference ${read.utr}` : "no reference",
    read.account ? `to ${read.account}` : "no account named",
  ].join(", ");
}

function from(event: CheckEvent): string {
  return `${sourceName(event.source)}${event.sender ? ` from ${event.sender}` : ""}`;
}

/** What the operator should do when an alert was not read, by the reader's reason. */
function notReadFix(reason: string): string {
  if (/sender/.test(reason) || reason === "other_bank") {
    return "The sender is not one the shop trusts for your bank: check the bank in the registry sends from this header, or add a template for it under Payment alerts.";
  }
  if (reason === "not_a_credit")
    return "It did not read as money received: make sure it was the credit alert (not a debit or an OTP).";
  return "Paste the alert into Try on a pasted alert (Payment alerts) to see why, and add a template if your bank words it differently.";
}

function setAsideWords(reason: string): string {
  return reason in BINDING_REFUSALS ? BINDING_REFUSALS[reason as BindingRefusal] : `Set aside (${reason})`;
}

function setAsideFix(reason: string): string {
  if (reason === "no_account_digits" || reason === "other_account" || reason === "no_account_named") {
    return "Enter, on the receiving account, the last digits your bank's alert prints (Admin → Payments → Edit).";
  }
  if (reason === "no_alert_address") return "Set the alert address under Bank e-mail alerts.";
  return "See the payment under Admin → Payments for the reason.";
}

function nothingArrivedFix(sources: CheckFacts["sources"]): string {
  if (!sources.sms && !sources.email && !sources.app) {
    return "No alert source is set up: make the SMS secret (Settings → Payment alerts) for your phone's SMS forwarder, set up Bank e-mail alerts, or Payment app notifications.";
  }
  const tips = [
    sources.sms &&
      "SMS: the forwarder app on the phone that gets the bank's SMS must be running, online, with the webhook https://…/api/payments/sms-alert and the secret; some banks no longer text small UPI credits (HDFC under ₹500).",
    sources.email &&
      "E-mail: press Test connection under Bank e-mail alerts, and check the bank e-mails credits to that mailbox.",
    sources.app &&
      "Payment app: the business app must be signed in on the phone with notifications on, and the forwarder (Tasker) running with the webhook https://…/api/payments/app-alert and the notification secret.",
  ].filter(Boolean);
  return tips.join(" ");
}

/** The check's four stages as the Settings card shows them, from what arrived and the check's state. */
export function checkStages(facts: CheckFacts, now: number): CheckStage[] {
  const { events } = facts;
  const over = facts.status !== "waiting" || now > facts.expiresAt;
  const matched = events.find((e) => e.kind === "matched");
  const readOnes = events.filter((e) => e.kind !== "not_read");
  const first = events[0];

  const received: CheckStage = {
    key: "received",
    label: "Alert received",
    state: first ? "done" : over ? "failed" : "waiting",
    detail: first
      ? `${from(first)}${events.length > 1 ? ` (${events.length} alerts)` : ""}`
      : over
        ? "No alert reached the shop"
        : null,
    fix: first || !over ? null : nothingArrivedFix(facts.sources),
  };
  const lastNotRead = [...events].reverse().find((e) => e.kind === "not_read");
  const lastRead = matched ?? [...readOnes].reverse()[0];
  const read: CheckStage = {
    key: "read",
    label: "Read",
    state: lastRead ? "done" : lastNotRead ? (over ? "failed" : "waiting") : first ? "waiting" : "not_reached",
    detail: lastRead
      ? reading(lastRead.read)
      : lastNotRead?.kind === "not_read"
        ? `Not read as a credit: ${lastNotRead.detail || lastNotRead.reason}`
        : null,
    fix: !lastRead && lastNotRead?.kind === "not_read" ? notReadFix(lastNotRead.reason) : null,
  };
  // The latest alert that came short says what to fix now (an earlier one may be fixed already).
  const lastMiss = [...events].reverse().find((e) => e.kind === "set_aside" || e.kind === "other_payment");
  const setAside = lastMiss?.kind === "set_aside" ? lastMiss : undefined;
  const other = lastMiss?.kind === "other_payment" ? lastMiss : undefined;
  const matchedStage: CheckStage = {
    key: "matched",
    label: "Matched",
    state: matched ? "done" : setAside || other ? (over ? "failed" : "waiting") : lastRead ? "waiting" : "not_reached",
    detail: matched
      ? `${rupees(facts.amountPaise)} to ${facts.upiId}`
      : setAside?.kind === "set_aside"
        ? `${setAsideWords(setAside.reason)}${setAside.detail ? `; ${setAside.detail}` : ""}`
        : other?.kind === "other_payment"
          ? `The alert says ${rupees(other.read.amountPaise)}; the check asked for exactly ${rupees(facts.amountPaise)} to ${facts.upiId}`
          : null,
    fix: matched
      ? null
      : setAside?.kind === "set_aside"
        ? setAsideFix(setAside.reason)
        : other
          ? `Pay exactly ${rupees(facts.amountPaise)} (the paise too) to ${facts.upiId}, or start a new check.`
          : null,
  };
  const confirmed: CheckStage = {
    key: "confirmed",
    label: "Confirmed",
    state:
      facts.status === "confirmed"
        ? "done"
        : over && facts.status !== "cancelled"
          ? "failed"
          : matched
            ? "waiting"
            : "not_reached",
    detail:
      facts.status === "confirmed"
        ? "The chain works: a buyer's payment like this confirms their order by itself"
        : facts.status === "cancelled"
          ? "Cancelled"
          : over
            ? "Not confirmed in time"
            : null,
    fix: null,
  };
  return [received, read, matchedStage, confirmed];
}
