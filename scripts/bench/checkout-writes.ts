/**
 * What each write of a checkout costs on SQLite (docs/performance.md, "Checkout writes"): the shop's own
 * statements, through Kysely and the shop's connection (statement cache, synchronous = FULL), on a fresh
 * migrated database holding BENCH_WRITES_ORDERS orders, in one process, nothing else running in it.
 *
 * Method, chosen to hold on a loaded machine: every measure runs `reps` times back to back inside one
 * transaction that is rolled back (so each round starts from the same rows), and that round is timed as a
 * whole; the measures take turns round after round (one round each, then again), so whatever else the
 * machine does falls on all of them alike; the figure is the median of the rounds, per operation, in
 * wall-clock and in the process's CPU time. A trigger's cost is the order insert's with the trigger
 * minus without it (the trigger is dropped inside the rolled-back transaction). The commit's cost is a
 * whole one-order transaction minus the same work inside an open transaction. "Arriving together" runs the
 * round's checkouts all at once: each in a transaction of its own (as before ADR 0013), or through
 * writeTransaction, which commits them in groups.
 *
 *   npx tsx scripts/bench/checkout-writes.ts      (or npm run bench -- checkout-writes)
 *   BENCH_WRITES_ROUNDS (default 31), BENCH_WRITES_REPS (default 200), BENCH_WRITES_ORDERS (default 20,000)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Kysely, sql } from "kysely";
import { type DB, openDatabase, writeTransaction } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoDataOnce } from "~/db/seed.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import { createRateLimiter } from "~/lib/server/rate-limit";
import { generateOrderId } from "~/domain/orders/order-id.server";
import { findOrderByIdempotencyKey, insertOrder } from "~/domain/orders/orders.repository.server";
import type { NewOrderRow } from "~/domain/orders/table";
import { candidateAmounts, holdUniqueAmount } from "~/domain/payments/unique-amount.server";
import { createSettingsCache } from "~/domain/settings/settings.server";
import { loadConfig } from "~/lib/server/config.server";
import type { Bench } from "./harness";

const ROUNDS = Number(process.env.BENCH_WRITES_ROUNDS ?? 31);
const REPS = Number(process.env.BENCH_WRITES_REPS ?? 200);
const ORDERS = Number(process.env.BENCH_WRITES_ORDERS ?? 20_000);
const PRICE = 4_900;

interface Measure {
  name: string;
  /** Runs once per round, before the timed reps, inside the round's transaction (not timed). */
  setup?: (trx: DB) => Promise<void>;
  /** One operation; `i` counts the reps of the round. */
  op: (trx: DB, i: number) => Promise<unknown>;
  /** Runs each rep in a transaction of its own that commits, instead of inside the round's transaction. */
  commits?: boolean;
  /** With `commits`: all reps at once, as 200 buyers' checkouts arriving together. */
  together?: boolean;
}

function orderRow(now: number, i: number): NewOrderRow {
  return {
    order_id: generateOrderId(),
    idempotency_key: `bench-${now}-${i}-${Math.random()}`,
    service_type: "followers",
    plan_id: 1,
    plan_name: "Starter Followers",
    target: `buyer_${i % 5000}`,
    target_username: `buyer_${i % 5000}`,
    quantity: 100,
    refill_days: 0,
    drip_runs: 0,
    drip_interval_minutes: 0,
    listed_price_paise: PRICE,
    price_paise: PRICE - 1 - (i % 99),
    status: "awaiting_payment",
    customer_name: "Bench Buyer",
    customer_phone: "9876543210",
    payment_deadline_at: now + 300_000,
    created_at: now,
    updated_at: now,
  };
}

/** Orders over the last 60 days (so the indexes and the roll-up have depth), and every amount of PRICE held. */
async function fill(db: DB) {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ORDERS; i++) {
      const at = now - Math.floor((i / ORDERS) * 60 * 86_400_000);
      await insertOrder(trx, { ...orderRow(at, i), status: i % 3 === 0 ? "expired" : "delivered" });
    }
    // A burst at one price: after 198 checkouts every amount is held by an order in its window.
    for (const amount of candidateAmounts(PRICE)) {
      const orderId = generateOrderId();
      await insertOrder(trx, { ...orderRow(now, amount), order_id: orderId, price_paise: amount });
      await trx
        .insertInto("payment_amount_holds")
        .values({ account_id: 1, amount_paise: amount, order_id: orderId, held_until: now + 600_000 })
        .execute();
    }
  });
}

function measures(db: DB): Measure[] {
  const limiter = createRateLimiter(1e9);
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: "file:./unused.db", PAYMENT_WINDOW_SECONDS: "300" });
  const services = { db, settings: createSettingsCache(db), config };
  let planId = 0;
  const now = Date.now();
  const findPlanId = async () => {
    planId ||= (await db.selectFrom("plans").select("id").where("is_enabled", "=", 1).executeTakeFirstOrThrow()).id;
  };
  /** The statements of a checkout, as createOrder's transaction runs them. */
  const checkout = async (trx: DB, i: number) => {
    const orderId = generateOrderId();
    const amount = await holdUniqueAmount(trx, { accountId: 1, listedPaise: PRICE, orderId, heldUntil: now, now });
    await insertOrder(trx, { ...orderRow(now, i), order_id: orderId, price_paise: amount });
  };
  return [
    { name: "rate limit (in memory, per address)", op: () => Promise.resolve(limiter.take("127.0.0.1")) },
    {
      name: "idempotency lookup (a key not used yet)",
      op: (trx, i) => findOrderByIdempotencyKey(trx, `missing-${now}-${i}`),
    },
    {
      name: "amount hold: lookup only (all 198 amounts held)",
      op: (trx, i) =>
        holdUniqueAmount(trx, { accountId: 1, listedPaise: PRICE, orderId: `BKBENCH${i}`, heldUntil: now, now }),
    },
    {
      name: "amount hold: lookup + take a free amount",
      // A price of its own per rep: its 198 amounts are all free, so the first insert wins.
      op: (trx, i) =>
        holdUniqueAmount(trx, {
          accountId: 1,
          listedPaise: 100_000 + i * 100,
          orderId: `BKBENCH${i}`,
          heldUntil: now,
          now,
        }),
    },
    { name: "order insert, every trigger", op: (trx, i) => insertOrder(trx, orderRow(now, i)) },
    {
      name: "order insert, no daily-stats trigger",
      setup: (trx) => sql`drop trigger orders_daily_stats_insert`.execute(trx).then(() => undefined),
      op: (trx, i) => insertOrder(trx, orderRow(now, i)),
    },
    {
      name: "order insert, no search-index trigger",
      setup: (trx) => sql`drop trigger orders_search_insert`.execute(trx).then(() => undefined),
      op: (trx, i) => insertOrder(trx, orderRow(now, i)),
    },
    {
      name: "order insert, no trigger",
      setup: async (trx) => {
        await sql`drop trigger orders_daily_stats_insert`.execute(trx);
        await sql`drop trigger orders_search_insert`.execute(trx);
      },
      op: (trx, i) => insertOrder(trx, orderRow(now, i)),
    },
    {
      name: "audit entry insert",
      op: (trx, i) =>
        recordAudit(trx, {
          actor: "bench",
          action: "order.payment-claimed",
          targetType: "order",
          targetId: `BKBENCH${i}`,
          details: { utr: "123456789012" },
          client: { ip: "127.0.0.1", userAgent: "bench" },
        }),
    },
    {
      name: "checkout's statements (hold + order), no commit",
      op: async (trx, i) => {
        const orderId = generateOrderId();
        const amount = await holdUniqueAmount(trx, { accountId: 1, listedPaise: PRICE, orderId, heldUntil: now, now });
        await insertOrder(trx, { ...orderRow(now, i), order_id: orderId, price_paise: amount });
      },
    },
    {
      name: "checkout in its own transaction (begin … commit)",
      commits: true,
      op: (trx, i) => trx.transaction().execute((t) => checkout(t, i)),
    },
    {
      name: "checkouts arriving together, a transaction each",
      commits: true,
      together: true,
      op: (trx, i) => trx.transaction().execute((t) => checkout(t, i)),
    },
    {
      name: "checkouts arriving together, group commit",
      commits: true,
      together: true,
      op: (trx, i) => writeTransaction(trx, (t) => checkout(t, i)),
    },
    {
      name: "createOrder() whole, own transaction",
      commits: true,
      setup: findPlanId,
      op: (_trx, i) =>
        createOrder(services, {
          planId,
          username: `buyer_${i}`,
          customerName: "Bench Buyer",
          customerPhone: "9876543210",
          agreedToTerms: true,
        }),
    },
    {
      name: "createOrder() whole, arriving together",
      commits: true,
      together: true,
      setup: findPlanId,
      op: (_trx, i) =>
        createOrder(services, {
          planId,
          username: `buyer_${i}`,
          customerName: "Bench Buyer",
          customerPhone: "9876543210",
          agreedToTerms: true,
        }),
    },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function round(db: DB, m: Measure): Promise<{ wall: number; cpu: number }> {
  const time = async (body: (trx: DB) => Promise<void>, conn: Kysely<never> | DB) => {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await body(conn as DB);
    const wall = (performance.now() - t0) / REPS;
    const used = process.cpuUsage(cpu0);
    return { wall: wall * 1000, cpu: (used.user + used.system) / REPS };
  };
  if (m.commits) {
    await m.setup?.(db);
    return time(async (conn) => {
      if (m.together) await Promise.all(Array.from({ length: REPS }, (_, i) => m.op(conn, i)));
      else for (let i = 0; i < REPS; i++) await m.op(conn, i);
    }, db);
  }
  let result = { wall: 0, cpu: 0 };
  await db
    .transaction()
    .execute(async (trx) => {
      await m.setup?.(trx);
      result = await time(async (conn) => {
        for (let i = 0; i < REPS; i++) await m.op(conn, i);
      }, trx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return result;
}

class RolledBack extends Error {}

export async function measureCheckoutWrites(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "shop-writes-bench-"));
  const handle = openDatabase({ kind: "sqlite", file: join(dir, "shop.db") });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    await seedDemoDataOnce(handle.db);
    await fill(handle.db);
    const { synchronous } = (await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db)).rows[0]!;
    console.log(
      `SQLite, ${ORDERS.toLocaleString("en")} orders, synchronous=${synchronous} (2 = FULL), ${ROUNDS} rounds × ${REPS} reps, medians per operation`,
    );
    const all = measures(handle.db);
    const samples = all.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, m] of all.entries()) {
        const { wall, cpu } = await round(handle.db, m);
        samples[i]!.wall.push(wall);
        samples[i]!.cpu.push(cpu);
      }
    }
    const med = new Map(all.map((m, i) => [m.name, { wall: median(samples[i]!.wall), cpu: median(samples[i]!.cpu) }]));
    console.log(`${"operation".padEnd(52)} ${"wall µs".padStart(9)} ${"CPU µs".padStart(9)}`);
    const line = (name: string, v: { wall: number; cpu: number }) =>
      console.log(`${name.padEnd(52)} ${v.wall.toFixed(1).padStart(9)} ${v.cpu.toFixed(1).padStart(9)}`);
    for (const [name, v] of med) line(name, v);
    const diff = (a: string, b: string) => ({
      wall: med.get(a)!.wall - med.get(b)!.wall,
      cpu: med.get(a)!.cpu - med.get(b)!.cpu,
    });
    console.log("derived:");
    line("  daily-stats trigger", diff("order insert, every trigger", "order insert, no daily-stats trigger"));
    line("  search-index trigger", diff("order insert, every trigger", "order insert, no search-index trigger"));
    line(
      "  commit (begin, commit, fsync of the WAL)",
      diff("checkout in its own transaction (begin … commit)", "checkout's statements (hold + order), no commit"),
    );
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const checkoutWritesBench: Bench = {
  name: "checkout-writes",
  description: "what each write of a checkout costs on SQLite, statement by statement",
  async run() {
    await measureCheckoutWrites();
    return true;
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await measureCheckoutWrites();
