/**
 * Operator alerts (docs/operator-alerts.md) against the production build, three shops
 * side by side: alerts off, every channel up (the local doubles of
 * tests/support), every channel down (SMTP port closed, Telegram answering
 * 502, push service gone).
 * 1. Event → alert handed to the channel: on the "up" shop, EVENTS buyers give
 *    a UTR, RATE a second; for each channel, the time from the UTR's HTTP
 *    answer until the double has the message (SMTP sink parsed the mail,
 *    Telegram double got sendMessage, push double decrypted the push).
 *    Target: p99 ≤ 2 s per channel. The alert job runs at its production
 *    default interval unless ALERT_JOB_INTERVAL_MS is set in the environment.
 * 2. The order path with alerts off / up / down: WORKERS loops of create order →
 *    UTR → operator's confirm-payment on each shop, the three loaded at once for
 *    SECONDS (so a noisy neighbour slows all three alike); "down" must keep
 *    ≥ 80% of "off"'s orders/s, and every UTR must have its outbox rows.
 *   npm run bench -- alerts   (BENCH_ALERT_EVENTS, BENCH_ALERT_RATE, BENCH_ALERT_WORKERS,
 *   BENCH_ALERT_SECONDS; BENCH_POSTGRES_URL runs it on PostgreSQL too)
 */
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import type { DatabaseTarget } from "~/db/database.server";
import { loadConfig } from "~/lib/server/config.server";
import { CHANNELS, type Channels, channelsDown, channelsUp } from "./alert-channels";
import {
  type FlowResult,
  type Shop,
  createOrder,
  emptyFlow,
  outboxCounts,
  percentile,
  queuedToSent,
  runFlow,
  submitUtr,
} from "./alert-load";
import { type Bench, signIn, startShop } from "./harness";

const EVENTS = Number(process.env.BENCH_ALERT_EVENTS ?? 30);
/** UTRs per second (7,200 an hour): far above a one-operator shop's busiest evening. */
const RATE = Number(process.env.BENCH_ALERT_RATE ?? 2);
const WORKERS = Number(process.env.BENCH_ALERT_WORKERS ?? 8);
const SECONDS = Number(process.env.BENCH_ALERT_SECONDS ?? 8);
const TARGET_MS = 2_000;
/** After the last event, how long undelivered alerts are waited for before they count as missed. */
const GIVE_UP_MS = 10_000;
const ADMIN = { username: "bench-admin", password: "bench-admin-password" };
const VARIANTS = ["alerts off", "channels up", "channels down"] as const;

/** The interval the shop will run the alert job at: the environment's, else the production default. */
const INTERVAL_MS = loadConfig({
  DATABASE_URL: "file:bench",
  ALERT_JOB_INTERVAL_MS: process.env.ALERT_JOB_INTERVAL_MS,
}).ALERT_JOB_INTERVAL_MS;

type Started = Awaited<ReturnType<typeof startShop>> & Shop & { target: DatabaseTarget };

async function followersPlanId(url: string): Promise<number> {
  const res = await fetch(`${url}/api/plans?serviceType=followers`);
  const { plans } = (await res.json()) as { plans: Array<{ _id: string }> };
  return Number(plans[0]!._id);
}

async function start(env: Record<string, string>, database?: string): Promise<Started> {
  const shop = await startShop({
    ORDER_RATE_LIMIT_PER_MINUTE: "1000000",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    JOBS_ENABLED: "true",
    ...env,
    ...(database ? { DATABASE_URL: database } : {}),
  });
  const target: DatabaseTarget = database ? { kind: "postgres", url: database } : { kind: "sqlite", file: shop.dbFile };
  return {
    ...shop,
    target,
    planId: await followersPlanId(shop.url),
    cookie: await signIn(shop.url, ADMIN.username, ADMIN.password),
  };
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : "never");

/** Part 1: returns the ids of the orders given a UTR, and whether every channel met the target. */
async function eventToChannel(shop: Started, channels: Channels): Promise<{ ok: boolean; orderIds: string[] }> {
  const eventAt = new Map<string, number>();
  const started = performance.now();
  const events: Array<Promise<void>> = [];
  for (let i = 0; i < EVENTS; i++) {
    await sleep(Math.max(0, started + (i * 1000) / RATE - performance.now()));
    events.push(
      (async () => {
        const orderId = await createOrder(shop, 100_000 + i);
        await submitUtr(shop, orderId);
        eventAt.set(orderId, performance.now());
      })(),
    );
  }
  await Promise.all(events);
  const giveUp = performance.now() + GIVE_UP_MS;
  const delivered = () => CHANNELS.every((c) => channels.arrivals[c].size >= EVENTS);
  while (!delivered() && performance.now() < giveUp) await sleep(50);

  console.log(
    `\n#### Event → alert handed to the channel: ${EVENTS} UTRs, ${RATE}/s, alert job every ${INTERVAL_MS} ms (±20%)\n`,
  );
  const server = await queuedToSent(shop.target, [...eventAt.keys()]);
  console.log("| channel  | delivered | p50 | p95 | p99 | max | p99 ≤ 2 s | server: queued → sent p50 / p99 |");
  console.log("| -------- | --------- | --- | --- | --- | --- | --------- | ------------------------------- |");
  let ok = true;
  for (const channel of CHANNELS) {
    // Missing alerts count as never arrived, so they push the percentiles up rather than vanish.
    const latencies = [...eventAt].map(([id, at]) => (channels.arrivals[channel].get(id) ?? Infinity) - at);
    const got = latencies.filter(Number.isFinite).length;
    const p99 = percentile(latencies, 99);
    const pass = p99 <= TARGET_MS && got === EVENTS;
    ok &&= pass;
    console.log(
      `| ${channel.padEnd(8)} | ${`${got}/${EVENTS}`.padEnd(9)} | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} | ${ms(p99)} | ${ms(Math.max(...latencies))} | ${pass ? "pass" : "FAIL"} | ${ms(percentile(server.get(channel) ?? [], 50))} / ${ms(percentile(server.get(channel) ?? [], 99))} |`,
    );
  }
  return { ok, orderIds: [...eventAt.keys()] };
}

function flowRow(name: string, f: FlowResult): string {
  const step = (v: number[]) => `${percentile(v, 50).toFixed(1)} / ${percentile(v, 99).toFixed(1)}`;
  return `| ${name.padEnd(13)} | ${(f.orderIds.length / f.seconds).toFixed(1).padStart(8)} | ${step(f.create)} | ${step(f.utr)} | ${step(f.confirm)} | ${f.errors.length} |`;
}

/** Part 2: the order path on the three shops, then the outbox of each. */
async function orderPath(shops: Started[], part1Ids: string[]): Promise<boolean> {
  const flows = shops.map(() => emptyFlow());
  // All three at once: whatever else the machine is doing slows them alike.
  await Promise.all(shops.map((shop, i) => runFlow(shop, WORKERS, SECONDS * 1000, flows[i]!)));
  console.log(
    `\n#### Order path, ${WORKERS} loops of create → UTR → confirm-payment per shop, the three shops at once for ${SECONDS} s\n`,
  );
  console.log("| alerts        | orders/s | create p50 / p99 ms | UTR p50 / p99 ms | confirm p50 / p99 ms | errors |");
  console.log("| ------------- | -------- | ------------------- | ---------------- | -------------------- | ------ |");
  for (const [i, name] of VARIANTS.entries()) console.log(flowRow(name, flows[i]!));
  for (const f of flows) if (f.errors.length) console.log(`  first error: ${f.errors[0]}`);

  const rate = (i: number) => flows[i]!.orderIds.length / flows[i]!.seconds;
  const kept = rate(2) >= 0.8 * rate(0);
  console.log(
    `channels down: ${((rate(2) / rate(0)) * 100).toFixed(0)}% of the alerts-off order rate (target ≥ 80%): ${kept ? "pass" : "FAIL"}`,
  );

  console.log("\nOutbox at the end (payment_claimed rows):");
  let complete = true;
  for (const [i, name] of VARIANTS.entries()) {
    const ids = [...flows[i]!.orderIds, ...(i === 1 ? part1Ids : [])];
    const counts = await outboxCounts(shops[i]!.target, ids, i === 0 ? 0 : CHANNELS.length);
    complete &&= counts.incomplete === 0;
    const states = Object.entries(counts.byStatus)
      .map(([s, n]) => `${s} ${n}`)
      .join(", ");
    console.log(
      `  ${name.padEnd(13)} ${ids.length} UTRs: ${states || "no rows"}; retrying ${counts.retrying}; UTRs without all their rows: ${counts.incomplete}`,
    );
  }
  return kept && complete && flows.every((f) => f.errors.length === 0);
}

async function runOn(label: string, databases: Array<string | undefined>): Promise<boolean> {
  console.log(`\n### ${label}`);
  const up = await channelsUp();
  const down = await channelsDown();
  const started = await Promise.allSettled([
    start({}, databases[0]),
    start(up.env, databases[1]),
    start(down.env, databases[2]),
  ]);
  const shops = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  try {
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    await up.configure(shops[1]!.url, shops[1]!.cookie);
    await down.configure(shops[2]!.url, shops[2]!.cookie);
    const part1 = await eventToChannel(shops[1]!, up);
    const part2 = await orderPath(shops, part1.orderIds);
    return part1.ok && part2;
  } finally {
    await Promise.all(shops.map((s) => s.stop()));
    await Promise.all([up.stop(), down.stop()]);
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

async function onPostgres(adminUrl: string): Promise<boolean> {
  const names = VARIANTS.map(() => `shop_bench_${randomBytes(6).toString("hex")}`);
  for (const name of names) await adminQuery(adminUrl, `create database ${name}`);
  try {
    const urls = names.map((name) => {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    });
    return await runOn("PostgreSQL", urls);
  } finally {
    for (const name of names) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

export const alertsBench: Bench = {
  name: "alerts",
  description: `operator alerts: event → channel p99 ≤ ${TARGET_MS} ms; order path with alerts off / up / down`,
  async run() {
    const started = performance.now();
    let ok = await runOn("SQLite", [undefined, undefined, undefined]);
    if (process.env.BENCH_POSTGRES_URL) ok = (await onPostgres(process.env.BENCH_POSTGRES_URL)) && ok;
    console.log(
      `${ok ? "alerts: within target" : "alerts: OUT OF TARGET"} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    return ok;
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exit((await alertsBench.run()) ? 0 : 1);
}
