import type { DB } from "~/db/database.server";
import type { OrderStatus } from "~/domain/orders/lifecycle";

/**
 * Every order awaiting payment is asked for an amount no other open order is
 * asked for, so a bank credit of that exact amount names one order. The amount
 * is the listed price less 1 to 99 paise: never more than the buyer was shown.
 *
 * Uniqueness is decided by the primary key of `payment_amount_holds`: taking
 * an amount is an insert (or a compare-and-set on a stale hold) that only one
 * transaction can win, on SQLite and PostgreSQL alike, so concurrent checkouts
 * can never be given the same amount.
 */

export const MAX_PAISE_OFF = 99;

/** Orders whose buyer may be paying right now: their amount is never handed to another order. */
const OPEN: ReadonlySet<OrderStatus> = new Set(["awaiting_payment", "payment_claimed"]);

export interface HoldRequest {
  listedPaise: number;
  orderId: string;
  /** Until when the order may still be paid by amount alone: its window plus the grace period. */
  heldUntil: number;
  now: number;
}

/** The amounts an order at this price may be asked for, the smallest discount first. */
export function candidateAmounts(listedPaise: number): number[] {
  const amounts: number[] = [];
  for (let off = 1; off <= MAX_PAISE_OFF && listedPaise - off > 0; off++) amounts.push(listedPaise - off);
  return amounts;
}

/**
 * Takes an amount for the order inside the caller's transaction and returns
 * it. An amount stays with its order until the order's window and grace
 * period are over, whatever became of it: a paid order's buyer who pays twice
 * must not confirm a stranger's order. With every amount taken, the oldest
 * one of an order nobody is paying right now (expired, cancelled, paid) is
 * taken over: a credit for it then names two orders and waits for the
 * operator, which is safe. Only when all 99 belong to orders in their window
 * or claimed does the order keep its listed price, unreserved, and a credit
 * for it is then matched only when no other order asks for the same.
 */
export async function holdUniqueAmount(trx: DB, request: HoldRequest): Promise<number> {
  const amounts = candidateAmounts(request.listedPaise);
  if (amounts.length === 0) return request.listedPaise;

  const holds = await trx
    .selectFrom("payment_amount_holds as h")
    .leftJoin("orders as o", "o.order_id", "h.order_id")
    .select(["h.amount_paise", "h.order_id", "h.held_until", "o.status"])
    .where("h.amount_paise", "in", amounts)
    .execute();
  const byAmount = new Map(holds.map((h) => [Number(h.amount_paise), h]));

  const free: { amount: number; previous: string | null }[] = [];
  const stealable: { amount: number; previous: string; heldUntil: number }[] = [];
  for (const amount of amounts) {
    const hold = byAmount.get(amount);
    if (!hold) free.push({ amount, previous: null });
    else if (hold.held_until < request.now || hold.status === null) free.push({ amount, previous: hold.order_id });
    else if (!OPEN.has(hold.status)) {
      stealable.push({ amount, previous: hold.order_id, heldUntil: hold.held_until });
    }
  }
  stealable.sort((a, b) => a.heldUntil - b.heldUntil);

  for (const slot of [...free, ...stealable]) {
    if (await takeSlot(trx, slot.amount, slot.previous, request)) return slot.amount;
  }
  return request.listedPaise;
}

/** Insert, or replace the hold we saw; false when another checkout got there first. */
async function takeSlot(trx: DB, amount: number, previous: string | null, request: HoldRequest): Promise<boolean> {
  if (previous === null) {
    const row = await trx
      .insertInto("payment_amount_holds")
      .values({ amount_paise: amount, order_id: request.orderId, held_until: request.heldUntil })
      .onConflict((oc) => oc.column("amount_paise").doNothing())
      .returning("amount_paise")
      .executeTakeFirst();
    return row !== undefined;
  }
  const row = await trx
    .updateTable("payment_amount_holds")
    .set({ order_id: request.orderId, held_until: request.heldUntil })
    .where("amount_paise", "=", amount)
    .where("order_id", "=", previous)
    .returning("amount_paise")
    .executeTakeFirst();
  return row !== undefined;
}
