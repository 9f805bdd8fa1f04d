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

/**
 * How many of a price's amounts one client address (an IPv6 client as its /64) may hold at once while
 * its orders are open: buyers behind one carrier NAT share an address, so this is not too small. Past
 * it, the client's newest checkout takes over its own oldest amount: a flood from one client recycles
 * its own share and leaves the rest of the price's amounts to everyone else. (The buyer's phone is not
 * counted: whoever floods types a new one each time, while a family orders with one.)
 */
export const MAX_HOLDS_PER_ADDRESS = 10;

/**
 * A claimed order ("I have paid", with a UTR) keeps its amount this long after its window closed. A real
 * payment's bank alert comes within minutes, and after that a claim is matched by its UTR anyway: made-up
 * UTRs cannot keep a price's amounts for the whole grace period.
 */
export const CLAIM_KEEPS_AMOUNT_MS = 30 * 60_000;

export interface HoldRequest {
  listedPaise: number;
  orderId: string;
  /** Until when the order may still be paid by amount alone: its window plus the grace period. */
  heldUntil: number;
  now: number;
  /** The client's address key (clientAddressKey); null when unknown or not a public address (a proxy's). */
  clientAddress?: string | null;
}

/** The amounts an order at this price may be asked for, the smallest discount first. */
export function candidateAmounts(listedPaise: number): number[] {
  const amounts: number[] = [];
  for (let off = 1; off <= MAX_PAISE_OFF && listedPaise - off > 0; off++) amounts.push(listedPaise - off);
  return amounts;
}

interface Hold {
  amount_paise: number;
  order_id: string;
  held_until: number;
  client_address: string | null;
  status: OrderStatus | null;
  payment_deadline_at: number | null;
  utr: string | null;
}

/**
 * Whether the order holding an amount may be being paid right now: still in its window, or claimed and
 * within CLAIM_KEEPS_AMOUNT_MS of its window's end. Its amount is never handed to another client's order.
 */
function isOpen(hold: Hold, now: number): boolean {
  if (hold.status === "awaiting_payment") return true;
  if (hold.status === "payment_claimed") return (hold.payment_deadline_at ?? 0) + CLAIM_KEEPS_AMOUNT_MS >= now;
  return false;
}

/**
 * Which held amounts go first when none is free: those of orders that show no sign of payment at all
 * (expired or cancelled without a UTR), then paid ones (a second payment by the same buyer is rare), and
 * last those whose buyer named a UTR that never came (a late alert for it is matched by the UTR).
 */
function stealRank(hold: Hold): number {
  const unpaid = hold.status === "expired" || hold.status === "cancelled" || hold.status === "payment_claimed";
  if (!unpaid) return 1;
  return hold.utr === null ? 0 : 2;
}

/**
 * Takes an amount for the order inside the caller's transaction and returns
 * it. An amount stays with its order until the order's window and grace
 * period are over: a paid order's buyer who pays twice must not confirm a
 * stranger's order. Taken, in order of preference: a free amount; else the
 * oldest one of an order nobody is paying now (expired, cancelled, paid, or
 * claimed long ago with no payment seen); a credit for it then names two
 * orders and waits for the operator, which is safe. A client already holding
 * its share of the price's open amounts takes over its own oldest instead.
 * Only when every amount belongs to an open order does the order keep its
 * listed price, unreserved, and a credit for it is then matched only when no
 * other order asks for the same.
 */
export async function holdUniqueAmount(trx: DB, request: HoldRequest): Promise<number> {
  const amounts = candidateAmounts(request.listedPaise);
  if (amounts.length === 0) return request.listedPaise;
  const { now } = request;
  const address = request.clientAddress || null;

  const holds: Hold[] = (
    await trx
      .selectFrom("payment_amount_holds as h")
      .leftJoin("orders as o", "o.order_id", "h.order_id")
      .select([
        "h.amount_paise",
        "h.order_id",
        "h.held_until",
        "h.client_address",
        "o.status",
        "o.payment_deadline_at",
        "o.utr",
      ])
      // The candidates are one run of consecutive amounts: a range of the primary key, not a list of 99.
      .where("h.amount_paise", ">=", amounts[amounts.length - 1]!)
      .where("h.amount_paise", "<=", amounts[0]!)
      .execute()
  ).map((h) => ({
    ...h,
    amount_paise: Number(h.amount_paise),
    held_until: Number(h.held_until),
    payment_deadline_at: h.payment_deadline_at === null ? null : Number(h.payment_deadline_at),
  }));
  const byAmount = new Map(holds.map((h) => [h.amount_paise, h]));

  const live = holds.filter((h) => h.held_until >= now && h.status !== null && isOpen(h, now));
  const own = address ? live.filter((h) => h.client_address === address) : [];
  if (own.length >= MAX_HOLDS_PER_ADDRESS) {
    // Its share is full: its newest checkout takes over its own oldest amount.
    const oldest = [...own].sort((a, b) => a.held_until - b.held_until);
    for (const hold of oldest) {
      if (await takeSlot(trx, hold.amount_paise, hold.order_id, request)) return hold.amount_paise;
    }
  }

  const free: { amount: number; previous: string | null }[] = [];
  const stealable: { amount: number; previous: string; heldUntil: number; rank: number }[] = [];
  for (const amount of amounts) {
    const hold = byAmount.get(amount);
    if (!hold) free.push({ amount, previous: null });
    else if (hold.held_until < now || hold.status === null) free.push({ amount, previous: hold.order_id });
    else if (!isOpen(hold, now)) {
      stealable.push({ amount, previous: hold.order_id, heldUntil: hold.held_until, rank: stealRank(hold) });
    }
  }
  stealable.sort((a, b) => a.rank - b.rank || a.heldUntil - b.heldUntil);

  for (const slot of [...free, ...stealable]) {
    if (await takeSlot(trx, slot.amount, slot.previous, request)) return slot.amount;
  }
  return request.listedPaise;
}

/** Insert, or replace the hold we saw; false when another checkout got there first. */
async function takeSlot(trx: DB, amount: number, previous: string | null, request: HoldRequest): Promise<boolean> {
  const client = { client_address: request.clientAddress || null };
  if (previous === null) {
    const row = await trx
      .insertInto("payment_amount_holds")
      .values({ amount_paise: amount, order_id: request.orderId, held_until: request.heldUntil, ...client })
      .onConflict((oc) => oc.column("amount_paise").doNothing())
      .returning("amount_paise")
      .executeTakeFirst();
    return row !== undefined;
  }
  const row = await trx
    .updateTable("payment_amount_holds")
    .set({ order_id: request.orderId, held_until: request.heldUntil, ...client })
    .where("amount_paise", "=", amount)
    .where("order_id", "=", previous)
    .returning("amount_paise")
    .executeTakeFirst();
  return row !== undefined;
}
