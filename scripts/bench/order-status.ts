/**
 * The checkout's order-status poll against a bare Node `http` server answering the very same status,
 * headers and JSON bytes from memory, with the same client in one run:
 *   npm run bench -- order-status [--seconds=8]   (or BENCH_SECONDS)
 * The shop is freshly started and one real open order is created; each server is then loaded for the
 * whole run, cut into one-second buckets. Target, after warm-up (every second but the first): the shop
 * ≥ 60% of the bare server's requests/s; the first second is reported on its own.
 */
import { pathToFileURL } from "node:url";
import { type Bench, type FixedReply, type Second, loadPerSecond, startBareServer, startShop } from "./harness";
import { followersPlanId } from "./mixed-traffic";

const CONNECTIONS = 50;
const flag = process.argv.find((a) => a.startsWith("--seconds="))?.slice("--seconds=".length);
const SECONDS = Number(flag ?? process.env.BENCH_SECONDS ?? 8);
const TARGET_SHARE = 0.6;

/** Headers Node's server writes itself on every response. */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

async function openOrder(url: string): Promise<string> {
  const res = await fetch(`${url}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      planId: await followersPlanId(url),
      username: "bench_user",
      customerName: "Bench",
      customerPhone: "9876543210",
      agreedToTerms: true,
    }),
  });
  if (res.status !== 201) throw new Error(`creating the order: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { order: { orderId: string } }).order.orderId;
}

/** The shop's reply, to be copied byte for byte by the bare server. */
async function replyOf(url: string): Promise<FixedReply> {
  const res = await fetch(url);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) headers[name] = value;
  });
  return { status: res.status, headers, body: await res.text() };
}

const mean = (seconds: Second[]) => seconds.reduce((s, b) => s + b.requests, 0) / Math.max(1, seconds.length);
const worst = (seconds: Second[]) => Math.max(0, ...seconds.map((b) => b.p99));

export const orderStatusBench: Bench = {
  name: "order-status",
  description: `GET /api/order-status for an open order vs a bare node:http server with the same reply, ${CONNECTIONS} connections, ${SECONDS} s each`,
  async run() {
    const shop = await startShop({ ORDER_RATE_LIMIT_PER_MINUTE: "1000000" });
    try {
      const orderId = await openOrder(shop.url);
      const pollUrl = `${shop.url}/api/order-status?orderId=${orderId}`;
      const reply = await replyOf(pollUrl);
      const bare = await startBareServer(reply);
      let runs;
      try {
        const copied = await replyOf(bare.url);
        if (copied.body !== reply.body) throw new Error("the bare server does not answer the shop's bytes");
        console.log(`reply (${Buffer.byteLength(reply.body)} bytes): ${reply.body}`);
        console.log(`headers: ${Object.keys(reply.headers).join(", ")}`);
        runs = [
          {
            name: "bare node:http",
            ...(await loadPerSecond({ url: bare.url, connections: CONNECTIONS, duration: SECONDS })),
          },
          { name: "shop", ...(await loadPerSecond({ url: pollUrl, connections: CONNECTIONS, duration: SECONDS })) },
        ];
      } finally {
        await bare.stop();
      }
      console.log(`\nper second (responses received in it; p99 ms)`);
      console.log(`${"second".padEnd(8)} ${runs.map((r) => `${r.name.padStart(16)} ${"p99".padStart(5)}`).join("  ")}`);
      for (let i = 0; i < SECONDS; i++) {
        const cells = runs.map((r) => {
          const b = r.seconds[i];
          return `${String(b?.requests ?? 0).padStart(16)} ${String(b?.p99 ?? "-").padStart(5)}`;
        });
        console.log(`${String(i + 1).padEnd(8)} ${cells.join("  ")}`);
      }
      const [bareRun, shopRun] = runs as [(typeof runs)[0], (typeof runs)[0]];
      const first = shopRun.seconds[0]?.requests ?? 0;
      const firstShare = first / Math.max(1, bareRun.seconds[0]?.requests ?? 0);
      console.log(
        `first second: shop ${first} req, p99 ${shopRun.seconds[0]?.p99 ?? "-"} ms, ${(firstShare * 100).toFixed(1)}% of bare (reported, not a target)`,
      );
      const bareWarm = mean(bareRun.seconds.slice(1));
      const shopWarm = mean(shopRun.seconds.slice(1));
      const share = shopWarm / bareWarm;
      const failures = shopRun.result.errors + shopRun.result.non2xx + shopRun.result.timeouts;
      const ok = share >= TARGET_SHARE && failures === 0;
      console.log(
        `after warm-up (seconds 2-${SECONDS}): bare ${bareWarm.toFixed(0)} req/s (worst p99 ${worst(bareRun.seconds.slice(1))} ms), shop ${shopWarm.toFixed(0)} req/s (worst p99 ${worst(shopRun.seconds.slice(1))} ms): ${(share * 100).toFixed(1)}% of bare, target ≥ ${TARGET_SHARE * 100}%, errors/non-2xx ${failures}: ${ok ? "PASS" : "FAIL"}`,
      );
      return ok;
    } finally {
      await shop.stop();
    }
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exit((await orderStatusBench.run()) ? 0 : 1);
}
