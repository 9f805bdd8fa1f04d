import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import type { OrderStatus } from "~/domain/orders/lifecycle";
import type { ClientNetworks } from "~/lib/client-address";
import type { PaymentAmountHoldTable } from "./table";

/**
 * Every order awaiting payment is asked for an amount no other open order on
 * its receiving account is asked for, so a bank credit of that exact amount
 * on that account names one order. The amount is the listed price less 1 to
 * 199 paise, never a whole number of rupees (a buyer who rounds pays one:
 * app/domain/payments/matching.server.ts), never more than the buyer was shown.
 *
 * Uniqueness is decided by the primary key of `payment_amount_holds`,
 * (account, amount): taking an amount is an insert (or a compare-and-set on a
 * stale hold) that only one transaction can win, on SQLite and PostgreSQL
 * alike, so concurrent checkouts can never be given the same amount on one
 * account. Each account adds its own amounts to the pool.
 */

export const MAX_PAISE_OFF = 199;

/**
 * How many of a price's amounts on one account a client may hold at once while its orders are open, per
 * network: its line (an IPv6 /64, an IPv4 address), and the wider networks one subscriber or site is
 * given (an IPv6 /56 and /48, an IPv4 /24). Buyers behind one carrier NAT share an address, so these are
 * not too small. Past one of them, the client's newest checkout takes over the oldest amount held in that
 * network: a flood recycles its own share and leaves the rest of the price's amounts to everyone else.
 * (The buyer's phone is not counted: whoever floods types a new one each time, while a family orders with one.)
 */
export const MAX_HOLDS_PER_ADDRESS = 10;
export const MAX_HOLDS_PER_NETWORK = 15;
export const MAX_HOLDS_PER_WIDE_NETWORK = 20;
/** An IPv4 /24 is the widest an IPv4 client is counted in (a carrier's NAT pool spans many). */
export const MAX_HOLDS_PER_IPV4_NETWORK = 20;
const SMALLEST_SHARE = Math.min(
  MAX_HOLDS_PER_ADDRESS,
  MAX_HOLDS_PER_NETWORK,
  MAX_HOLDS_PER_WIDE_NETWORK,
  MAX_HOLDS_PER_IPV4_NETWORK,
);

/**
 * A claimed order ("I have paid", with a UTR) keeps its amount this long after its window closed. A real
 * payment's bank alert comes within minutes, and after that a claim is matched by its UTR anyway: made-up
 * UTRs cannot keep a price's amounts for the whole grace period.
 */
export const CLAIM_KEEPS_AMOUNT_MS = 30 * 60_000;
/** …and only this long while the price's amounts on the account run low (fewer than LOW_POOL_SHARE free). */
export const CLAIM_KEEPS_AMOUNT_LOW_MS = 5 * 60_000;
export const LOW_POOL_SHARE = 0.25;

export interface HoldRequest {
  /** The receiving account the order pays. */
  accountId: number;
  listedPaise: number;
  orderId: string;
  /** Until when the order may still be paid by amount alone: its window plus the grace period. */
  heldUntil: number;
  now: number;
  /** The client's networks (clientNetworks); null when unknown or not a public address (a proxy's). */
  client?: ClientNetworks | null;
}

/** The amounts an order at this price may be asked for, the smallest discount first; never whole rupees. */
export function candidateAmounts(listedPaise: number): number[] {
  const amounts: number[] = [];
  for (let off = 1; off <= MAX_PAISE_OFF && listedPaise - off > 0; off++) {
    if ((listedPaise - off) % 100 !== 0) amounts.push(listedPaise - off);
  }
  return amounts;
}

/** A held amount (its row, as the table declares it) and the order holding it, none when that order is gone. */
type Hold = Omit<PaymentAmountHoldTable, "account_id"> & {
  status: OrderStatus | null;
  payment_deadline_at: number | null;
  utr: string | null;
};

/**
 * Whether the order holding an amount may be being paid right now: still in its window, or claimed and
 * within the claim's time after its window's end. Its amount is never handed to another client's order.
 */
function isOpen(hold: Hold, now: number, claimKeepsMs: number): boolean {
  if (hold.status === "awaiting_payment") return true;
  if (hold.status === "payment_claimed") return (hold.payment_deadline_at ?? 0) + claimKeepsMs >= now;
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

/** The networks a client is counted in, each with its share, finest first. */
function shares(
  client: ClientNetworks,
): { column: "client_address" | "client_network" | "client_wide"; key: string; cap: number }[] {
  return [
    { column: "client_address" as const, key: client.address, cap: MAX_HOLDS_PER_ADDRESS },
    {
      column: "client_network" as const,
      key: client.network,
      cap: client.wide === null ? MAX_HOLDS_PER_IPV4_NETWORK : MAX_HOLDS_PER_NETWORK,
    },
    ...(client.wide === null
      ? []
      : [{ column: "client_wide" as const, key: client.wide, cap: MAX_HOLDS_PER_WIDE_NETWORK }]),
  ];
}

/**
 * Takes an amount for the order inside the caller's transaction and returns
 * it. An amount stays with its order until the order's window and grace
 * period are over: a paid order's buyer who pays twice must not confirm a
 * stranger's order. Taken, in order of preference: a free amount; else the
 * oldest one of an order nobody is paying now (expired, cancelled, paid, or
 * claimed long ago with no payment seen; sooner when the amounts run low); a
 * credit for it then names two orders and waits for the operator, which is
 * safe. A client whose network already holds its share of the price's open
 * amounts takes over that network's oldest instead. Only when every amount
 * belongs to an open order does the order keep its listed price, unreserved,
 * and a credit for it is then matched only when no other order asks for the same.
 */
export async function holdUniqueAmount(trx: DB, request: HoldRequest): Promise<number> {
  const amounts = candidateAmounts(request.listedPaise);
  if (amounts.length === 0) return request.listedPaise;
  const price = `${request.accountId}:${request.listedPaise}`;
  // Every amount of the price was an open order's a moment ago: the listed price, unread (ADR 0052).
  const until = exhausted.get(price);
  if (until !== undefined && until > request.now && request.now >= until - EXHAUSTED_HINT_MS) {
    return request.listedPaise;
  }
  const free = await holdFreeAmount(trx, request, amounts);
  if (free !== undefined) return free;
  const amount = await holdAmongAll(trx, request, amounts);
  if (amount === request.listedPaise) exhausted.set(price, request.now + EXHAUSTED_HINT_MS);
  else exhausted.delete(price);
  return amount;
}

/**
 * Prices (account:paise) whose every amount an open order held at the last full reading, until when: for
 * that long a checkout of the price takes the listed price without reading the holds, as the reading
 * would have given it (a burst past a price's 198 amounts read and decoded them all for each order:
 * ADR 0052). An amount freed meanwhile (an order paid, cancelled or expired, a flooding client's share
 * full) is offered from the next reading, at most a second later; no amount is taken on the hint, so
 * none can be given twice. Each instance keeps its own.
 */
const exhausted = new Map<string, number>();
const EXHAUSTED_HINT_MS = 1_000;

/**
 * The usual case in one statement (ADR 0052): the first candidate no open order holds, taken while the
 * client's networks together hold fewer open amounts of the price than the smallest share (then no share
 * can be full, and the full reading below would also take a free amount first). Undefined when there is
 * none, or when another checkout took it first: the full reading decides then. A hold is replaced here
 * only once its time is over, judged on the row as it is when the insert meets it (PostgreSQL waits for
 * a checkout holding it on another connection, then looks again); a hold whose order is gone is left to
 * the full reading, since another transaction's order may be one this statement's snapshot cannot see.
 */
async function holdFreeAmount(trx: DB, request: HoldRequest, amounts: number[]): Promise<number | undefined> {
  const { accountId, now, client } = request;
  const lowest = amounts[amounts.length - 1]!;
  const highest = amounts[0]!;
  const withinShare = client
    ? sql`and (select count(*) from payment_amount_holds h join orders o on o.order_id = h.order_id
          where h.account_id = ${accountId} and h.amount_paise between ${lowest} and ${highest}
            and h.held_until >= ${now} and o.status in ('awaiting_payment', 'payment_claimed')
            and (h.client_address = ${client.address} or h.client_network = ${client.network}
              or h.client_wide = ${client.wide})) < ${SMALLEST_SHARE}`
    : sql``;
  const taken = await sql<{ amount_paise: number }>`
    with recursive candidate(amount) as (
      select cast(${highest} as bigint) union all select amount - 1 from candidate where amount > ${lowest}
    )
    insert into payment_amount_holds
      (account_id, amount_paise, order_id, held_until, client_address, client_network, client_wide)
    select ${accountId}, amount, ${request.orderId}, ${request.heldUntil},
      ${client?.address ?? null}, ${client?.network ?? null}, ${client?.wide ?? null}
    from candidate
    where amount % 100 <> 0
      and not exists (select 1 from payment_amount_holds h join orders o on o.order_id = h.order_id
        where h.account_id = ${accountId} and h.amount_paise = candidate.amount and h.held_until >= ${now})
      ${withinShare}
    order by amount desc
    limit 1
    on conflict (account_id, amount_paise) do update set
      order_id = excluded.order_id, held_until = excluded.held_until, client_address = excluded.client_address,
      client_network = excluded.client_network, client_wide = excluded.client_wide
    where payment_amount_holds.held_until < ${now}
    returning amount_paise`.execute(trx);
  const row = taken.rows[0];
  return row ? Number(row.amount_paise) : undefined;
}

/** Every hold of the price, with its order's status. */
async function readHolds(trx: DB, { accountId }: HoldRequest, amounts: number[]): Promise<Hold[]> {
  const rows = await trx
    .selectFrom("payment_amount_holds as h")
    .leftJoin("orders as o", "o.order_id", "h.order_id")
    .select([
      "h.amount_paise",
      "h.order_id",
      "h.held_until",
      "h.client_address",
      "h.client_network",
      "h.client_wide",
      "o.status",
      "o.payment_deadline_at",
      "o.utr",
    ])
    .where("h.account_id", "=", accountId)
    // The candidates are one run of amounts: a range of the primary key, not a list of 198.
    .where("h.amount_paise", ">=", amounts[amounts.length - 1]!)
    .where("h.amount_paise", "<=", amounts[0]!)
    .execute();
  return rows.map(asHold);
}

function asHold<T extends { amount_paise: unknown; held_until: unknown; payment_deadline_at: unknown }>(h: T) {
  return {
    ...h,
    amount_paise: Number(h.amount_paise),
    held_until: Number(h.held_until),
    payment_deadline_at: h.payment_deadline_at === null ? null : Number(h.payment_deadline_at),
  };
}

/**
 * The holds of the price that can matter to this checkout, in one statement (ADR 0052): all but those of
 * other clients' orders awaiting payment in their window, which are neither free, nor to be taken over,
 * nor this client's, and are only counted. Null when some amount has no hold at all: which ones is then
 * unknown, and every hold is read. Once every amount of a price is held (a burst past the 198 amounts)
 * this reads a count instead of 198 rows.
 */
async function readHoldsBriefly(trx: DB, request: HoldRequest, amounts: number[]): Promise<Hold[] | null> {
  const { accountId, now, client } = request;
  const lowest = amounts[amounts.length - 1]!;
  const highest = amounts[0]!;
  const clients = client
    ? sql`coalesce(h.client_address = ${client.address} or h.client_network = ${client.network}
        or h.client_wide = ${client.wide}, false)`
    : sql`false`;
  const { rows } = await sql<{
    amount_paise: number | null;
    order_id: string;
    held_until: number;
    client_address: string | null;
    client_network: string | null;
    client_wide: string | null;
    status: OrderStatus | null;
    payment_deadline_at: number | null;
    utr: string | null;
    left_out: number;
  }>`
    select h.amount_paise, h.order_id, h.held_until, h.client_address, h.client_network, h.client_wide,
      o.status, o.payment_deadline_at, o.utr, 0 as left_out
    from payment_amount_holds h left join orders o on o.order_id = h.order_id
    where h.account_id = ${accountId} and h.amount_paise between ${lowest} and ${highest}
      and (h.held_until < ${now} or o.status is null or o.status <> 'awaiting_payment' or ${clients})
    union all
    select null, null, null, null, null, null, null, null, null, count(*)
    from payment_amount_holds h join orders o on o.order_id = h.order_id
    where h.account_id = ${accountId} and h.amount_paise between ${lowest} and ${highest}
      and h.held_until >= ${now} and o.status = 'awaiting_payment' and not ${clients}`.execute(trx);
  const holds = rows.filter((row) => row.amount_paise !== null).map(asHold) as Hold[];
  const leftOut = Number(rows.find((row) => row.amount_paise === null)?.left_out ?? 0);
  const candidates = new Set(amounts);
  const held = holds.filter((h) => candidates.has(h.amount_paise)).length;
  return held + leftOut === amounts.length ? holds : null;
}

/** Every hold of the price read, then a free amount, the client's own oldest or a stale one taken. */
async function holdAmongAll(trx: DB, request: HoldRequest, amounts: number[]): Promise<number> {
  const { now } = request;

  const brief = await readHoldsBriefly(trx, request, amounts);
  const holds = brief ?? (await readHolds(trx, request, amounts));
  const byAmount = new Map(holds.map((h) => [h.amount_paise, h]));
  // After the brief reading every amount has a hold, and one not read is an open order's: not free.
  const unread = brief ? "open" : "free";
  const usable = (h: Hold | undefined) => (h ? h.held_until < now || h.status === null : unread === "free");
  const freeCount = amounts.filter((a) => usable(byAmount.get(a))).length;
  // While the price's amounts run low, a claim that shows no payment keeps its amount only briefly.
  const claimKeepsMs = freeCount < amounts.length * LOW_POOL_SHARE ? CLAIM_KEEPS_AMOUNT_LOW_MS : CLAIM_KEEPS_AMOUNT_MS;

  const live = holds.filter((h) => h.held_until >= now && h.status !== null && isOpen(h, now, claimKeepsMs));
  for (const share of request.client ? shares(request.client) : []) {
    const own = live.filter((h) => h[share.column] === share.key);
    if (own.length < share.cap) continue;
    // This network's share is full: its newest checkout takes over the network's oldest amount.
    for (const hold of [...own].sort((a, b) => a.held_until - b.held_until)) {
      if (await takeSlot(trx, hold.amount_paise, hold.order_id, request)) return hold.amount_paise;
    }
  }

  const free: { amount: number; previous: string | null }[] = [];
  const stealable: { amount: number; previous: string; heldUntil: number; rank: number }[] = [];
  for (const amount of amounts) {
    const hold = byAmount.get(amount);
    if (!hold) {
      if (usable(hold)) free.push({ amount, previous: null });
    } else if (usable(hold)) free.push({ amount, previous: hold.order_id });
    else if (!isOpen(hold, now, claimKeepsMs)) {
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
  const client = {
    client_address: request.client?.address ?? null,
    client_network: request.client?.network ?? null,
    client_wide: request.client?.wide ?? null,
  };
  if (previous === null) {
    const row = await trx
      .insertInto("payment_amount_holds")
      .values({
        account_id: request.accountId,
        amount_paise: amount,
        order_id: request.orderId,
        held_until: request.heldUntil,
        ...client,
      })
      .onConflict((oc) => oc.columns(["account_id", "amount_paise"]).doNothing())
      .returning("amount_paise")
      .executeTakeFirst();
    return row !== undefined;
  }
  const row = await trx
    .updateTable("payment_amount_holds")
    .set({ order_id: request.orderId, held_until: request.heldUntil, ...client })
    .where("account_id", "=", request.accountId)
    .where("amount_paise", "=", amount)
    .where("order_id", "=", previous)
    .returning("amount_paise")
    .executeTakeFirst();
  return row !== undefined;
}
