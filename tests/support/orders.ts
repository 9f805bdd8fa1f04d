import type { DB } from "~/db/database.server";
import { generateOrderId } from "~/domain/orders/order-id.server";
import type { NewOrderRow, OrderRow } from "~/domain/orders/table";

/** Inserts an order with sensible defaults; tests override what they care about. */
export async function makeOrder(db: DB, overrides: Partial<NewOrderRow> = {}): Promise<OrderRow> {
  const now = overrides.created_at ?? Date.now();
  return db
    .insertInto("orders")
    .values({
      order_id: generateOrderId(),
      idempotency_key: null,
      service_type: "followers",
      plan_id: null,
      plan_name: "Popular Followers",
      target: "priya.bakes",
      quantity: 1000,
      price_paise: 34_900,
      status: "awaiting_payment",
      customer_name: "Priya Sharma",
      customer_phone: "+919812345678",
      utr: null,
      utr_submitted_at: null,
      payment_deadline_at: now + 300_000,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
