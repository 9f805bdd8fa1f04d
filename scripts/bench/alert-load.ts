/**
 * The order path the alerts bench drives: a buyer creates an order and gives
 * a UTR (the event "a payment waits for confirmation"), the operator confirms
 * it from the admin API. Latencies are client-side, in milliseconds.
 */
import { randomInt } from "node:crypto";
import { openDatabase, type DatabaseTarget } from "~/db/database.server";

const JSON_HEADERS = { "content-type": "application/json" };
/** UTRs are unique per shop; a random start keeps runs on a reused database apart. */
let nextUtr = 100_000_000_000 + randomInt(800_000_000) * 1000;

export interface Shop {
  url: string;
  planId: number;
  cookie: string;
}

export async function createOrder(shop: Shop, n: number): Promise<string> {
  const res = await fetch(`${shop.url}/api/create-order`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({
      planId: shop.planId,
      username: `bench_alert_${n}`,
      customerName: "Bench",
      customerPhone: "9876543210",
      agreedToTerms: true,
    }),
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`create-order answered ${res.status}: ${body.slice(0, 200)}`);
  return (JSON.parse(body) as { order: { orderId: string } }).order.orderId;
}

export async function submitUtr(shop: Shop, orderId: string): Promise<void> {
  const res = await fetch(`${shop.url}/api/orders/${orderId}/utr`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ utr: String(nextUtr++) }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`UTR answered ${res.status}: ${body.slice(0, 200)}`);
}

export async function confirmPayment(shop: Shop, orderId: string): Promise<void> {
  const res = await fetch(`${shop.url}/api/admin/orders/${orderId}/confirm-payment`, {
    method: "POST",
    headers: { ...JSON_HEADERS, cookie: shop.cookie, origin: shop.url },
    body: "{}",
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`confirm-payment answered ${res.status}: ${body.slice(0, 200)}`);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export interface FlowResult {
  seconds: number;
  create: number[];
  utr: number[];
  confirm: number[];
  errors: string[];
  orderIds: string[];
}

export function emptyFlow(): FlowResult {
  return { seconds: 0, create: [], utr: [], confirm: [], errors: [], orderIds: [] };
}

async function timed(into: number[], step: () => Promise<void>) {
  const started = performance.now();
  await step();
  into.push(performance.now() - started);
}

/** `workers` buyers-and-operator loops for `ms`: create, give a UTR, confirm; adds to `into`. */
export async function runFlow(shop: Shop, workers: number, ms: number, into: FlowResult): Promise<void> {
  const started = performance.now();
  const until = started + ms;
  let serial = into.orderIds.length;
  const worker = async () => {
    while (performance.now() < until) {
      try {
        let orderId = "";
        await timed(into.create, async () => {
          orderId = await createOrder(shop, serial++);
        });
        await timed(into.utr, () => submitUtr(shop, orderId));
        await timed(into.confirm, () => confirmPayment(shop, orderId));
        into.orderIds.push(orderId);
      } catch (error) {
        into.errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  into.seconds += (performance.now() - started) / 1000;
}

export interface OutboxCounts {
  byStatus: Record<string, number>;
  /** Pending again after a failed attempt. */
  retrying: number;
  /** Orders given a UTR whose alert rows are not all there (one per channel switched on). */
  incomplete: number;
}

export async function outboxCounts(
  target: DatabaseTarget,
  orderIds: string[],
  channels: number,
): Promise<OutboxCounts> {
  const handle = openDatabase(target);
  try {
    const rows = await handle.db
      .selectFrom("alert_outbox")
      .select(["order_id", "status", "attempts", "event"])
      .where("event", "=", "payment_claimed")
      .execute();
    const byStatus: Record<string, number> = {};
    const perOrder = new Map<string, number>();
    let retrying = 0;
    for (const r of rows) {
      byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
      if (r.status === "pending" && r.attempts > 0) retrying++;
      if (r.order_id) perOrder.set(r.order_id, (perOrder.get(r.order_id) ?? 0) + 1);
    }
    const incomplete = orderIds.filter((id) => (perOrder.get(id) ?? 0) !== channels).length;
    return { byStatus, retrying, incomplete };
  } finally {
    await handle.close();
  }
}

/** Per channel, the server's own account: from the row queued (with the UTR) to the row marked sent, in ms. */
export async function queuedToSent(target: DatabaseTarget, orderIds: string[]): Promise<Map<string, number[]>> {
  const handle = openDatabase(target);
  try {
    const rows = await handle.db
      .selectFrom("alert_outbox")
      .select(["order_id", "channel", "created_at", "sent_at"])
      .where("event", "=", "payment_claimed")
      .where("status", "=", "sent")
      .execute();
    const wanted = new Set(orderIds);
    const byChannel = new Map<string, number[]>();
    for (const r of rows) {
      if (!r.order_id || !wanted.has(r.order_id) || r.sent_at === null) continue;
      const list = byChannel.get(r.channel) ?? [];
      list.push(Number(r.sent_at) - Number(r.created_at));
      byChannel.set(r.channel, list);
    }
    return byChannel;
  } finally {
    await handle.close();
  }
}
