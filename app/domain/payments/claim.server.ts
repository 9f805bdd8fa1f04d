import type { DB } from "~/db/database.server";
import type { RequestClient } from "~/domain/audit/audit.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import type { OrderRow } from "~/domain/orders/table";
import { settleByClaim } from "./matching.server";
import { claimPayment } from "./payment.server";

/**
 * "I have paid" from the checkout: the buyer's UTR is taken (claimPayment), and a bank credit with that
 * UTR that came before and waited because its amount named no single order is settled by it at once
 * (issue 44, point 6): the order the buyer names is confirmed when the credit can be its payment. Returns
 * the order as it now is.
 */
export async function claimAndSettle(
  db: DB,
  orderId: string,
  rawUtr: string,
  options: { graceSeconds: number; now?: number; client?: RequestClient },
): Promise<OrderRow> {
  const claimed = await claimPayment(db, orderId, rawUtr, options);
  if (claimed.paid_at !== null || !claimed.utr) return claimed;
  const settled = await settleByClaim(db, claimed.order_id, claimed.utr, options);
  if (settled?.kind !== "confirmed") return claimed;
  return (await findOrder(db, claimed.order_id)) ?? settled.order;
}
