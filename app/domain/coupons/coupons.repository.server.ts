import type { DB } from "~/db/database.server";
import { isSqlite } from "~/domain/orders/orders.repository.server";
import type { CouponRow } from "./table";

/**
 * The coupons table, and a coupon's uses counted from the orders that carry
 * it: every order with its `coupon_id` except those that expired unpaid or
 * were cancelled before payment, so such an order gives its use back by its
 * status alone (docs/coupons.md).
 */

export function listCoupons(db: DB): Promise<CouponRow[]> {
  return db.selectFrom("coupons").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export function findCoupon(db: DB, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom("coupons").selectAll().where("id", "=", id).executeTakeFirst();
}

/** By its code, already upper case (normalizeCode). */
export function findCouponByCode(db: DB, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom("coupons").selectAll().where("code", "=", code).executeTakeFirst();
}

/**
 * The coupon, locked until the transaction ends, so checkouts using it count
 * its uses one after another: a PostgreSQL row lock (`FOR UPDATE`); SQLite
 * runs one write transaction at a time, and the group commit runs its bodies
 * one after another (app/db/group-commit.server.ts). Call inside a transaction.
 */
export function lockCouponByCode(trx: DB, code: string): Promise<CouponRow | undefined> {
  const query = trx.selectFrom("coupons").selectAll().where("code", "=", code);
  return isSqlite(trx) ? query.executeTakeFirst() : query.forUpdate().executeTakeFirst();
}

const GIVES_USE_BACK = ["expired", "cancelled"] as const;

/** Orders that used the coupon, in all and (given a phone) by that phone; an expired or cancelled one does not count. */
export async function countUses(
  db: DB,
  couponId: number,
  phone: string | null,
): Promise<{ total: number; phone: number }> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when("customer_phone", "=", phone ?? "")
            .then(1)
            .else(0)
            .end(),
        )
        .as("phone"),
    ])
    .where("coupon_id", "=", couponId)
    .where("status", "not in", GIVES_USE_BACK)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), phone: phone === null ? 0 : Number(row.phone ?? 0) };
}

/** Uses per coupon, for the admin's list. */
export async function usesByCoupon(db: DB): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("orders")
    .select(["coupon_id", (eb) => eb.fn.countAll<number | string>().as("uses")])
    .where("coupon_id", "is not", null)
    .where("status", "not in", GIVES_USE_BACK)
    .groupBy("coupon_id")
    .execute();
  return new Map(rows.map((r) => [r.coupon_id!, Number(r.uses)]));
}
