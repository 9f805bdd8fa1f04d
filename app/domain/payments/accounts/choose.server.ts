import type { DB } from "~/db/database.server";
import { istDayStart } from "~/lib/ist-time";
import { isPlaceholderUpiId } from "~/domain/settings/unsafe-defaults";
import { type AccountUsage, usageSince } from "~/domain/receiving-accounts/accounts.repository.server";
import type { ReceivingAccountRow } from "~/domain/receiving-accounts/table";

/**
 * Which receiving account a new checkout shows (issue 44, point 1): an
 * enabled (not paused) account with room under its daily caps, spread across
 * them in turn, so one frozen or capped UPI ID does not stop the shop and
 * every account adds its own unique amounts. The placeholder UPI ID of a
 * fresh shop is shown only while the shop has no other account.
 */

export function isPlaceholderAccount(account: Pick<ReceivingAccountRow, "upi_id">): boolean {
  return isPlaceholderUpiId(account.upi_id);
}

/** The accounts a checkout may show, before caps: not paused, and real ones first (the placeholder only alone). */
export function offeredAccounts(accounts: readonly ReceivingAccountRow[]): ReceivingAccountRow[] {
  const enabled = accounts.filter((a) => a.paused === 0);
  const real = enabled.filter((a) => !isPlaceholderAccount(a));
  return real.length > 0 ? real : enabled;
}

export function hasCap(account: Pick<ReceivingAccountRow, "daily_cap_paise" | "daily_cap_payments">): boolean {
  return account.daily_cap_paise !== null || account.daily_cap_payments !== null;
}

/** Turns taken across checkouts in this process; each instance spreads its own checkouts. */
let turn = 0;

/**
 * An account with room for one more checkout of `pricePaise` today (IST), taking turns; null when every
 * offered account is at a cap. Runs in the checkout's transaction, so today's usage is counted with it.
 */
export async function chooseAccount(
  trx: DB,
  offered: readonly ReceivingAccountRow[],
  pricePaise: number,
  now: number,
): Promise<ReceivingAccountRow | null> {
  const capped = offered.filter(hasCap);
  const ids = capped.map((a) => a.id);
  const usage: Map<number, AccountUsage> =
    ids.length > 0 ? await usageSince(trx, ids, istDayStart(now)) : new Map<number, AccountUsage>();
  const withRoom = offered.filter((account) => {
    const used = usage.get(account.id) ?? { payments: 0, paise: 0 };
    if (account.daily_cap_payments !== null && used.payments + 1 > account.daily_cap_payments) return false;
    if (account.daily_cap_paise !== null && used.paise + pricePaise > account.daily_cap_paise) return false;
    return true;
  });
  if (withRoom.length === 0) return null;
  turn = (turn + 1) % 1_000_000;
  return withRoom[turn % withRoom.length]!;
}
