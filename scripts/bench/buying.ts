/**
 * The buying path (docs/performance.md, "Buying"): the order-status poll against a bare Node server, then a
 * checkout burst (issue 37): 100 connections creating orders as fast as they are answered while, in the
 * same run, 1,000 buyers poll their order status (400 req/s) and visitors load `/` (20 req/s), each
 * measured on its own. Every order acknowledged with 201 must be in the database afterwards.
 *
 *   npm run build && npm run bench -- buying
 *   BENCH_SECONDS=10                  seconds per phase
 *   BENCH_BUILDS=main=/tmp/a,branch=build BENCH_ROUNDS=3
 *                                     the burst only, for each build in turn, round after round, each on a
 *                                     fresh database: a yardstick in the same run when the machine is loaded
 *   --postgres                        the burst on PostgreSQL too (a throwaway cluster with fsync on, or
 *                                     BENCH_POSTGRES_URL), with DATABASE_POOL_SIZE=BENCH_PG_POOL (default 10)
 *   --burst-only                      skip the poll-vs-bare phase
 *   --instances N                     with --postgres: the burst on PostgreSQL with one instance, then with N
 *                                     instances on the one database (the load split evenly between them, as a
 *                                     round-robin proxy would), then SQLite and both side by side (issue 50)
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { type Bench, type Result, cpuMs, load, peakRssMb, rssMb, startBareServer, startShop, summary } from "./harness";

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const POLL_RATE = Number(process.env.BENCH_POLL_RATE ?? 400);
const HOME_RATE = Number(process.env.BENCH_HOME_RATE ?? 20);
const PG_POOL = Number(process.env.BENCH_PG_POOL ?? 10);
const POSTGRES = process.argv.includes("--postgres") || Boolean(process.env.BENCH_POSTGRES_URL);
const BURST_ONLY = process.argv.includes("--burst-only") || Boolean(process.env.BENCH_BUILDS);
const POLLING_BUYERS = 1000;
const INSTANCES = instancesArgument();

function instancesArgument(): number {
  const at = process.argv.indexOf("--instances");
  if (at === -1) return 1;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 4) throw new Error("--instances: expected 1 to 4");
  return value;
}

const TARGET = { ordersPerSecond: 1000, createP99: 250, pollP99: 50, homeP99: 100 };
const SHOP_ENV = { ORDER_RATE_LIMIT_PER_MINUTE: "1000000" };
const JSON_POST = { method: "POST", headers: { "content-type": "application/json" } } as const;

interface Build {
  label: string;
  dir: string;
}

function builds(): Build[] {
  const list = process.env.BENCH_BUILDS;
  if (!list) return [{ label: "this build", dir: process.env.BUILD_DIR ?? "build" }];
  return list.split(",").map((entry) => {
    const [label, dir] = entry.split("=");
    if (!label || !dir) throw new Error(`BENCH_BUILDS: expected label=dir[,label=dir…], got ${entry}`);
    return { label, dir };
  });
}

const load1 = () => loadavg()[0]!.toFixed(2);

function orderBody(planId: number, serial: number, run: string) {
  return JSON.stringify({
    planId,
    username: `bench_buyer_${serial}`,
    customerName: "Bench Buyer",
    customerPhone: "9876543210",
    agreedToTerms: true,
    idempotencyKey: `burst-${run}-${serial}`,
  });
}

async function followersPlanId(url: string): Promise<number> {
  const res = await fetch(`${url}/api/plans?serviceType=followers`);
  const { plans } = (await res.json()) as { plans: Array<{ _id: string }> };
  return Number(plans[0]!._id);
}

/** The buyers who poll during the burst: real orders, 20 requests at a time. */
async function buyerOrders(url: string, planId: number, run: string): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < POLLING_BUYERS) {
      const res = await fetch(`${url}/api/create-order`, { ...JSON_POST, body: orderBody(planId, next++, run) });
      const body = await res.text();
      if (res.status !== 201) throw new Error(`setting up buyer orders: ${res.status} ${body.slice(0, 200)}`);
      ids.push((JSON.parse(body) as { order: { orderId: string } }).order.orderId);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return ids;
}

interface BurstFigures {
  label: string;
  instances: number;
  load: string;
  create: Result;
  poll: Result;
  home: Result;
  acknowledged: number;
  missing: number;
  idleRssMb: number;
  peakRssMb: number;
  shopCpu: number;
  databaseCpu?: number;
  /** The shop's CPU time per acknowledged order during the burst (the poll and `/` included), in ms. */
  cpuMsPerOrder: number;
  /** PostgreSQL's CPU time per acknowledged order, in ms (its own cluster only). */
  databaseCpuMsPerOrder?: number;
  /** The same endpoint refusing an unknown plan: the request pipeline without the writes. */
  refused: { perSecond: number; cpuMsPerRequest: number };
}

type Shop = Awaited<ReturnType<typeof startShop>>;

/** One load class run against every instance at once, its rate and connections split evenly between them. */
async function onEach(shops: Shop[], options: (url: string, share: number) => Parameters<typeof load>[0]) {
  const results = await Promise.all(shops.map((shop) => load(options(shop.url, 1 / shops.length))));
  return combined(results);
}

/** Results of one class on several instances as one: counts added, latencies the worse instance's. */
function combined(results: Result[]): Result {
  const [first] = results;
  if (results.length === 1) return first!;
  const sum = (pick: (r: Result) => number) => results.reduce((total, r) => total + pick(r), 0);
  const worst = (pick: (r: Result) => number) => Math.max(...results.map(pick));
  return {
    ...first!,
    requests: { ...first!.requests, average: sum((r) => r.requests.average), total: sum((r) => r.requests.total) },
    latency: { ...first!.latency, p50: worst((r) => r.latency.p50), p99: worst((r) => r.latency.p99) },
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
  };
}

/**
 * The burst against the running shop (one instance or several on one database): creation at full speed on
 * 100 connections, the poll and `/` at fixed rates beside it, each split evenly between the instances.
 * `stored` lists the order ids in the database once the shops have stopped.
 */
async function burst(
  label: string,
  shops: Shop[],
  stored: () => Promise<Set<string>>,
  databaseCpu?: () => number,
): Promise<BurstFigures> {
  const [shop] = shops as [Shop, ...Shop[]];
  const pids = shops.map((s) => s.child.pid!);
  const shopsCpu = () => pids.reduce((total, pid) => total + cpuMs(pid), 0);
  const run = randomBytes(4).toString("hex");
  const planId = await followersPlanId(shop.url);
  const buyers = await buyerOrders(shop.url, planId, run);
  for (const { url } of shops) {
    for (const path of ["/", "/followers"]) await (await fetch(`${url}${path}`)).arrayBuffer();
  }
  const idleRss = pids.reduce((total, pid) => total + rssMb(pid), 0);
  // The yardstick in the same run: the same requests through the same pipeline (rate limit, body, plan
  // lookup), refused with 404 before any write.
  const refusedCpu0 = cpuMs(shop.child.pid!);
  const refused = await load({
    url: `${shop.url}/api/create-order`,
    connections: CONNECTIONS,
    duration: Math.max(2, Math.round(SECONDS / 2)),
    ...JSON_POST,
    body: JSON.stringify({ ...(JSON.parse(orderBody(planId, 0, run)) as object), planId: 999_999 }),
  });
  // Requests still queued when the client stopped are answered before the burst starts.
  await (await fetch(`${shop.url}/healthz`)).arrayBuffer();
  const refusedCpu = cpuMs(shop.child.pid!) - refusedCpu0;
  const acknowledged = new Set<string>(buyers);
  let serial = POLLING_BUYERS;
  let poll = 0;
  const startLoad = load1();
  const cpu0 = shopsCpu();
  const db0 = databaseCpu?.();
  const [create, polls, home] = await Promise.all([
    onEach(shops, (url, share) => ({
      url,
      connections: Math.round(CONNECTIONS * share),
      duration: SECONDS,
      requests: [
        {
          ...JSON_POST,
          path: "/api/create-order",
          setupRequest: (req) => ({ ...req, body: orderBody(planId, serial++, run) }),
          onResponse: (status, body) => {
            if (status === 201) acknowledged.add((JSON.parse(body) as { order: { orderId: string } }).order.orderId);
          },
        },
      ],
    })),
    onEach(shops, (url, share) => ({
      url,
      connections: Math.max(1, Math.round(10 * share)),
      overallRate: POLL_RATE * share,
      duration: SECONDS,
      requests: [
        {
          method: "GET",
          setupRequest: (req) => ({ ...req, path: `/api/order-status?orderId=${buyers[poll++ % buyers.length]}` }),
        },
      ],
    })),
    onEach(shops, (url, share) => ({
      url,
      connections: Math.max(1, Math.round(4 * share)),
      overallRate: HOME_RATE * share,
      duration: SECONDS,
      requests: [{ method: "GET", path: "/", headers: { "accept-encoding": "gzip" } }],
    })),
  ]);
  const shopCpu = shopsCpu() - cpu0;
  const dbCpu = databaseCpu && db0 !== undefined ? databaseCpu() - db0 : undefined;
  const peak = pids.reduce((total, pid) => total + peakRssMb(pid), 0);
  const endLoad = load1();
  for (const s of shops) await s.stop();
  const inDatabase = await stored();
  const orders = Math.max(1, acknowledged.size - buyers.length);
  return {
    label,
    instances: shops.length,
    load: `${startLoad}→${endLoad}`,
    create,
    poll: polls,
    home,
    acknowledged: acknowledged.size - buyers.length,
    missing: [...acknowledged].filter((id) => !inDatabase.has(id)).length,
    idleRssMb: idleRss,
    peakRssMb: peak,
    shopCpu: shopCpu / SECONDS / 10,
    databaseCpu: dbCpu === undefined ? undefined : dbCpu / SECONDS / 10,
    refused: {
      perSecond: refused.requests.average,
      cpuMsPerRequest: refusedCpu / Math.max(1, refused.requests.total),
    },
    cpuMsPerOrder: shopCpu / orders,
    databaseCpuMsPerOrder: dbCpu === undefined ? undefined : dbCpu / orders,
  };
}

function report(f: BurstFigures): boolean {
  const perSecond = f.acknowledged / SECONDS;
  const clientErrors = f.create.errors + f.create.timeouts + f.poll.errors + f.home.errors;
  const checks = [
    perSecond >= TARGET.ordersPerSecond,
    f.create.latency.p99 < TARGET.createP99,
    clientErrors === 0 && f.create.non2xx === 0 && f.poll.non2xx === 0 && f.home.non2xx === 0,
    f.missing === 0,
    f.poll.latency.p99 < TARGET.pollP99,
    f.home.latency.p99 < TARGET.homeP99,
  ];
  const cpu = `shop CPU ${f.shopCpu.toFixed(0)}%${f.instances > 1 ? ` (${f.instances} instances together)` : ""}${f.databaseCpu === undefined ? "" : `, PostgreSQL CPU ${f.databaseCpu.toFixed(0)}%`}`;
  console.log(
    [
      `  ${f.label} (load average ${f.load}):`,
      `    create  ${Math.round(perSecond)} orders/s acknowledged (target ≥ ${TARGET.ordersPerSecond}), p50 ${f.create.latency.p50} ms, p99 ${f.create.latency.p99} ms (< ${TARGET.createP99}), errors ${f.create.errors}, timeouts ${f.create.timeouts}, non-2xx ${f.create.non2xx}`,
      `    poll    ${Math.round(f.poll.requests.average)} req/s, p50 ${f.poll.latency.p50} ms, p99 ${f.poll.latency.p99} ms (< ${TARGET.pollP99}), errors ${f.poll.errors}, non-2xx ${f.poll.non2xx}`,
      `    /       ${Math.round(f.home.requests.average)} req/s, p50 ${f.home.latency.p50} ms, p99 ${f.home.latency.p99} ms (< ${TARGET.homeP99}), errors ${f.home.errors}, non-2xx ${f.home.non2xx}`,
      `    ${f.acknowledged} orders acknowledged, ${f.missing} missing from the database; memory idle ${f.idleRssMb.toFixed(1)} MB, peak ${f.peakRssMb.toFixed(1)} MB; ${cpu}`,
      `    shop CPU ${f.cpuMsPerOrder.toFixed(2)} ms per order; yardstick, the same POST refused (unknown plan): ${Math.round(f.refused.perSecond)} req/s, ${f.refused.cpuMsPerRequest.toFixed(2)} ms CPU each`,
      `    ${checks.every(Boolean) ? "met" : "MISSED"}`,
    ].join("\n"),
  );
  return checks.every(Boolean);
}

async function sqliteBurst(build: Build): Promise<BurstFigures> {
  // The shop's stop() removes its temporary database, so the orders are read before it.
  const dir = mkdtempSync(join(tmpdir(), "shop-burst-"));
  const dbFile = join(dir, "shop.db");
  try {
    const shop = await startShop(SHOP_ENV, { buildDir: build.dir, dbFile });
    return await burst(`SQLite, ${build.label}`, [shop], () => {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        const rows = db.prepare("select order_id from orders").all() as Array<{ order_id: string }>;
        return Promise.resolve(new Set(rows.map((r) => r.order_id)));
      } finally {
        db.close();
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU time of a cluster's postmaster and every backend it started, in ms. */
function clusterCpu(dataDir: string): () => number {
  const postmaster = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  return () => {
    let total = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const ppid = Number(stat.split(") ")[1]!.split(" ")[1]);
        if (Number(entry) === postmaster || ppid === postmaster) total += cpuMs(Number(entry));
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  };
}

async function postgresBurst(build: Build, instances = 1): Promise<BurstFigures> {
  const own = !process.env.BENCH_POSTGRES_URL;
  const clusterDir = own ? mkdtempSync(join(tmpdir(), "shop-burst-pg-")) : null;
  const adminUrl =
    process.env.BENCH_POSTGRES_URL ??
    execFileSync("scripts/pg-test-cluster.sh", ["start", clusterDir!, "durable"], { encoding: "utf8" }).trim();
  const name = `shop_burst_${randomBytes(6).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const shops: Shop[] = [];
    for (let i = 0; i < instances; i++) {
      shops.push(
        await startShop(
          { ...SHOP_ENV, DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: String(PG_POOL) },
          { buildDir: build.dir },
        ),
      );
    }
    const dataDir = clusterDir ? join(clusterDir, "data") : null;
    const where = instances > 1 ? `${instances} instances, pool ${PG_POOL} each` : `pool ${PG_POOL}`;
    return await burst(
      `PostgreSQL (fsync on, synchronous_commit on), ${where}, ${build.label}`,
      shops,
      async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          const { rows } = await client.query<{ order_id: string }>("select order_id from orders");
          return new Set(rows.map((r) => r.order_id));
        } finally {
          await client.end();
        }
      },
      dataDir && existsSync(join(dataDir, "postmaster.pid")) ? clusterCpu(dataDir) : undefined,
    );
  } finally {
    await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
    if (clusterDir) execFileSync("scripts/pg-test-cluster.sh", ["stop", clusterDir]);
  }
}

/** The engines and instance counts of one build in one table (issue 50, point 4). */
function sideBySide(buildLabel: string, runs: BurstFigures[]): void {
  const name = (f: BurstFigures) => (f.label.startsWith("SQLite") ? "SQLite" : `PostgreSQL ×${f.instances}`);
  const cells = (f: BurstFigures) => [
    name(f),
    `${Math.round(f.acknowledged / SECONDS)}`,
    `${f.create.latency.p99} ms`,
    `${Math.round(f.poll.requests.average)}/s, ${f.poll.latency.p99} ms`,
    `${f.home.latency.p99} ms`,
    f.cpuMsPerOrder.toFixed(2),
    f.databaseCpuMsPerOrder === undefined ? "–" : f.databaseCpuMsPerOrder.toFixed(2),
    `${f.missing}`,
  ];
  const header = [
    "",
    "orders/s",
    "create p99",
    "poll, p99",
    "/ p99",
    "shop CPU ms/order",
    "PG CPU ms/order",
    "missing",
  ];
  const rows = [header, ...runs.map(cells)];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(`side by side, ${buildLabel}:`);
  for (const row of rows) console.log(`  ${row.map((c, i) => c.padEnd(widths[i]!)).join("  ")}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The poll against a bare Node server (issue 4's target): ≥ 50% of its requests/s, p99 < 50 ms. */
async function pollVersusBare(): Promise<boolean> {
  const bare = await startBareServer();
  const shop = await startShop(SHOP_ENV);
  try {
    const planId = await followersPlanId(shop.url);
    const created = (await (
      await fetch(`${shop.url}/api/create-order`, { ...JSON_POST, body: orderBody(planId, 0, "poll") })
    ).json()) as { order: { orderId: string } };
    const baseline = await load({ url: bare.url, connections: CONNECTIONS, duration: SECONDS });
    console.log(summary("bare node:http JSON", baseline));
    const status = await load({
      url: `${shop.url}/api/order-status?orderId=${created.order.orderId}`,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    console.log(summary("GET /api/order-status", status));
    const ratio = status.requests.average / baseline.requests.average;
    const ok = ratio >= 0.5 && status.latency.p99 < 50 && status.non2xx === 0 && status.errors === 0;
    console.log(
      `  ratio ${(ratio * 100).toFixed(1)}% of bare (target ≥ 50%), p99 ${status.latency.p99} ms (target < 50 ms): ${ok ? "met" : "MISSED"}`,
    );
    return ok;
  } finally {
    await shop.stop();
    await bare.stop();
  }
}

export const buyingBench: Bench = {
  name: "buying",
  description: `order status vs bare, then a checkout burst (${CONNECTIONS} connections creating, the poll at ${POLL_RATE}/s and / at ${HOME_RATE}/s beside it), ${SECONDS} s each`,
  async run() {
    const list = builds();
    let cores = 0;
    try {
      cores = readFileSync("/proc/cpuinfo", "utf8").match(/^processor\s/gm)?.length ?? 0;
    } catch {
      // not Linux
    }
    console.log(
      `machine: ${cores} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}, Node ${process.version}; builds: ${list.map((b) => `${b.label}=${b.dir}`).join(", ")}`,
    );
    let ok = true;
    if (!BURST_ONLY) ok = (await pollVersusBare()) && ok;

    const figures: BurstFigures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      if (ROUNDS > 1) console.log(`round ${round} of ${ROUNDS}`);
      for (const build of list) {
        const f = await sqliteBurst(build);
        figures.push(f);
        ok = report(f) && ok;
      }
    }
    if (ROUNDS > 1 || (ROUNDS > 0 && list.length > 1)) {
      console.log(`medians over ${ROUNDS} round(s), SQLite:`);
      for (const build of list) {
        const mine = figures.filter((f) => f.label === `SQLite, ${build.label}`);
        const m = (pick: (f: BurstFigures) => number) => median(mine.map(pick));
        // A class that got no answer at all has no latency: say so rather than print 0 ms.
        const p99 = (r: (f: BurstFigures) => Result) =>
          mine.some((f) => r(f).requests.total === 0)
            ? `no answer in ${mine.filter((f) => r(f).requests.total === 0).length} run(s)`
            : `${m((f) => r(f).latency.p99)} ms`;
        console.log(
          `  ${build.label.padEnd(12)} ${Math.round(m((f) => f.acknowledged / SECONDS))} orders/s (${m((f) => f.cpuMsPerOrder).toFixed(2)} ms CPU each; refused POST ${Math.round(m((f) => f.refused.perSecond))}/s, ${m((f) => f.refused.cpuMsPerRequest).toFixed(2)} ms), create p99 ${p99((f) => f.create)}, poll p99 ${p99((f) => f.poll)}, / p99 ${p99((f) => f.home)}, missing ${m((f) => f.missing)}, idle ${m((f) => f.idleRssMb).toFixed(1)} MB, peak ${m((f) => f.peakRssMb).toFixed(1)} MB`,
        );
      }
    }
    if (POSTGRES) {
      for (const build of list) {
        // BENCH_ROUNDS=0 runs PostgreSQL alone: no SQLite column then.
        const side = figures.filter((f) => f.label === `SQLite, ${build.label}`).slice(-1);
        for (const instances of INSTANCES > 1 ? [1, INSTANCES] : [1]) {
          const f = await postgresBurst(build, instances);
          side.push(f);
          ok = report(f) && ok;
        }
        if (INSTANCES > 1) sideBySide(build.label, side);
      }
    }
    return ok;
  },
};
