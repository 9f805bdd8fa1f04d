/**
 * Static files while sign-ins are flooded: every password check runs scrypt on
 * libuv's thread pool, which also reads static files. Measures a static
 * asset's latency at a steady rate, first idle, then while clients with a
 * fresh address on every attempt (so no per-address lock stops them) post
 * wrong passwords to /admin/login as fast as they are answered.
 * Target: p99 during the flood within 2× of idle.
 *   npm run bench -- login-flood   (BENCH_FLOOD_SECONDS, BENCH_FLOOD_CLIENTS)
 */
import { pathToFileURL } from "node:url";
import { type Bench, type Result, load, startShop } from "./harness";

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
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

function flood(url: string, seconds: number): Promise<Result> {
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

const ms = (v: number) => `${v.toFixed(1)} ms`;

export const loginFloodBench: Bench = {
  name: "login-flood",
  description: `static asset p99 idle and during a ${FLOOD_CLIENTS}-client sign-in flood, ${SECONDS} s each`,
  async run() {
    const shop = await startShop({
      // Behind a proxy the flood's X-Forwarded-For is each attempt's client address.
      TRUST_PROXY: "1",
      ADMIN_USERNAME: "bench-admin",
      ADMIN_PASSWORD: "bench-admin-password",
    });
    try {
      const asset = `${shop.url}${await findAsset(shop.url)}`;
      await load({ url: asset, connections: 2, duration: 2 }); // warm-up
      const idle = await measureAsset(asset);
      console.log(`asset ${asset.replace(shop.url, "")} at ${ASSET_RATE} req/s`);
      console.log(`idle:        p50 ${ms(idle.latency.p50)}  p99 ${ms(idle.latency.p99)}  max ${ms(idle.latency.max)}`);

      // The flood starts a second early and ends a second late, so the whole measurement is under it.
      const flooding = flood(shop.url, SECONDS + 2);
      await new Promise((r) => setTimeout(r, 1000));
      const busy = await measureAsset(asset);
      const floodResult = (await flooding) as Result & { statuses: Map<number, number> };
      const counts = [...floodResult.statuses].map(([status, count]) => `${count} × ${status}`).join(", ");
      console.log(
        `flood:       p50 ${ms(busy.latency.p50)}  p99 ${ms(busy.latency.p99)}  max ${ms(busy.latency.max)}  (sign-ins: ${counts}, ${floodResult.errors} errors)`,
      );
      const ratio = busy.latency.p99 / Math.max(idle.latency.p99, 1);
      const ok =
        ratio <= TARGET_RATIO &&
        idle.non2xx + busy.non2xx === 0 &&
        idle.errors + busy.errors === 0 &&
        !floodResult.statuses.has(500);
      console.log(
        `asset p99 during the flood / idle: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×), asset errors ${idle.errors + busy.errors}, non-2xx ${idle.non2xx + busy.non2xx}: ${ok ? "met" : "MISSED"}`,
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
