import type { DB } from "~/db/database.server";
import type { NewOrderRow, OrderRow } from "./table";

export async function insertOrder(db: DB, order: NewOrderRow): Promise<OrderRow> {
  return db.insertInto("orders").values(order).returningAll().executeTakeFirstOrThrow();
}

export async function findOrderByOrderId(db: DB, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}
