/**
 * Mixed load (docs/performance.md): storefront pages, plans, order creation, 1,000 buyers
 * polling their order status and the admin dashboard, all at once at full
 * speed, first on SQLite (one instance), then on PostgreSQL with two instances
 * sharing one database. Reports each class beside a bare Node server, the
 * servers' peak memory, and checks that every acknowledged order is stored
 * exactly once. Fails on any error or non-2xx answer, a missing order, or a storefront p99 of 200 ms or more.
 *   npm run bench -- mixed [--seconds=20] [--sqlite-only]   (or BENCH_MIXED_SECONDS)
 * BENCH_POSTGRES_URL: a server where databases may be created; without it a
 * throwaway cluster is started with scripts/pg-test-cluster.sh.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { type DatabaseTarget, openDatabase } from "~/db/database.server";
import { type Bench, type Result, load, peakRssMb, signIn, startBareServer, startShop, summary } from "./harness";
import {
  MIX_CONNECTIONS,
  POLLING_DEMAND,
  STOREFRONT_CLASS,
  STOREFRONT_P99_TARGET_MS,
  createBuyerOrders,
  failures,
  followersPlanId,
  runMix,
  table,
  warmUp,
} from "./mixed-traffic";

const flag = process.argv.find((a) => a.startsWith("--seconds="))?.slice("--seconds=".length);
const SECONDS = Number(flag ?? process.env.BENCH_MIXED_SECONDS ?? 20);
const SQLITE_ONLY = process.argv.includes("--sqlite-only");
const ADMIN = { username: "bench-admin", password: "bench-admin-password" };
const SHOP_ENV = {
  // Every bench request comes from 127.0.0.1, which the per-address order limit (20/min) would stop at once.
  ORDER_RATE_LIMIT_PER_MINUTE: "1000000",
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  JOBS_ENABLED: "true",
};

type Shop = Awaited<ReturnType<typeof startShop>>;

/** Sets up the buyers and the admin session, runs the mix, prints the table. True when nothing failed. */
async function loadShops(label: string, shops: Shop[], baseline: Result, acknowledged: Set<string>): Promise<boolean> {
  const urls = shops.map((s) => s.url);
  const planId = await followersPlanId(urls[0]!);
  const buyerIds = await createBuyerOrders(urls, planId);
  for (const id of buyerIds) acknowledged.add(id);
  const cookie = await signIn(urls[0]!, ADMIN.username, ADMIN.password);
  await warmUp(urls, cookie);
  const rows = await runMix(urls, SECONDS, { planId, buyerIds, cookie, acknowledged });

  console.log(`\n### ${label}, ${SECONDS} s, ${MIX_CONNECTIONS} connections in all\n`);
  console.log(table(rows, baseline));
  const rss = shops.map(
    (s, i) => `${shops.length > 1 ? `instance ${i + 1} ` : ""}${peakRssMb(s.child.pid!).toFixed(1)} MB`,
  );
  console.log(`server peak RSS (VmHWM): ${rss.join(", ")}`);
  const status = rows.find((r) => r.name.startsWith("order status"))!.result.requests.average;
  console.log(
    `order status capacity under the mix: ${status.toFixed(0)} req/s; 1,000 buyers polling every 2.5 s need ${POLLING_DEMAND} req/s: ${status >= POLLING_DEMAND ? "enough" : "NOT enough"}`,
  );
  const pages = rows.find((r) => r.name === STOREFRONT_CLASS)!.result.latency;
  const pagesOk = pages.p99 < STOREFRONT_P99_TARGET_MS;
  console.log(
    `storefront pages p99 ${pages.p99} ms (p50 ${pages.p50} ms), target < ${STOREFRONT_P99_TARGET_MS} ms — ${pagesOk ? "met" : "MISSED"}`,
  );
  const errors = rows.reduce((s, r) => s + failures(r.result), 0);
  console.log(`errors: ${errors} — ${errors === 0 ? "met" : "MISSED"}`);
  return errors === 0 && pagesOk;
}

/** Every acknowledged order id appears exactly once in the orders table. */
async function verifyOrders(target: DatabaseTarget, acknowledged: Set<string>): Promise<boolean> {
  const handle = openDatabase(target);
  try {
    const rows = await handle.db
      .selectFrom("orders")
      .select((eb) => ["order_id", eb.fn.countAll().as("n")])
      .groupBy("order_id")
      .execute();
    const counts = new Map(rows.map((r) => [r.order_id, Number(r.n)]));
    let missing = 0;
    let duplicated = 0;
    for (const id of acknowledged) {
      const n = counts.get(id) ?? 0;
      if (n === 0) missing++;
      if (n > 1) duplicated++;
    }
    const ok = missing === 0 && duplicated === 0;
    console.log(
      `acknowledged orders: ${acknowledged.size}; in the database exactly once: ${acknowledged.size - missing - duplicated}, missing ${missing}, duplicated ${duplicated} — ${ok ? "met" : "MISSED"}`,
    );
    return ok;
  } finally {
    await handle.close();
  }
}

async function onSqlite(baseline: Result): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), "shop-mixed-bench-"));
  const file = join(dir, "shop.db");
  const acknowledged = new Set<string>();
  try {
    const shop = await startShop(SHOP_ENV, { dbFile: file });
    let ok: boolean;
    try {
      ok = await loadShops("SQLite, one instance", [shop], baseline, acknowledged);
    } finally {
      await shop.stop();
    }
    return (await verifyOrders({ kind: "sqlite", file }, acknowledged)) && ok;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withPostgresServer<T>(use: (adminUrl: string) => Promise<T>): Promise<T> {
  if (process.env.BENCH_POSTGRES_URL) return use(process.env.BENCH_POSTGRES_URL);
  const dir = mkdtempSync(join(tmpdir(), "shop-mixed-pg-"));
  const adminUrl = execFileSync("scripts/pg-test-cluster.sh", ["start", dir], { encoding: "utf8" }).trim();
  try {
    return await use(adminUrl);
  } finally {
    execFileSync("scripts/pg-test-cluster.sh", ["stop", dir]);
  }
}

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function onPostgres(baseline: Result): Promise<boolean> {
  return withPostgresServer(async (adminUrl) => {
    const name = `shop_bench_${randomBytes(6).toString("hex")}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const acknowledged = new Set<string>();
    try {
      // Both start at once, as after a deploy: migrations, demo seed and the admin account must not collide.
      const started = await Promise.allSettled(
        [1, 2].map(() => startShop({ ...SHOP_ENV, DATABASE_URL: url.toString() })),
      );
      const shops = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      let ok: boolean;
      try {
        const failed = started.find((s) => s.status === "rejected");
        if (failed) throw failed.reason;
        ok = await loadShops("PostgreSQL, two instances sharing one database", shops, baseline, acknowledged);
      } finally {
        await Promise.all(shops.map((s) => s.stop()));
      }
      return (await verifyOrders({ kind: "postgres", url: url.toString() }, acknowledged)) && ok;
    } finally {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    }
  });
}

export const mixedBench: Bench = {
  name: "mixed",
  description: `all traffic at once on SQLite, then on PostgreSQL with two instances, ${SECONDS} s each`,
  async run() {
    const bare = await startBareServer();
    let baseline: Result;
    try {
      baseline = await load({ url: bare.url, connections: MIX_CONNECTIONS, duration: SECONDS });
    } finally {
      await bare.stop();
    }
    console.log(summary(`bare node:http JSON, ${MIX_CONNECTIONS} conns`, baseline));
    const sqliteOk = await onSqlite(baseline);
    const postgresOk = SQLITE_ONLY || (await onPostgres(baseline));
    return sqliteOk && postgresOk;
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exit((await mixedBench.run()) ? 0 : 1);
}
