import type { DB } from "~/db/database.server";
import type { PaymentGatewayOrderRow } from "./table";

/** The SQL of `payment_gateway_orders`: functions take `db` first so they run inside a caller's transaction. */

export function findGatewayOrder(db: DB, orderId: string): Promise<PaymentGatewayOrderRow | undefined> {
  return db.selectFrom("payment_gateway_orders").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

export function findByGatewayOrderId(
  db: DB,
  gateway: string,
  gatewayOrderId: string,
): Promise<PaymentGatewayOrderRow | undefined> {
  return db
    .selectFrom("payment_gateway_orders")
    .selectAll()
    .where("gateway", "=", gateway)
    .where("gateway_order_id", "=", gatewayOrderId)
    .executeTakeFirst();
}

/** Takes the right to make the gateway order for this shop order; false when someone else holds it. */
export async function claimGatewayOrder(
  db: DB,
  row: { order_id: string; gateway: string; amount_paise: number },
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto("payment_gateway_orders")
    .values({
      ...row,
      gateway_order_id: null,
      created_at: now,
      webhook_at: null,
      next_check_at: null,
      check_failures: 0,
    })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .returning("order_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Takes over a claim whose maker never finished (crashed, timed out); false when another took it first. */
export async function retakeStaleClaim(db: DB, orderId: string, claimedAt: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("payment_gateway_orders")
    .set({ created_at: now })
    .where("order_id", "=", orderId)
    .where("gateway_order_id", "is", null)
    .where("created_at", "=", claimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseClaim(db: DB, orderId: string): Promise<void> {
  await db
    .deleteFrom("payment_gateway_orders")
    .where("order_id", "=", orderId)
    .where("gateway_order_id", "is", null)
    .execute();
}

export async function setGatewayOrderId(db: DB, orderId: string, gatewayOrderId: string, nextCheckAt: number) {
  await db
    .updateTable("payment_gateway_orders")
    .set({ gateway_order_id: gatewayOrderId, next_check_at: nextCheckAt })
    .where("order_id", "=", orderId)
    .execute();
}

export async function markWebhookSeen(db: DB, gateway: string, gatewayOrderId: string, now: number): Promise<void> {
  await db
    .updateTable("payment_gateway_orders")
    .set({ webhook_at: now, next_check_at: null })
    .where("gateway", "=", gateway)
    .where("gateway_order_id", "=", gatewayOrderId)
    .where("webhook_at", "is", null)
    .execute();
}

export async function scheduleCheck(
  db: DB,
  orderId: string,
  next: { next_check_at: number | null; check_failures: number },
): Promise<void> {
  await db.updateTable("payment_gateway_orders").set(next).where("order_id", "=", orderId).execute();
}

export interface DueCheck {
  order_id: string;
  gateway: string;
  gateway_order_id: string;
  check_failures: number;
  payment_deadline_at: number;
  paid_at: number | null;
}

/** Gateway orders due a look: made, no webhook yet, their shop order still unpaid. Oldest due first. */
export async function dueChecks(db: DB, now: number, limit: number): Promise<DueCheck[]> {
  const rows = await db
    .selectFrom("payment_gateway_orders as g")
    .innerJoin("orders as o", "o.order_id", "g.order_id")
    .select(["g.order_id", "g.gateway", "g.gateway_order_id", "g.check_failures", "o.payment_deadline_at", "o.paid_at"])
    .where("g.next_check_at", "<=", now)
    .where("g.gateway_order_id", "is not", null)
    .where("g.webhook_at", "is", null)
    .orderBy("g.next_check_at")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, gateway_order_id: r.gateway_order_id! }));
}
