import { BANKS, bankById } from "../reader/bank-registry";
import { PAYMENT_APPS, paymentAppById } from "../reader/payment-apps";
import { digitsMatch } from "./account-form";
import type { ReceivingAccountRow } from "~/domain/receiving-accounts/table";

/**
 * Which of the shop's receiving accounts an alert is about (issue 44, point
 * 3). A genuine bank alert for someone else's account, sent to the shop's
 * phone or mailbox, must confirm nothing: an alert counts only when the
 * account it names (its last digits, or the receiving UPI ID where the text
 * names one) is one of the shop's. One naming another account, or naming none
 * where the sending bank always names one, is set aside with the reason; and
 * until at least one account has its digits, no alert can be tied to the shop
 * at all. Pure: the credits' acceptance (credits.server.ts) runs it for every
 * alert source (SMS, e-mail, app notifications) before matching.
 */

/** What an alert says about the account the money went to, as the reader found it. */
export interface CreditPayee {
  /** The account's last digits as the alert prints them ("1234"); null when it names none. */
  account: string | null;
  /** The receiving UPI ID when the text names one ("credited to shop@ybl"); null otherwise. */
  upiId: string | null;
  /** The bank registry's id of the sender (its SMS header or e-mail domain); null when unknown or an app. */
  bankId: string | null;
  /** The payment app whose notification it is (reader/payment-apps.ts); null or absent for a bank's alert. */
  appId?: string | null;
}

export type AccountFacts = Pick<ReceivingAccountRow, "id" | "upi_id" | "bank_id" | "account_digits">;

export type Binding =
  /** The accounts it may be paying (matching looks at their orders only); several when two UPI IDs share one bank account. */
  | { ok: true; accountIds: number[] }
  /** `detail`: the specifics, said after the reason's words (BINDING_REFUSALS). */
  | { ok: false; reason: BindingRefusal; detail: string };

export const BINDING_REFUSALS = {
  no_account_digits:
    "Set aside: no receiving account has its last digits yet, so no alert can be tied to your account (Admin → Payments → Receiving accounts)",
  other_account: "Set aside: the alert is about an account that is not one of your receiving accounts",
  no_account_named: "Set aside: this bank's alerts name the account, and this one names none",
} as const;
export type BindingRefusal = keyof typeof BINDING_REFUSALS;

/**
 * Whether the sender's credit alerts always name the account credited: every bank in the registry does
 * (their texts in the shared corpus all do: "A/c XX1234", "Acct XX566", "a/c *8175"). A business app's
 * notification names the receiving UPI ID at most, and a domain the operator added is not known to.
 */
export function alwaysNamesAccount(payee: Pick<CreditPayee, "bankId" | "appId">): boolean {
  if (payee.appId || !payee.bankId) return false;
  const bank = bankById(payee.bankId);
  // A business app's own SMS (PhonePe Business's "Rs 1 received from ******4892") is in the registry as its sender.
  return bank !== null && !PAYMENT_APPS.some((app) => app.name === bank.name);
}

/** The registry entry a payment app's own SMS comes under (PhonePe Business: "phonepe"), which an account may name as its bank. */
function appAsBank(appId: string): string | null {
  const app = paymentAppById(appId);
  return (app && BANKS.find((bank) => bank.name === app.name)?.id) ?? null;
}

/** A bank's name, or the registry id when unknown. */
function senderName(payee: CreditPayee): string {
  if (payee.appId) return paymentAppById(payee.appId)?.name ?? payee.appId;
  return (payee.bankId && bankById(payee.bankId)?.name) || payee.bankId || "an unknown bank";
}

/** A bank's alert is about an account at that bank (when the account says its bank); an app's may be about any. */
function sameBank(account: AccountFacts, payee: CreditPayee): boolean {
  if (!account.bank_id || !payee.bankId || account.bank_id === payee.bankId) return true;
  return !alwaysNamesAccount(payee) || !alwaysNamesAccount({ bankId: account.bank_id });
}

export function bindCredit(accounts: readonly AccountFacts[], payee: CreditPayee): Binding {
  if (!accounts.some((a) => a.account_digits)) {
    return {
      ok: false,
      reason: "no_account_digits",
      detail: "enter the last digits of the account your bank's alerts print",
    };
  }
  const upiId = payee.upiId?.trim().toLowerCase() || null;
  let named = accounts.filter((a) => sameBank(a, payee));
  if (payee.account) named = named.filter((a) => digitsMatch(a.account_digits, payee.account));
  if (upiId) named = named.filter((a) => a.upi_id === upiId);
  if (payee.account || upiId) {
    if (named.length > 0) return { ok: true, accountIds: named.map((a) => a.id) };
    const what = [payee.account && `account XX${payee.account}`, upiId].filter(Boolean).join(" / ");
    return {
      ok: false,
      reason: "other_account",
      detail: `it names ${what} (${senderName(payee)}); if that account is yours, enter its digits or UPI ID on it`,
    };
  }
  if (alwaysNamesAccount(payee)) {
    return {
      ok: false,
      reason: "no_account_named",
      detail: `${senderName(payee)} names the account in every alert`,
    };
  }
  // Names neither (a payment app's notification that names no UPI ID, a bank the registry does not list):
  // the accounts of its bank (an app's: the accounts whose bank is that app, "PhonePe Business"), else any.
  const bank = payee.appId ? appAsBank(payee.appId) : payee.bankId;
  const ofBank = bank ? accounts.filter((a) => a.bank_id === bank) : [];
  return { ok: true, accountIds: (ofBank.length > 0 ? ofBank : accounts).map((a) => a.id) };
}
