import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { afterCommit, afterCommitSettled } from "~/db/after-commit.server";
import { type DatabaseHandle, groupCommitStats, openDatabase, writeTransaction } from "~/db/database.server";
import { demoPlans } from "~/db/seed.server";
import { keepCatalogCopy } from "~/domain/checkout/catalog.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import { findOrderStatus } from "~/domain/orders/orders.repository.server";
import { insertPlans } from "~/domain/plans/plans.server";
import { createSettingsCache } from "~/domain/settings/settings.server";
import type { Config } from "../../app/lib/server/config.server";
import { freshDatabase, testDatabases } from "../support/databases";

/**
 * Checkouts sharing a transaction on both databases (ADR 0013 on SQLite, ADR
 * 0052 on PostgreSQL): what a buyer is told is what is stored, exactly once,
 * whichever instance took the checkout; a write that fails takes none of its
 * neighbours with it; and on PostgreSQL a checkout costs the statements the
 * ADR counts, whatever the machine's load.
 */
describe.each(testDatabases())("checkouts sharing a transaction on $name", (kind) => {
  let handle: Awaited<ReturnType<typeof freshDatabase>>;
  /** Other instances of the shop on the same database (PostgreSQL only). */
  let others: DatabaseHandle[] = [];
  const config = { PAYMENT_WINDOW_SECONDS: 300 } as Config;
  const T0 = 1_800_000_000_000;
  let plan: { id: number; price_paise: number };

  beforeAll(async () => {
    handle = await freshDatabase(kind);
    await insertPlans(handle.db, demoPlans(T0));
    plan = await handle.db
      .selectFrom("plans")
      .select(["id", "price_paise"])
      .where("name", "=", "Basic Followers")
      .executeTakeFirstOrThrow();
    others = handle.target.kind === "postgres" ? [openDatabase(handle.target), openDatabase(handle.target)] : [];
    await sql`create table batch_probe (label text primary key)`.execute(handle.db);
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await handle?.cleanup();
  });

  const servicesOn = (db: DatabaseHandle["db"]) => ({ db, settings: createSettingsCache(db), config });
  const checkout = (services: ReturnType<typeof servicesOn>, i: number, key: string) =>
    createOrder(
      services,
      {
        planId: plan.id,
        username: `batch_buyer_${i}`,
        customerName: `Buyer ${i}`,
        customerPhone: "9876543210",
        agreedToTerms: true,
        idempotencyKey: key,
      },
      T0,
    );

  it("stores N checkouts arriving at once on every instance as N orders with N amounts, and a retried key gets its order", async () => {
    const instances = [handle, ...others].map((h) => servicesOn(h.db));
    const key = (i: number) => `exact-${kind.name}-${i}`;
    const N = 90;
    // Each buyer's checkout, and for a third of them the same checkout sent again to another instance at once.
    const [firsts, retries] = await Promise.all([
      Promise.all(Array.from({ length: N }, (_, i) => checkout(instances[i % instances.length]!, i, key(i)))),
      Promise.all(Array.from({ length: N / 3 }, (_, i) => checkout(instances[(i + 1) % instances.length]!, i, key(i)))),
    ]);
    const later = await Promise.all(Array.from({ length: 10 }, (_, i) => checkout(instances[0]!, i, key(i))));

    const orderOf = new Map<string, string>();
    for (const [i, result] of firsts.entries()) orderOf.set(key(i), result.order.order_id);
    expect(new Set(orderOf.values()).size).toBe(N);
    for (const [i, result] of [...retries.entries(), ...later.entries()]) {
      expect(result.order.order_id).toBe(orderOf.get(key(i)));
    }
    // Of each key's answers exactly one says it made the order.
    for (let i = 0; i < N; i++) {
      const answers = [firsts[i]!, ...(i < N / 3 ? [retries[i]!] : []), ...(i < 10 ? [later[i]!] : [])];
      expect(answers.filter((a) => a.created)).toHaveLength(1);
    }

    const stored = await handle.db
      .selectFrom("orders")
      .select(["order_id", "idempotency_key", "price_paise"])
      .where("idempotency_key", "like", `exact-${kind.name}-%`)
      .execute();
    expect(stored).toHaveLength(N);
    expect(new Set(stored.map((o) => Number(o.price_paise))).size).toBe(N);
    expect(stored.every((o) => Number(o.price_paise) < plan.price_paise)).toBe(true);
    // Every amount is held by its own order, and no losing retry kept one.
    const holds = await handle.db
      .selectFrom("payment_amount_holds")
      .select(["order_id", "amount_paise"])
      .where("amount_paise", "<", plan.price_paise)
      .where("amount_paise", ">=", plan.price_paise - 199)
      .execute();
    expect(new Map(holds.map((h) => [Number(h.amount_paise), h.order_id]))).toEqual(
      new Map(stored.map((o) => [Number(o.price_paise), o.order_id])),
    );
  });

  it("commits the others when one write of a shared transaction fails, and runs only the committed writes' hooks, once", async () => {
    const hooks: string[] = [];
    const write = (label: string, fail = false) =>
      writeTransaction(handle.db, async (trx) => {
        await sql`insert into batch_probe (label) values (${label})`.execute(trx);
        afterCommit(() => void hooks.push(label));
        if (fail) throw new Error(`refused ${label}`);
        return label;
      });
    const before = { ...groupCommitStats(handle.db)! };
    const results = await Promise.allSettled([
      write("one"),
      write("two"),
      write("half-done", true),
      write("three"),
      // A statement that fails (the label is taken) after the batch's own insert of it.
      writeTransaction(handle.db, (trx) => sql`insert into batch_probe (label) values ('one')`.execute(trx)),
      write("four"),
    ]);
    await afterCommitSettled();

    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/refused half-done/);
    const labels = await handle.db
      .selectFrom("batch_probe" as never)
      .select(sql<string>`label`.as("label"))
      .execute();
    expect(labels.map((r) => r.label).sort()).toEqual(["four", "one", "three", "two"]);
    // Hooks of the committed writes ran once each (on PostgreSQL the batch ran twice), never the refused one's.
    expect(hooks.sort()).toEqual(["four", "one", "three", "two"]);
    const after = groupCommitStats(handle.db)!;
    expect(after.batches - before.batches).toBe(1);
    if (kind.name === "postgres") expect(after.isolatedRuns - before.isolatedRuns).toBe(1);
  });

  it.runIf(kind.name === "postgres")(
    "costs PostgreSQL two statements per checkout arriving together, and one transaction for all of them",
    async () => {
      const db = others[0]!.db;
      keepCatalogCopy(db);
      const services = servicesOn(db);
      await checkout(services, 1000, `budget-warm-${Date.now()}`); // the settings and catalogue copies are read once

      // Every statement `pg` sends is one round trip (the extended protocol's parse, bind and execute go together).
      const query = vi.spyOn(pg.Client.prototype, "query");
      const before = { ...groupCommitStats(db)! };
      let orders: Awaited<ReturnType<typeof checkout>>[];
      let seen: string[];
      try {
        orders = await Promise.all(Array.from({ length: 50 }, (_, i) => checkout(services, 2000 + i, `budget-${i}`)));
      } finally {
        seen = query.mock.calls.map(([text]) =>
          typeof text === "string" ? text : String((text as { text?: string }).text),
        );
        query.mockRestore();
      }
      const batches = groupCommitStats(db)!.batches - before.batches;

      expect(orders.every((o) => o.created)).toBe(true);
      expect(batches).toBe(1);
      const kinds = seen.map((text) => {
        const t = text.trim().toLowerCase();
        if (t === "begin" || t === "commit") return t;
        if (/insert into "?payment_amount_holds/.test(t)) return "hold";
        if (/^insert into "orders"/.test(t)) return "order";
        return `other: ${t.slice(0, 60)}`;
      });
      // Before ADR 0052 each checkout sent 8: key lookup, plan, accounts, BEGIN, holds read, hold, order, COMMIT.
      expect(kinds.filter((k) => k === "hold")).toHaveLength(50);
      expect(kinds.filter((k) => k === "order")).toHaveLength(50);
      expect(kinds.filter((k) => k === "begin" || k === "commit")).toHaveLength(2 * batches);
      expect(kinds.filter((k) => k.startsWith("other"))).toEqual([]);
      expect(seen.length / orders.length).toBeLessThanOrEqual(2.1);
    },
  );

  it.runIf(kind.name === "postgres")(
    "answers the status poll while every write connection is taken by a long transaction",
    async () => {
      const busy = openDatabase({ ...handle.target, poolSize: 3 } as typeof handle.target);
      try {
        const { order } = await checkout(servicesOn(busy.db), 3000, `poll-${Date.now()}`);
        const finished: string[] = [];
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const writers = Array.from({ length: 3 }, (_, i) =>
          busy.db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            await held;
            finished.push(`writer ${i}`);
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        const status = await findOrderStatus(busy.db, order.order_id);
        finished.push("poll");
        release();
        await Promise.all(writers);
        expect(status).toBe("awaiting_payment");
        // The poll was answered while the writes held every connection of their pool.
        expect(finished[0]).toBe("poll");
      } finally {
        await busy.close();
      }
    },
  );
});
