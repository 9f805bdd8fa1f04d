import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupCommitStats } from "~/db/database.server";
import { demoPlans } from "~/db/seed.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import { insertPlans } from "~/domain/plans/plans.server";
import { createSettingsCache } from "~/domain/settings/settings.server";
import type { Config } from "../../app/lib/server/config.server";
import { freshDatabase, testDatabases } from "../support/databases";

/**
 * Checkouts arriving in the same moment (ADR 0013): on SQLite they share one
 * transaction and one commit, each in a savepoint of its own; on PostgreSQL
 * each has its own transaction. Either way a buyer sees what they would see
 * alone.
 */
describe.each(testDatabases())("a burst of checkouts on $name", (kind) => {
  let handle: Awaited<ReturnType<typeof freshDatabase>>;
  const config = { PAYMENT_WINDOW_SECONDS: 300 } as Config;
  const T0 = 1_800_000_000_000;

  beforeAll(async () => {
    handle = await freshDatabase(kind);
    await insertPlans(handle.db, demoPlans(T0));
  });
  afterAll(async () => handle?.cleanup());

  it("gives each checkout its own order and amount, and a retried key its first order, when all arrive at once", async () => {
    const plan = await handle.db
      .selectFrom("plans")
      .select(["id", "price_paise"])
      .where("name", "=", "Basic Followers")
      .executeTakeFirstOrThrow();
    const services = { db: handle.db, settings: createSettingsCache(handle.db), config };
    await services.settings.get();
    const checkout = (i: number, key: string) =>
      createOrder(
        services,
        {
          planId: plan.id,
          username: `buyer_${i}`,
          customerName: `Buyer ${i}`,
          customerPhone: "9876543210",
          agreedToTerms: true,
          idempotencyKey: key,
        },
        T0,
      );
    const before = groupCommitStats(handle.db)?.batches ?? 0;

    // 20 buyers, and one buyer whose double tap sent the same checkout 10 times: all in one event-loop turn.
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => checkout(i, `burst-${kind.name}-buyer-${i}`)),
      ...Array.from({ length: 10 }, () => checkout(99, `burst-${kind.name}-double-tap`)),
    ]);

    const buyers = results.slice(0, 20);
    const taps = results.slice(20);
    expect(buyers.every((r) => r.created)).toBe(true);
    expect(new Set(buyers.map((r) => r.order.order_id)).size).toBe(20);
    // The same order for every tap: one made it, the others' bodies were rolled back and answered with it.
    expect(new Set(taps.map((r) => r.order.order_id)).size).toBe(1);
    expect(taps.filter((r) => r.created)).toHaveLength(1);

    // 21 orders, 21 different amounts below the listed price, and no amount held by a checkout that lost.
    const orders = [...buyers, taps[0]!].map((r) => r.order);
    expect(new Set(orders.map((o) => o.price_paise)).size).toBe(21);
    expect(orders.every((o) => o.price_paise < plan.price_paise)).toBe(true);
    const holds = await handle.db
      .selectFrom("payment_amount_holds")
      .select(["order_id", "amount_paise"])
      .where("amount_paise", "<", plan.price_paise)
      .where("amount_paise", ">=", plan.price_paise - 99)
      .execute();
    expect(holds.map((h) => h.order_id).sort()).toEqual(orders.map((o) => o.order_id).sort());
    const stored = await handle.db
      .selectFrom("orders")
      .select("order_id")
      .where("idempotency_key", "like", `burst-${kind.name}-%`)
      .execute();
    expect(stored).toHaveLength(21);

    // On SQLite the 30 checkouts shared one commit.
    if (kind.name === "sqlite") expect(groupCommitStats(handle.db)!.batches - before).toBe(1);
  });
});
