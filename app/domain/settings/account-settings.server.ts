import type { DB } from "~/db/database.server";
import {
  bareAccount,
  findAccountByUpiId,
  firstAccount,
  insertAccount,
  listAccounts,
  updateAccount,
} from "~/domain/receiving-accounts/accounts.repository.server";
import { isPlaceholderUpiId } from "./unsafe-defaults";
import { AppError } from "~/lib/app-error";
import { SETTINGS, settingNameForKey } from "./registry";

/**
 * The `VITE_UPI_ID` setting (the settings API of the storefront the shop is
 * modelled on, the Payment Settings card, backups) names the shop's first
 * receiving account's UPI ID (migration 0040): reading it reads that
 * account, saving it saves it (adding a business account when the shop has
 * none). The account record is the one place a UPI ID is stored; Admin →
 * Payments edits every account, with its kind, bank, digits and caps. As the
 * panel's names are a view of the default panel (ADR 0024).
 */
export const ACCOUNT_SETTING_NAMES = ["upiId"] as const;
export type AccountSettingName = (typeof ACCOUNT_SETTING_NAMES)[number];

export function isAccountSetting(name: string): name is AccountSettingName {
  return (ACCOUNT_SETTING_NAMES as readonly string[]).includes(name);
}

export function isAccountSettingKey(key: string): boolean {
  const name = settingNameForKey(key);
  return name !== undefined && isAccountSetting(name);
}

/** The first account's UPI ID under its setting name; none when the shop has no account (the default applies). */
export async function readAccountSettings(db: DB): Promise<{ upiId?: string }> {
  const account = await firstAccount(db);
  return account ? { upiId: account.upi_id } : {};
}

/** Saves the UPI ID to the first account, or adds a business account with it when the shop has none. */
export async function writeAccountSettings(db: DB, values: { upiId?: string }, now = Date.now()): Promise<void> {
  const upiId = values.upiId?.trim().toLowerCase();
  if (!upiId) return;
  const account = await firstAccount(db);
  if (account?.upi_id === upiId) return;
  if (await findAccountByUpiId(db, upiId)) {
    throw new AppError("CONFLICT", "That UPI ID is already one of your receiving accounts (Admin → Payments)", {
      field: "upiId",
    });
  }
  if (account) await updateAccount(db, account.id, { upi_id: upiId }, now);
  else await insertAccount(db, bareAccount(upiId), now);
}

/** The first account's UPI ID as a settings row, for a backup that asked for the payment settings. */
export async function accountSettingRows(
  db: DB,
  keys: readonly string[],
): Promise<{ key: string; value: string; updated_at: number }[]> {
  if (!keys.includes(SETTINGS.upiId.key)) return [];
  const account = await firstAccount(db);
  return account ? [{ key: SETTINGS.upiId.key, value: account.upi_id, updated_at: account.updated_at }] : [];
}

/**
 * A backup's `VITE_UPI_ID` row puts the UPI ID back when the shop has no account of its own (none, or only
 * the fresh shop's placeholder, as after the danger zone): as a missing settings row comes back, and one
 * the shop has is left as it is. Returns how many rows were put back.
 */
export async function restoreAccountSettings(db: DB, rows: readonly Record<string, unknown>[]): Promise<number> {
  const row = rows.find((r) => String(r.key) === SETTINGS.upiId.key);
  if (!row) return 0;
  const accounts = await listAccounts(db);
  const onlyPlaceholder = accounts.length === 1 && isPlaceholderUpiId(accounts[0]!.upi_id);
  if (accounts.length > 0 && !onlyPlaceholder) return 0;
  await writeAccountSettings(db, { upiId: String(row.value) });
  return 1;
}
