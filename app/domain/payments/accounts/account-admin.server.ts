import type { AppServices } from "~/context";
import { transaction } from "~/db/database.server";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { istDateTime, istDayStart } from "~/lib/ist-time";
import { bankById } from "../reader/bank-registry";
import type { AccountAction, AccountForm } from "./account-form";
import { looksLikeBusinessId } from "./account-form";
import {
  deleteAccount,
  findAccount,
  findAccountByUpiId,
  insertAccount,
  listAccounts,
  openOrdersOn,
  updateAccount,
  usageSince,
} from "~/domain/receiving-accounts/accounts.repository.server";
import { isPlaceholderAccount } from "./choose.server";
import type { AccountKind, ReceivingAccountRow } from "~/domain/receiving-accounts/table";

/**
 * Admin → Payments → Receiving accounts (issue 44, point 1): list, add, edit,
 * pause, resume and delete the UPI IDs buyers pay. Each change is audited.
 * An account that open orders still show is paused, never deleted, until
 * their window and grace period are over: their payments must still match.
 */

export const ACCOUNT_MESSAGES = {
  added: (upi: string) => `Receiving account ${upi} added`,
  saved: (upi: string) => `Receiving account ${upi} saved`,
  paused: (upi: string) => `${upi} is paused: new checkouts show your other accounts; its open orders still match`,
  pausedLast: (upi: string) =>
    `${upi} is paused. No account takes new checkouts now: buyers cannot order until you resume one or add another.`,
  resumed: (upi: string) => `${upi} takes checkouts again`,
  deleted: (upi: string) => `Receiving account ${upi} deleted`,
  duplicate: "This UPI ID is already one of your receiving accounts",
  notFound: "That account is no longer listed",
  lastAccount: "This is your only receiving account: add another before deleting it",
  openOrders: (upi: string, n: number, until: number) =>
    `${upi} cannot be deleted yet: ${n === 1 ? "an order" : `${n} orders`} shown it may still be paid until ${istDateTime(until)} IST. Pause it instead; delete it after that.`,
} as const;

/** An account as the page shows it. */
export interface AccountView {
  id: number;
  upiId: string;
  kind: AccountKind;
  bankId: string | null;
  bankName: string | null;
  accountDigits: string | null;
  dailyCapRupees: number | null;
  dailyCapPayments: number | null;
  paused: boolean;
  /** What it took today (IST): checkouts paid or still open, and their sum. */
  today: { payments: number; paise: number };
  /** The fresh shop's placeholder UPI ID: buyers' money would go nowhere. */
  placeholder: boolean;
  /** Marked personal, but its shape is a business app's merchant ID (a hint for the operator). */
  looksBusiness: boolean;
}

export async function accountsForAdmin(db: AppServices["db"], now = Date.now()): Promise<AccountView[]> {
  const accounts = await listAccounts(db);
  const usage = await usageSince(
    db,
    accounts.map((a) => a.id),
    istDayStart(now),
  );
  return accounts.map((a) => ({
    id: a.id,
    upiId: a.upi_id,
    kind: a.kind,
    bankId: a.bank_id,
    bankName: a.bank_id ? (bankById(a.bank_id)?.name ?? a.bank_id) : null,
    accountDigits: a.account_digits,
    dailyCapRupees: a.daily_cap_paise === null ? null : Math.floor(a.daily_cap_paise / 100),
    dailyCapPayments: a.daily_cap_payments,
    paused: a.paused === 1,
    today: usage.get(a.id) ?? { payments: 0, paise: 0 },
    placeholder: isPlaceholderAccount(a),
    looksBusiness: a.kind === "personal" && looksLikeBusinessId(a.upi_id),
  }));
}

type Services = Pick<AppServices, "db" | "config">;

/** Runs one of the accounts' forms; a refusal is thrown as an AppError naming its field. */
export async function runAccountAction(
  services: Services,
  actor: Actor,
  action: AccountAction,
  now = Date.now(),
): Promise<{ ok: true; message: string }> {
  if (action.intent === "account-save") return saveAccount(services, actor, action, now);
  return transaction(services.db, async (trx) => {
    const account = await findAccount(trx, action.id);
    if (!account) throw new AppError("NOT_FOUND", ACCOUNT_MESSAGES.notFound);
    if (action.intent === "account-delete") {
      const all = await listAccounts(trx);
      if (all.length === 1) throw new AppError("CONFLICT", ACCOUNT_MESSAGES.lastAccount);
      const graceMs = services.config.PAYMENT_GRACE_SECONDS * 1000;
      const open = await openOrdersOn(trx, account.id, now - graceMs);
      if (open > 0) {
        const until = await lastPayableAt(trx, account.id, graceMs);
        throw new AppError("CONFLICT", ACCOUNT_MESSAGES.openOrders(account.upi_id, open, until));
      }
      await deleteAccount(trx, account.id);
      await audit(trx, actor, "account.delete", account, { upiId: account.upi_id }, now);
      return { ok: true as const, message: ACCOUNT_MESSAGES.deleted(account.upi_id) };
    }
    const paused = action.intent === "account-pause" ? 1 : 0;
    await updateAccount(trx, account.id, { paused }, now);
    await audit(trx, actor, paused ? "account.pause" : "account.resume", account, { upiId: account.upi_id }, now);
    if (!paused) return { ok: true as const, message: ACCOUNT_MESSAGES.resumed(account.upi_id) };
    const others = (await listAccounts(trx)).filter((a) => a.paused === 0);
    return {
      ok: true as const,
      message:
        others.length === 0 ? ACCOUNT_MESSAGES.pausedLast(account.upi_id) : ACCOUNT_MESSAGES.paused(account.upi_id),
    };
  });
}

async function saveAccount(services: Services, actor: Actor, form: AccountForm, now: number) {
  const values = {
    upi_id: form.upiId,
    kind: form.kind,
    bank_id: form.bankId,
    account_digits: form.accountDigits,
    daily_cap_paise: form.dailyCapRupees === null ? null : form.dailyCapRupees * 100,
    daily_cap_payments: form.dailyCapPayments,
  };
  return transaction(services.db, async (trx) => {
    const same = await findAccountByUpiId(trx, form.upiId);
    if (same && same.id !== form.id) throw new AppError("CONFLICT", ACCOUNT_MESSAGES.duplicate, { field: "upiId" });
    if (form.id === undefined) {
      const added = await insertAccount(trx, { ...values, paused: 0 }, now);
      await audit(trx, actor, "account.add", added, values, now);
      return { ok: true as const, message: ACCOUNT_MESSAGES.added(added.upi_id) };
    }
    const account = await findAccount(trx, form.id);
    if (!account) throw new AppError("NOT_FOUND", ACCOUNT_MESSAGES.notFound);
    await updateAccount(trx, account.id, values, now);
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => account[key as keyof typeof values] !== value),
    );
    if (Object.keys(changed).length > 0) await audit(trx, actor, "account.update", account, changed, now);
    return { ok: true as const, message: ACCOUNT_MESSAGES.saved(form.upiId) };
  });
}

/** When the last order shown this account stops being payable (its window and grace end). */
async function lastPayableAt(db: AppServices["db"], accountId: number, graceMs: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.max("payment_deadline_at").as("at"))
    .where("receiving_account_id", "=", accountId)
    .executeTakeFirst();
  return Number(row?.at ?? 0) + graceMs;
}

function audit(
  db: AppServices["db"],
  actor: Actor,
  action: string,
  account: ReceivingAccountRow,
  details: Record<string, unknown>,
  now: number,
) {
  return recordAudit(
    db,
    { ...auditBy(actor), action, targetType: "receiving_account", targetId: account.id, details },
    now,
  );
}
