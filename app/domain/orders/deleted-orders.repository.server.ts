import type { DB } from "~/db/database.server";
import type { OrderStatus } from "./lifecycle";
import type { OrderRow } from "./table";

/** The SQL of `deleted_orders`: the paid orders the operator deleted, which the revenue screens no longer count. */

export async function recordDeletedSale(
  trx: DB,
  order: OrderRow,
  { by, backup, now }: { by: string; backup: string; now: number },
): Promise<void> {
  await trx
    .insertInto("deleted_orders")
    .values({
      order_id: order.order_id,
      created_at: order.created_at,
      service_type: order.service_type,
      status: order.status,
      price_paise: order.price_paise,
      refund_due_paise: order.refund_due_paise,
      profit_paise: order.profit_paise,
      deleted_at: now,
      deleted_by: by,
      backup,
    })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .execute();
}

export interface DeletedSales {
  orders: number;
  /** Their prices less refunds, as the revenue card would have counted them. */
  revenuePaise: number;
}

/** Deleted sales created in [from, to) (either end open), in the given states. */
export async function deletedSalesIn(
  db: DB,
  range: { from?: number; to?: number },
  statuses: readonly OrderStatus[],
): Promise<DeletedSales> {
  let q = db
    .selectFrom("deleted_orders")
    .select(["price_paise", "refund_due_paise", "profit_paise"])
    .where("status", "in", statuses);
  if (range.from !== undefined) q = q.where("created_at", ">=", range.from);
  if (range.to !== undefined) q = q.where("created_at", "<", range.to);
  // Few rows (each is an order the operator deleted by hand and typed the id of): summed here.
  const rows = await q.execute();
  return {
    orders: rows.length,
    revenuePaise: rows.reduce((sum, r) => sum + Number(r.price_paise) - Number(r.refund_due_paise ?? 0), 0),
  };
}

/** The danger zone's "orders" deletion: with every order gone, there is no deleted sale left to mention. */
export async function forgetDeletedSales(trx: DB): Promise<void> {
  await trx.deleteFrom("deleted_orders").execute();
}
