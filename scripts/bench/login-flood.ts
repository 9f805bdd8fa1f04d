/**
 * Static files while sign-ins are flooded: every password check runs scrypt on
 * libuv's thread pool, which also reads static files. Measures a static
 * asset's latency at a steady rate, first idle, then while clients with a
 * fresh address on every attempt (so no per-address lock stops them) post
 * wrong passwords to /admin/login as fast as they are answered.
 * Target: p99 during the flood within 2× of idle (medians over alternating rounds).
 *   npm run bench -- login-flood   (BENCH_FLOOD_SECONDS, BENCH_FLOOD_CLIENTS, BENCH_FLOOD_ROUNDS)
 */
import { pathToFileURL } from "node:url";
import { type Bench, type Result, load, startShop } from "./harness";

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 3);
const FLOOD_CLIENTS = Number(process.env.BENCH_FLOOD_CLIENTS ?? 16);
/** A steady rate, so the asset's latency is measured rather than the server's throughput. */
const ASSET_RATE = 100;
const TARGET_RATIO = 2;

/** A script the home page loads, served by express.static from the build. */
async function findAsset(url: string): Promise<string> {
  const html = await (await fetch(`${url}/`)).text();
  const href = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!href) throw new Error("no script under /assets linked from the home page");
  return href;
}

function measureAsset(url: string): Promise<Result> {
  return load({
    url,
    connections: 2,
    overallRate: ASSET_RATE,
    duration: SECONDS,
    // Uncompressed: the figure is the file read through the thread pool, not gzip's CPU time.
    headers: { "accept-encoding": "identity" },
  });
}

function flood(url: string, seconds: number): Promise<Result & { statuses: Map<number, number> }> {
  let n = 0;
  const statuses = new Map<number, number>();
  return load({
    url: `${url}/admin/login`,
    connections: FLOOD_CLIENTS,
    duration: seconds,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          n++;
          // A new address and username every time: no per-address lock and no per-name slow-down hold it back.
          return {
            ...req,
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: new URLSearchParams({ username: `flood-${n}`, password: "wrong-password" }).toString(),
          };
        },
        onResponse: (status) => void statuses.set(status, (statuses.get(status) ?? 0) + 1),
      },
    ],
  }).then((result) => Object.assign(result, { statuses }));
}

/**
 * Waits until the server has worked off the flood: attempts still queued when
 * the clients stopped would otherwise run into the next idle phase. A probe
 * sign-in joins the back of the line, so its answer means the line is empty.
 */
async function drained(url: string) {
  await fetch(`${url}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "192.0.2.1" },
    body: new URLSearchParams({ username: "drain-probe", password: "wrong-password" }),
    redirect: "manual",
  }).then((res) => res.arrayBuffer());
}

const ms = (v: number) => `${v.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const loginFloodBench: Bench = {
  name: "login-flood",
  description: `static asset p99 idle and during a ${FLOOD_CLIENTS}-client sign-in flood, ${ROUNDS} rounds of ${SECONDS} s each`,
  async run() {
    const shop = await startShop({
      // Behind a proxy the flood's X-Forwarded-For is each attempt's client address. The bench speaks
      // plain HTTP to the server itself, so the redirect to HTTPS that a proxy setting turns on stays off.
      TRUST_PROXY: "1",
      HTTPS_REDIRECT: "false",
      ADMIN_USERNAME: "bench-admin",
      ADMIN_PASSWORD: "bench-admin-password",
    });
    try {
      const asset = `${shop.url}${await findAsset(shop.url)}`;
      console.log(`asset ${asset.replace(shop.url, "")} at ${ASSET_RATE} req/s, uncompressed`);
      await load({ url: asset, connections: 2, duration: 2 }); // warm-up
      const idleP99: number[] = [];
      const floodP99: number[] = [];
      let clean = true;
      // Idle and flood alternate, so a stall of the machine (other processes) does not decide the outcome alone.
      for (let round = 1; round <= ROUNDS; round++) {
        const idle = await measureAsset(asset);
        // The flood starts a second early and ends a second late, so the whole measurement is under it.
        const flooding = flood(shop.url, SECONDS + 2);
        await new Promise((r) => setTimeout(r, 1000));
        const busy = await measureAsset(asset);
        const floodResult = await flooding;
        await drained(shop.url);
        // An asset request still unanswered when the phase ends has no latency; a starved phase counts as its whole length.
        const p99 = (r: Result) => (r.requests.total < 0.9 * ASSET_RATE * SECONDS ? SECONDS * 1000 : r.latency.p99);
        idleP99.push(p99(idle));
        floodP99.push(p99(busy));
        const counts = [...floodResult.statuses].map(([status, count]) => `${count} × ${status}`).join(", ");
        console.log(
          `round ${round}: idle p50 ${ms(idle.latency.p50)} p99 ${ms(p99(idle))} | flood p50 ${ms(busy.latency.p50)} p99 ${ms(p99(busy))} max ${ms(busy.latency.max)}, ${busy.requests.total} of ${ASSET_RATE * SECONDS} answered | sign-ins ${counts}, ${floodResult.errors} timeouts/errors`,
        );
        clean &&= idle.non2xx + busy.non2xx === 0 && idle.errors + busy.errors === 0 && !floodResult.statuses.has(500);
      }
      const idle = median(idleP99);
      const busy = median(floodP99);
      const ratio = busy / Math.max(idle, 1);
      const ok = ratio <= TARGET_RATIO && clean;
      console.log(`static asset p99, median of ${ROUNDS} rounds: idle ${ms(idle)}, during the flood ${ms(busy)}`);
      console.log(
        `ratio ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×)${clean ? "" : ", asset errors or a 5xx"}: ${ok ? "met" : "MISSED"}`,
      );
      return ok;
    } finally {
      await shop.stop();
    }
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exit((await loginFloodBench.run()) ? 0 : 1);
}
