import type { DB } from "~/db/database.server";
import { anonymiseOrdersCreatedBefore } from "./orders.repository.server";

const DAY_MS = 86_400_000;

/**
 * Forgets the buyer's name and phone on orders older than the retention
 * period. The order itself, with its money figures, stays for the books.
 */
export async function anonymiseExpiredCustomers(db: DB, retentionDays: number, now = Date.now()): Promise<number> {
  if (!Number.isFinite(retentionDays) || retentionDays < 1) return 0;
  return anonymiseOrdersCreatedBefore(db, now - retentionDays * DAY_MS, now);
}
