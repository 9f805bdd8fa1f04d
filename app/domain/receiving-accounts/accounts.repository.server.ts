import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { settingsCopyChanged } from "~/domain/public-pages/changes.server";
import type { NewReceivingAccountRow, ReceivingAccountRow, ReceivingAccountUpdate } from "./table";

/**
 * The `receiving_accounts` table's SQL (migration 0040). Functions take `db`
 * first, so they run inside a transaction as well as outside. The checkout
 * reads them in its transaction; a write declares the settings copy changed
 * (ADR 0021), since the first account's UPI ID is the `VITE_UPI_ID` setting
 * every instance's copy of the settings holds
 * (app/domain/settings/account-settings.server.ts). No public page shows it.
 */

export function listAccounts(db: DB): Promise<ReceivingAccountRow[]> {
  return db.selectFrom("receiving_accounts").selectAll().orderBy("id").execute();
}

export function findAccount(db: DB, id: number): Promise<ReceivingAccountRow | undefined> {
  return db.selectFrom("receiving_accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findAccountByUpiId(db: DB, upiId: string): Promise<ReceivingAccountRow | undefined> {
  return db
    .selectFrom("receiving_accounts")
    .selectAll()
    .where("upi_id", "=", upiId.trim().toLowerCase())
    .executeTakeFirst();
}

/** The shop's first account: what the old `VITE_UPI_ID` setting names (app/domain/settings/account-settings.server.ts). */
export function firstAccount(db: DB): Promise<ReceivingAccountRow | undefined> {
  return db.selectFrom("receiving_accounts").selectAll().orderBy("id").limit(1).executeTakeFirst();
}

export async function insertAccount(
  db: DB,
  values: Omit<NewReceivingAccountRow, "id" | "created_at" | "updated_at">,
  now = Date.now(),
): Promise<ReceivingAccountRow> {
  const row = await db
    .insertInto("receiving_accounts")
    .values({ ...values, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await settingsCopyChanged(db);
  return row;
}

export async function updateAccount(
  db: DB,
  id: number,
  values: Omit<ReceivingAccountUpdate, "id" | "created_at">,
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable("receiving_accounts")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .executeTakeFirst();
  await settingsCopyChanged(db);
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAccount(db: DB, id: number): Promise<boolean> {
  const result = await db.deleteFrom("receiving_accounts").where("id", "=", id).executeTakeFirst();
  await db.deleteFrom("payment_amount_holds").where("account_id", "=", id).execute();
  await settingsCopyChanged(db);
  return Number(result.numDeletedRows) > 0;
}

/**
 * The danger zone's "Payment settings": every account goes (the backup made first keeps the first one's
 * UPI ID) and the shop is back to a fresh shop's one account, the placeholder UPI ID.
 */
export async function resetAccounts(db: DB, placeholderUpiId: string, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("receiving_accounts").executeTakeFirst();
  await db.deleteFrom("payment_amount_holds").execute();
  await insertAccount(db, bareAccount(placeholderUpiId), now);
  return Number(result.numDeletedRows);
}

/** An account with only its UPI ID (a business one, no bank, digits or caps): the first one, or a placeholder. */
export function bareAccount(upiId: string): Omit<NewReceivingAccountRow, "id" | "created_at" | "updated_at"> {
  return {
    upi_id: upiId,
    kind: "business",
    bank_id: null,
    account_digits: null,
    daily_cap_paise: null,
    daily_cap_payments: null,
    paused: 0,
  };
}

/** Orders on this account that may still be paid (window and grace not over): it cannot be deleted meanwhile. */
export async function openOrdersOn(db: DB, accountId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("receiving_account_id", "=", accountId)
    .where("payment_deadline_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface AccountUsage {
  /** Checkouts on it today (IST) that were paid or may still be. */
  payments: number;
  paise: number;
}

/**
 * What each account took today (IST, from `dayStart`): orders created on it that were paid or may still
 * be (awaiting payment, or claimed). One query for all of them; accounts with none are absent.
 */
export async function usageSince(db: DB, accountIds: readonly number[], dayStart: number) {
  const usage = new Map<number, AccountUsage>();
  if (accountIds.length === 0) return usage;
  const rows = await db
    .selectFrom("orders")
    .select((eb) => [
      "receiving_account_id",
      eb.fn.countAll<number>().as("n"),
      eb.fn.coalesce(eb.fn.sum<number>("price_paise"), sql<number>`0`).as("paise"),
    ])
    .where("receiving_account_id", "in", [...accountIds])
    .where("created_at", ">=", dayStart)
    .where((eb) => eb.or([eb("paid_at", "is not", null), eb("status", "in", ["awaiting_payment", "payment_claimed"])]))
    .groupBy("receiving_account_id")
    .execute();
  for (const row of rows) {
    if (row.receiving_account_id === null) continue;
    usage.set(Number(row.receiving_account_id), { payments: Number(row.n), paise: Number(row.paise) });
  }
  return usage;
}
