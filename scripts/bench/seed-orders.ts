import { randomInt } from "node:crypto";
import { sql } from "kysely";
import type { DB, Dialect } from "~/db/database.server";
import { generateOrderId } from "~/domain/orders/order-id.server";
import type { NewOrderRow, OrderStatus } from "~/domain/orders/table";
import type { ServiceType } from "~/domain/panel/service-types";

const DAY = 86_400_000;
const FIRST = [
  "Aarav",
  "Vivaan",
  "Aditya",
  "Ananya",
  "Diya",
  "Ishaan",
  "Kavya",
  "Priya",
  "Rohan",
  "Saanvi",
  "Arjun",
  "Meera",
  "Kabir",
  "Riya",
  "Neha",
  "Rahul",
  "Sneha",
  "Vikram",
  "Pooja",
  "Aman",
];
const LAST = [
  "Sharma",
  "Verma",
  "Patel",
  "Reddy",
  "Iyer",
  "Nair",
  "Gupta",
  "Singh",
  "Das",
  "Khan",
  "Mehta",
  "Joshi",
  "Rao",
  "Kulkarni",
  "Bose",
];
const WORDS = [
  "travel",
  "foodie",
  "style",
  "fit",
  "vibes",
  "daily",
  "official",
  "studio",
  "art",
  "beats",
  "tech",
  "mumbai",
  "delhi",
  "desi",
  "glow",
];
const PLANS: Record<ServiceType, Array<[number, number]>> = {
  followers: [
    [100, 4900],
    [250, 9900],
    [500, 17900],
    [1000, 29900],
    [5000, 119900],
  ],
  likes: [
    [100, 2900],
    [500, 9900],
    [1000, 17900],
    [5000, 69900],
  ],
  views: [
    [1000, 2900],
    [5000, 9900],
    [10000, 17900],
    [50000, 59900],
  ],
  comments: [
    [100, 9900],
    [250, 19900],
    [500, 34900],
  ],
};
const SERVICE_WEIGHTS: Array<[ServiceType, number]> = [
  ["followers", 40],
  ["likes", 30],
  ["views", 20],
  ["comments", 10],
];
const STATUS_WEIGHTS: Array<[OrderStatus, number]> = [
  ["delivered", 66],
  ["expired", 14],
  ["awaiting_payment", 6],
  ["payment_claimed", 2],
  ["refund_due", 3],
  ["refunded", 2],
  ["delivering", 4],
  ["sent", 3],
];

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)]!;
}
function weighted<T>(items: Array<[T, number]>): T {
  let r = randomInt(items.reduce((s, [, w]) => s + w, 0));
  for (const [item, w] of items) if ((r -= w) < 0) return item;
  return items[0]![0];
}
function handle(): string {
  return `${pick(WORDS)}${randomInt(2) ? "_" : "."}${pick(WORDS)}${randomInt(1000)}`;
}
function postLink(service: ServiceType): string {
  const code = Math.random().toString(36).slice(2, 13);
  const kind = service === "views" ? "reel" : randomInt(3) === 0 ? "reel" : "p";
  return `https://www.instagram.com/${kind}/${code}/`;
}

/** Business grows over the two years and peaks in the Indian evening. */
function createdAt(now: number, spanDays: number): number {
  // 0 = today; the square root makes recent days busier than old ones.
  const daysBack = Math.floor(spanDays * (1 - Math.sqrt(Math.random())));
  const day = now - daysBack * DAY;
  const hourIst =
    weighted([
      [9, 1],
      [12, 2],
      [15, 2],
      [18, 3],
      [20, 4],
      [22, 3],
      [1, 1],
    ]) + Math.random();
  const dayStartIst = Math.floor((day + 19_800_000) / DAY) * DAY - 19_800_000;
  return Math.min(now - 1000, dayStartIst + Math.floor(hourIst * 3_600_000) + randomInt(3_600_000));
}

export function fakeOrder(now: number, spanDays: number, serial: number): NewOrderRow {
  const service = weighted(SERVICE_WEIGHTS);
  const [quantity, price] = pick(PLANS[service]);
  const created = createdAt(now, spanDays);
  // Orders from the last hour may still be waiting; older unpaid ones expired at their deadline.
  let status = weighted(STATUS_WEIGHTS);
  if (status === "awaiting_payment" && now - created > 3_600_000) status = "expired";
  const placed = ["delivered", "delivering", "sent", "refund_due", "refunded"].includes(status);
  const refund = status === "refund_due" || status === "refunded" ? Math.round(price * 0.4) : null;
  const chargeUsd = placed ? (price / 100 / 86) * (0.3 + Math.random() * 0.3) : 0;
  const name = `${pick(FIRST)} ${pick(LAST)}`;
  return {
    order_id: generateOrderId(),
    idempotency_key: null,
    service_type: service,
    plan_id: null,
    plan_name: `${quantity} Instagram ${service[0]!.toUpperCase()}${service.slice(1)}`,
    target: service === "followers" ? handle() : postLink(service),
    quantity,
    price_paise: price,
    status,
    customer_name: name,
    customer_phone: `+91${pick(["6", "7", "8", "9"])}${String(randomInt(1e9)).padStart(9, "0")}`,
    utr: placed || status === "payment_claimed" ? String(300_000_000_000 + serial) : null,
    utr_submitted_at: placed || status === "payment_claimed" ? created + 120_000 : null,
    paid_at: placed ? created + 150_000 : null,
    paid_by: placed ? "operator:owner" : null,
    refund_due_paise: refund,
    refunded_at: status === "refunded" ? created + 86_400_000 : null,
    refund_reference: status === "refunded" ? String(500_000_000_000 + serial) : null,
    payment_deadline_at: created + 300_000,
    panel_order_id: placed ? String(10_000_000 + serial) : null,
    panel_status: placed
      ? status === "delivered"
        ? "completed"
        : status === "delivering"
          ? "in_progress"
          : status === "sent"
            ? "pending"
            : "partial"
      : null,
    panel_charge: placed ? chargeUsd.toFixed(4) : null,
    panel_currency: placed ? "USD" : null,
    panel_start_count: placed ? randomInt(20_000) : null,
    panel_remains: placed ? (refund ? Math.round(quantity * 0.4) : 0) : null,
    panel_error: null,
    panel_placed_at: placed ? created + 180_000 : null,
    panel_synced_at: placed ? created + 3_600_000 : null,
    // A few placed orders still lack a profit, as after a panel outage.
    profit_paise: placed && randomInt(20) > 0 ? Math.round(price - chargeUsd * 86 * 100) : null,
    anonymised_at: null,
    created_at: created,
    updated_at: created + 180_000,
  };
}

/** Inserts `count` orders in multi-row statements, many per transaction. Returns rows per second. */
export async function seedOrders(
  db: DB,
  dialect: Dialect,
  count: number,
  {
    spanDays = 730,
    now = Date.now(),
    onProgress,
  }: { spanDays?: number; now?: number; onProgress?: (done: number) => void } = {},
): Promise<void> {
  if (dialect === "sqlite") await sql`pragma synchronous = OFF`.execute(db);
  const existing = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  let serial = Number(existing?.max ?? 0) + 1;
  const ROWS_PER_STATEMENT = 500;
  const STATEMENTS_PER_TX = 40;
  let done = 0;
  while (done < count) {
    await db.transaction().execute(async (trx) => {
      for (let s = 0; s < STATEMENTS_PER_TX && done < count; s++) {
        const n = Math.min(ROWS_PER_STATEMENT, count - done);
        const rows = Array.from({ length: n }, () => fakeOrder(now, spanDays, serial++));
        await trx.insertInto("orders").values(rows).execute();
        done += n;
      }
    });
    onProgress?.(done);
  }
  if (dialect === "sqlite") {
    await sql`pragma synchronous = FULL`.execute(db);
    await sql`analyze`.execute(db);
  } else {
    await sql`analyze orders`.execute(db);
  }
}
