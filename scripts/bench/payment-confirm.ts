/**
 * From a payment alert arriving to the buyer's checkout showing "Payment
 * received", for each automatic source (scripts/bench/payment-sources.ts: the
 * signed SMS webhook, a DKIM-signed bank e-mail appended to a local Dovecot
 * the shop reads with IDLE, Razorpay's signed webhook from a local double).
 * Orders are created through the API; each gets its source's alert for its
 * exact amount, a batch's alerts sent at once; a fine poll (every 25 ms)
 * finds when the server says paid, and the checkout's own poll (every POLL_MS,
 * at a random phase, as a real buyer's page would be) says when the buyer
 * sees it. A hostile batch (wrong amount, unsigned) must confirm nothing.
 * Target: buyer-visible p99 ≤ 5 s, 0 false confirmations.
 *   npm run bench -- payment-confirm   (BENCH_PAYMENT_ORDERS, BENCH_PAYMENT_BATCH, BENCH_PAYMENT_SOURCES=sms,email,razorpay)
 */
import { setTimeout as sleep } from "node:timers/promises";
import { POLL_MS } from "~/components/buying/checkout-state";
import { type Bench, startShop } from "./harness";
import type { BenchOrder, PaymentSource, ShopUnderTest } from "./payment-source";
import { PAYMENT_SOURCES } from "./payment-sources";

const ORDERS = Number(process.env.BENCH_PAYMENT_ORDERS ?? 60);
/** Orders paid at the same moment: a busy evening, not a flood. */
const BATCH = Number(process.env.BENCH_PAYMENT_BATCH ?? 10);
/** Comma-separated source names to run (default: all). */
const ONLY = (process.env.BENCH_PAYMENT_SOURCES ?? "").split(",").filter(Boolean);
const TARGET_MS = 5_000;
const FINE_POLL_MS = 25;
const GIVE_UP_MS = 20_000;

async function createOrder(url: string, planId: number, n: number): Promise<BenchOrder> {
  const res = await fetch(`${url}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      planId,
      username: `bench_pay_${n}`,
      customerName: "Bench",
      customerPhone: "9876543210",
      agreedToTerms: true,
    }),
  });
  if (res.status !== 201) throw new Error(`create-order answered ${res.status}: ${await res.text()}`);
  const { order } = (await res.json()) as { order: { orderId: string; price: number } };
  return { orderId: order.orderId, pricePaise: Math.round(order.price * 100) };
}

async function statusOf(url: string, orderId: string): Promise<string> {
  const res = await fetch(`${url}/api/order-status?orderId=${orderId}`);
  return ((await res.json()) as { status: string }).status;
}

const PAID = new Set(["paid", "sending", "sent", "delivering", "delivered", "partial"]);

/** Milliseconds from sending the alert until the server says paid, or null when it never does. */
async function confirmLatency(url: string, send: () => Promise<void>, order: BenchOrder) {
  const started = performance.now();
  await send();
  while (performance.now() - started < GIVE_UP_MS) {
    if (PAID.has(await statusOf(url, order.orderId))) return performance.now() - started;
    await sleep(FINE_POLL_MS);
  }
  return null;
}

/** When a checkout polling every POLL_MS from a random phase first sees a confirmation made `latency` ms after the alert. */
function buyerSees(latency: number): number {
  const phase = Math.random() * POLL_MS;
  return phase >= latency ? phase : phase + Math.ceil((latency - phase) / POLL_MS) * POLL_MS;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function benchSource(source: PaymentSource): Promise<boolean> {
  let shop: Awaited<ReturnType<typeof startShop>> | null = null;
  try {
    shop = await startShop({
      ORDER_RATE_LIMIT_PER_MINUTE: "1000000",
      JOBS_ENABLED: "true",
      PAYMENT_JOB_INTERVAL_MS: "500",
      ...(await source.start()),
    });
    const { url } = shop;
    const under: ShopUnderTest = { url, dbFile: shop.dbFile };
    await source.setUp(under);
    const plans = (await (await fetch(`${url}/api/plans?serviceType=followers`)).json()) as {
      plans: Array<{ _id: string }>;
    };
    const planId = Number(plans.plans[0]!._id);

    const confirm: number[] = [];
    let missed = 0;
    for (let done = 0; done < ORDERS; done += BATCH) {
      const orders = await Promise.all(
        Array.from({ length: Math.min(BATCH, ORDERS - done) }, (_, i) => createOrder(url, planId, done + i)),
      );
      // Every alert of the batch made ready first, then all sent at once.
      const sends = await Promise.all(orders.map((o, i) => source.prepare(under, o, done + i)));
      const latencies = await Promise.all(orders.map((o, i) => confirmLatency(url, sends[i]!, o)));
      for (const l of latencies) {
        if (l === null) missed++;
        else confirm.push(l);
      }
    }

    // Forgeries for open orders' exact amounts: none may confirm.
    const open = await Promise.all(Array.from({ length: BATCH }, (_, i) => createOrder(url, planId, 10_000 + i)));
    await Promise.all(open.map((o, i) => source.forge(under, o, i)));
    await sleep(2_000);
    const falseConfirmations = (await Promise.all(open.map((o) => statusOf(url, o.orderId)))).filter((s) =>
      PAID.has(s),
    ).length;

    const seen = confirm.map(buyerSees);
    const p99 = percentile(seen, 99);
    console.log(
      `${source.name.padEnd(10)} confirmed ${confirm.length}/${ORDERS} (missed ${missed}); server says paid ` +
        `p50 ${percentile(confirm, 50).toFixed(0)} ms, p99 ${percentile(confirm, 99).toFixed(0)} ms, ` +
        `max ${Math.max(...confirm).toFixed(0)} ms; buyer sees it (checkout polls every ${POLL_MS} ms) ` +
        `p50 ${percentile(seen, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; ` +
        `forged ${open.length}, false confirmations ${falseConfirmations}`,
    );
    return missed === 0 && falseConfirmations === 0 && p99 <= TARGET_MS;
  } finally {
    // The shop first, so it never sees its mailbox or gateway vanish under it.
    await shop?.stop();
    await source.tearDown();
  }
}

export const paymentConfirmBench: Bench = {
  name: "payment-confirm",
  description: `alert → checkout shows paid, per source, ${ORDERS} orders in batches of ${BATCH}; target p99 ≤ ${TARGET_MS} ms`,
  async run() {
    let ok = true;
    for (const source of PAYMENT_SOURCES.filter((s) => ONLY.length === 0 || ONLY.includes(s.name))) {
      try {
        if (!(await benchSource(source))) ok = false;
      } catch (error) {
        // One source failing to run says nothing about the others: they still run.
        ok = false;
        console.error(`${source.name} failed:`, error);
      }
    }
    console.log(ok ? "payment-confirm: within target" : "payment-confirm: OUT OF TARGET");
    return ok;
  },
};
