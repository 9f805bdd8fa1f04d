import { sql } from "kysely";
import type { SelectQueryBuilder } from "kysely";
import type { DB } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { roundsTo } from "./rounding";
import { isSqlite } from "~/domain/orders/orders.repository.server";
import type { OrderRow } from "~/domain/orders/table";
import type { CreditStatus, PaymentCreditRow, PaymentCreditTable } from "./table";

/** The SQL of `payment_credits` and the order look-ups matching needs. Functions take `db` first. */

type NewCredit = Omit<PaymentCreditTable, "id">;

/** Records a credit once; undefined when the source already reported it (same source and key). */
export function insertCredit(db: DB, credit: NewCredit): Promise<PaymentCreditRow | undefined> {
  return db
    .insertInto("payment_credits")
    .values(credit)
    .onConflict((oc) => oc.columns(["source", "dedupe_key"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findCreditByKey(db: DB, source: string, key: string): Promise<PaymentCreditRow | undefined> {
  return db
    .selectFrom("payment_credits")
    .selectAll()
    .where("source", "=", source as PaymentCreditRow["source"])
    .where("dedupe_key", "=", key)
    .executeTakeFirst();
}

export function findCredit(db: DB, id: number): Promise<PaymentCreditRow | undefined> {
  return db.selectFrom("payment_credits").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The credit, locked against other writers until the transaction ends (PostgreSQL; SQLite writes one at a time). */
export function lockCredit(trx: DB, id: number): Promise<PaymentCreditRow | undefined> {
  const query = trx.selectFrom("payment_credits").selectAll().where("id", "=", id);
  return isSqlite(trx) ? query.executeTakeFirst() : query.forUpdate().executeTakeFirst();
}

/** Other credits that carried this UTR, from any source. */
export function creditsWithUtr(db: DB, utr: string, exceptId: number): Promise<PaymentCreditRow[]> {
  return db
    .selectFrom("payment_credits")
    .selectAll()
    .where("utr", "=", utr)
    .where("id", "!=", exceptId)
    .orderBy("id")
    .execute();
}

/**
 * Credits with this UTR that paid an order (confirmed by an alert or assigned by the operator), other
 * than `exceptOrderId`'s: a UTR pays one order, once.
 */
export function creditsPayingWithUtr(db: DB, utr: string, exceptOrderId: string): Promise<PaymentCreditRow[]> {
  return db
    .selectFrom("payment_credits")
    .selectAll()
    .where("utr", "=", utr)
    .where("status", "in", ["confirmed", "assigned"])
    .where("order_id", "!=", exceptOrderId)
    .orderBy("id")
    .execute();
}

/** Every credit the shop holds with this UTR (not the repeats it recorded as duplicates), newest first. */
export function creditsHoldingUtr(db: DB, utr: string): Promise<PaymentCreditRow[]> {
  return db
    .selectFrom("payment_credits")
    .selectAll()
    .where("utr", "=", utr)
    .where("status", "!=", "duplicate")
    .orderBy("id", "desc")
    .limit(10)
    .execute();
}

export async function settleCredit(
  db: DB,
  id: number,
  fields: {
    status: CreditStatus;
    reason?: string | null;
    order_id?: string | null;
    resolved_by?: string | null;
    resolved_at?: number | null;
    resolution_note?: string | null;
  },
): Promise<void> {
  await db.updateTable("payment_credits").set(fields).where("id", "=", id).execute();
}

/** The order whose buyer gave this UTR, locked. */
export function lockOrderByUtr(trx: DB, utr: string): Promise<OrderRow | undefined> {
  const query = trx.selectFrom("orders").selectAll().where("utr", "=", utr);
  return isSqlite(trx) ? query.executeTakeFirst() : query.forUpdate().executeTakeFirst();
}

/**
 * Orders asked for exactly this amount that a credit at `at` could be paying:
 * created before it (allowing for alert clocks that only give the minute) and
 * whose window plus grace had not closed. Any state: a paid one makes the
 * credit a second payment, not a payment for someone else.
 */
export function ordersAskingFor(
  trx: DB,
  amountPaise: number,
  at: number,
  { graceMs, skewMs, accountIds = null }: { graceMs: number; skewMs: number; accountIds?: readonly number[] | null },
): Promise<OrderRow[]> {
  const query = onAccounts(
    trx
      .selectFrom("orders")
      .selectAll()
      .where("price_paise", "=", amountPaise)
      .where("created_at", "<=", at + skewMs)
      .where("payment_deadline_at", ">=", at - graceMs),
    accountIds,
  )
    .orderBy("id")
    .limit(5);
  return isSqlite(trx) ? query.execute() : query.forUpdate().execute();
}

/** Why a credit is set aside because its sender is not trusted (app/domain/payments/matching.server.ts). */
export const UNTRUSTED_REASON = "untrusted_sender";

/**
 * Unpaid orders a whole-rupee payment at `at` may be the rounded price of (matching.server.ts, roundsTo):
 * the plan's price, or the amount asked rounded up or to the nearest rupee; made before it, their window
 * closed at most `lateMs` before it, not cancelled.
 */
export async function ordersRoundingTo(
  trx: DB,
  amountPaise: number,
  at: number,
  { lateMs, skewMs, accountIds = null }: { lateMs: number; skewMs: number; accountIds?: readonly number[] | null },
): Promise<OrderRow[]> {
  const query = onAccounts(
    trx
      .selectFrom("orders")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb("listed_price_paise", "=", amountPaise),
          eb.and([eb("price_paise", ">", amountPaise - 100), eb("price_paise", "<", amountPaise + 50)]),
        ]),
      )
      .where("paid_at", "is", null)
      .where("status", "!=", "cancelled")
      .where("created_at", "<=", at + skewMs)
      .where("payment_deadline_at", ">=", at - lateMs),
    accountIds,
  )
    .orderBy("id")
    .limit(10);
  const rows = await (isSqlite(trx) ? query.execute() : query.forUpdate().execute());
  return rows.filter((o) => roundsTo(o, amountPaise));
}

/** Orders on these receiving accounts (or from before accounts); every order when null. */
function onAccounts<O>(
  query: SelectQueryBuilder<Database, "orders", O>,
  accountIds: readonly number[] | null,
): SelectQueryBuilder<Database, "orders", O> {
  if (accountIds === null) return query;
  return query.where((eb) =>
    eb.or([
      eb("receiving_account_id", "is", null),
      ...(accountIds.length > 0 ? [eb("receiving_account_id", "in", [...accountIds])] : []),
    ]),
  );
}

/**
 * The orders an unmatched credit of `amountPaise` at `at` could be paying, for the operator to choose
 * from: those asking for that amount, or (a whole-rupee payment) whose rounded price it is, made before
 * it and within their window and grace period, on the accounts its alert was tied to. A read, no lock.
 */
export async function candidateOrders(
  db: DB,
  amountPaise: number,
  at: number,
  { graceMs, skewMs, accountIds = null }: { graceMs: number; skewMs: number; accountIds?: readonly number[] | null },
): Promise<OrderRow[]> {
  const rows = await onAccounts(
    db
      .selectFrom("orders")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb("price_paise", "=", amountPaise),
          ...(amountPaise % 100 === 0
            ? [
                eb("listed_price_paise", "=", amountPaise),
                eb.and([eb("price_paise", ">", amountPaise - 100), eb("price_paise", "<", amountPaise + 50)]),
              ]
            : []),
        ]),
      )
      .where("created_at", "<=", at + skewMs)
      .where("payment_deadline_at", ">=", at - graceMs),
    accountIds,
  )
    .orderBy("id", "desc")
    .limit(20)
    .execute();
  return rows.filter((o) => o.price_paise === amountPaise || roundsTo(o, amountPaise)).slice(0, 6);
}

export interface CreditListFilter {
  status: "unmatched" | "resolved";
  /**
   * Unmatched credits only: those from senders the shop trusts (the default), or from senders it does not
   * (kept apart, so a stranger's flood never pushes a real payment out of sight; security round 4, finding 3).
   */
  senders?: "trusted" | "untrusted";
  /** A UTR, order id, payer, amount in rupees or words of the alert, as the operator typed them. */
  q?: string;
  limit?: number;
  offset?: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filtered(db: DB, { status, senders = "trusted", q }: CreditListFilter) {
  let query = db.selectFrom("payment_credits");
  if (status === "unmatched") {
    query = query.where("status", "=", "unmatched");
    query =
      senders === "untrusted"
        ? query.where("reason", "=", UNTRUSTED_REASON)
        : query.where((eb) => eb.or([eb("reason", "is", null), eb("reason", "!=", UNTRUSTED_REASON)]));
  } else {
    query = query.where("status", "in", ["assigned", "dismissed", "confirmed"]);
  }
  const text = (q ?? "").trim().toLowerCase().slice(0, 100);
  if (!text) return query;
  const pattern = `%${escapeLike(text)}%`;
  const rupees = /^(?:rs\.?|₹|inr)?\s*(\d{1,9}(?:\.\d{1,2})?)$/.exec(text.replaceAll(",", ""));
  return query.where((eb) =>
    eb.or([
      ...(["utr", "order_id", "payer_vpa", "evidence"] as const).map(
        (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
      ),
      ...(rupees ? [eb("amount_paise", "=", Math.round(Number(rupees[1]) * 100))] : []),
    ]),
  );
}

export function listCredits(db: DB, filter: CreditListFilter): Promise<PaymentCreditRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit ?? 200)
    .offset(filter.offset ?? 0)
    .execute();
}

export async function countCredits(db: DB, filter: CreditListFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether another credit from an untrusted sender arrived since `since`: a burst already alerted about. */
export async function untrustedCreditSince(db: DB, since: number, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom("payment_credits")
    .select("id")
    .where("status", "=", "unmatched")
    .where("reason", "=", UNTRUSTED_REASON)
    .where("received_at", ">=", since)
    .where("id", "!=", exceptId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Keeps the untrusted senders' list short and fresh: credits from them older than `before`, and all but the
 * newest `keep`, are deleted. They confirmed nothing and block nothing (their own key space, no amount or UTR
 * that could match); the operator was alerted once per burst.
 */
export async function pruneUntrustedCredits(db: DB, { before, keep }: { before: number; keep: number }) {
  const base = () =>
    db.deleteFrom("payment_credits").where("status", "=", "unmatched").where("reason", "=", UNTRUSTED_REASON);
  await base().where("received_at", "<", before).execute();
  const last = await db
    .selectFrom("payment_credits")
    .select(["id", "received_at"])
    .where("status", "=", "unmatched")
    .where("reason", "=", UNTRUSTED_REASON)
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst();
  if (last) {
    await base()
      .where((eb) =>
        eb.or([
          eb("received_at", "<", last.received_at),
          eb.and([eb("received_at", "=", last.received_at), eb("id", "<", last.id)]),
        ]),
      )
      .execute();
  }
}

/** The danger zone's "orders" deletion: the payments received for them go too (the backup made first keeps them). */
export async function deleteAllCredits(db: DB): Promise<number> {
  const result = await db.deleteFrom("payment_credits").executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The UPI id the payment for this order came from, as its bank alert or gateway reported it; null when unknown. */
export async function payerUpiIdOf(db: DB, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom("payment_credits")
    .select("payer_vpa")
    .where("order_id", "=", orderId)
    .where("status", "in", ["confirmed", "assigned"])
    .where("payer_vpa", "is not", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.payer_vpa ?? null;
}
