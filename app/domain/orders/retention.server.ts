import type { DB } from "~/db/database.server";

const DAY_MS = 86_400_000;

/**
 * Forgets the buyer's name and phone on orders older than the retention
 * period. The order itself, with its money figures, stays for the books.
 */
export async function anonymiseExpiredCustomers(db: DB, retentionDays: number, now = Date.now()): Promise<number> {
  if (!Number.isFinite(retentionDays) || retentionDays < 1) return 0;
  const result = await db
    .updateTable("orders")
    .set({ customer_name: null, customer_phone: null, anonymised_at: now, updated_at: now })
    .where("created_at", "<", now - retentionDays * DAY_MS)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Erases one buyer's personal data from an order on request (the admin's "Erase customer data"). */
export async function eraseCustomerData(db: DB, orderId: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ customer_name: null, customer_phone: null, anonymised_at: now, updated_at: now })
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
