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

/** How many orders the shop holds. */
export async function orderCount(db: DB): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The whole text of a stream (a CSV export, a download). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
  return text;
}

/** An order's audit trail (each step of its life, with who took it), oldest first. */
export function orderAuditEntries(db: DB, orderId: string) {
  return db
    .selectFrom("audit_log")
    .selectAll()
    .where("target_type", "=", "order")
    .where("target_id", "=", orderId)
    .orderBy("id")
    .execute();
}
