import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "~/db/unique-violation";
import { migrateToLatest } from "~/db/migrate.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import { shopsFromBefore } from "../support/migrations";

/**
 * Migration 0092 (issue 51, point 5) on a shop that already has orders: open ones get their target
 * normalised, final ones keep none, and two that were at the panel for one target at once (possible before)
 * do not stop the upgrade: the newer keeps no key. From then on the database refuses a second.
 */
describe.each(testDatabases())("the target key migration on $name", (kind: TestDatabase) => {
  const fromBefore = shopsFromBefore(kind);

  it("keys open orders, keeps an older overlap, then refuses a new one", async () => {
    const { db, dialect } = await fromBefore((name) => name === "0092_order_target_key");

    const sent = await makeOrder(db, { target: "priya.bakes", status: "sent", paid_at: 1 });
    const overlap = await makeOrder(db, { target: "Priya.Bakes", status: "delivering", paid_at: 2 });
    const paid = await makeOrder(db, { target: "priya.bakes", status: "paid", paid_at: 3 });
    const done = await makeOrder(db, { target: "priya.bakes", status: "delivered", paid_at: 1 });
    const reel = await makeOrder(db, {
      service_type: "views",
      target: "https://www.instagram.com/reel/C8xYz12AbCd/?igsh=MzRlODBiNWFlZA==",
      status: "sent",
    });

    expect((await migrateToLatest(db, dialect)).error).toBeUndefined();
    const keys = Object.fromEntries(
      (await db.selectFrom("orders").select(["order_id", "target_key"]).execute()).map((r) => [
        r.order_id,
        r.target_key,
      ]),
    );
    expect(keys).toEqual({
      [sent.order_id]: "followers:@priya.bakes",
      [overlap.order_id]: null,
      [paid.order_id]: "followers:@priya.bakes",
      [done.order_id]: null,
      [reel.order_id]: "views:post:C8xYz12AbCd",
    });

    // The paid one cannot join the one at the panel, whoever writes the row.
    const second = await db
      .updateTable("orders")
      .set({ status: "sending" })
      .where("order_id", "=", paid.order_id)
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(second)).toBe(true);
  });
});
