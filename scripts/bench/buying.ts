import Database from "better-sqlite3";
import { type Bench, load, startBareServer, startShop, summary } from "./harness";

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * The buying path's targets on SQLite: order-status polling at ≥ 50% of a bare Node
 * server's requests/s with p99 < 50 ms at 100 connections; order creation
 * ≥ 500 orders/s with every acknowledged order in the database afterwards.
 */
export const buyingBench: Bench = {
  name: "buying",
  description: `order status and order creation, ${CONNECTIONS} connections, ${SECONDS} s each`,
  async run() {
    const bare = await startBareServer();
    const shop = await startShop({ ORDER_RATE_LIMIT_PER_MINUTE: "1000000" });
    let ok = true;
    try {
      const plans = (await (await fetch(`${shop.url}/api/plans?serviceType=followers`)).json()) as {
        plans: Array<{ _id: string }>;
      };
      const planId = Number(plans.plans[0]!._id);
      const orderBody = JSON.stringify({
        planId,
        username: "bench_user",
        customerName: "Bench",
        customerPhone: "9876543210",
        agreedToTerms: true,
      });
      const created = (await (
        await fetch(`${shop.url}/api/create-order`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: orderBody,
        })
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
      const statusOk = ratio >= 0.5 && status.latency.p99 < 50 && status.non2xx === 0 && status.errors === 0;
      console.log(
        `  ratio ${(ratio * 100).toFixed(1)}% of bare (target ≥ 50%), p99 ${status.latency.p99} ms (target < 50 ms): ${statusOk ? "met" : "MISSED"}`,
      );

      const acknowledged = new Set<string>();
      const create = await load({
        url: `${shop.url}/api/create-order`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: orderBody,
            onResponse: (code, body) => {
              if (code === 201) acknowledged.add((JSON.parse(body) as { order: { orderId: string } }).order.orderId);
            },
          },
        ],
      });
      console.log(summary("POST /api/create-order", create));
      const db = new Database(shop.dbFile, { readonly: true });
      const stored = new Set(
        (db.prepare("select order_id from orders").all() as Array<{ order_id: string }>).map((r) => r.order_id),
      );
      db.close();
      const missing = [...acknowledged].filter((id) => !stored.has(id)).length;
      const perSecond = acknowledged.size / SECONDS;
      const createOk = perSecond >= 500 && missing === 0 && create.errors === 0;
      console.log(
        `  ${acknowledged.size} orders acknowledged (${Math.round(perSecond)}/s, target ≥ 500/s), ${missing} missing from the database: ${createOk ? "met" : "MISSED"}`,
      );
      ok = statusOk && createOk;
    } finally {
      await shop.stop();
      await bare.stop();
    }
    return ok;
  },
};
