/**
 * The mixed load: every kind of visitor at once, against one or more
 * shop instances (autocannon spreads each class's connections round-robin over
 * the instances' URLs, so one class still yields one latency distribution).
 */
import { randomBytes } from "node:crypto";
import type autocannon from "autocannon";
import { type Result, load } from "./harness";

export const POLLING_BUYERS = 1000;
/** 1,000 buyers, each polling every 2.5 s. */
export const POLLING_DEMAND = POLLING_BUYERS / 2.5;

const PAGES = ["/", "/followers", "/blog", "/blog/grow-instagram-followers-india"];
export const STOREFRONT_CLASS = "storefront pages";
/** A page's 99th percentile latency under the mix, in ms. */
export const STOREFRONT_P99_TARGET_MS = 200;
// Pages as a phone browser asks for them, so compression is part of the cost.
const PAGE_HEADERS = { "accept-encoding": "gzip" };
const JSON_POST = { method: "POST", headers: { "content-type": "application/json" } } as const;
/** Connections per class; even, so that two instances get equal shares. */
const CONNECTIONS = { pages: 12, plans: 12, create: 12, status: 60, admin: 4 };
export const MIX_CONNECTIONS = Object.values(CONNECTIONS).reduce((a, b) => a + b, 0);

export interface ClassResult {
  name: string;
  connections: number;
  result: Result;
}

function orderBody(planId: number, serial: number): string {
  return JSON.stringify({
    planId,
    username: `bench_buyer_${serial}`,
    customerName: "Bench Buyer",
    customerPhone: "9876543210",
    agreedToTerms: true,
    idempotencyKey: `mixed-${randomBytes(12).toString("base64url")}`,
  });
}

function orderIdOf(body: string): string {
  return (JSON.parse(body) as { order: { orderId: string } }).order.orderId;
}

export async function followersPlanId(url: string): Promise<number> {
  const res = await fetch(`${url}/api/plans?serviceType=followers`);
  const { plans } = (await res.json()) as { plans: Array<{ _id: string }> };
  return Number(plans[0]!._id);
}

/** The buyers who will poll: real orders, created through the API, 20 at a time, spread over the instances. */
export async function createBuyerOrders(urls: string[], planId: number, count = POLLING_BUYERS): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const res = await fetch(`${urls[n % urls.length]}/api/create-order`, {
        ...JSON_POST,
        body: orderBody(planId, n),
      });
      const body = await res.text();
      if (res.status !== 201) throw new Error(`setting up buyer orders: ${res.status} ${body.slice(0, 200)}`);
      ids.push(orderIdOf(body));
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return ids;
}

/** One request for each page on each instance, so that the run measures warm servers. */
export async function warmUp(urls: string[], cookie: string): Promise<void> {
  for (const url of urls) {
    for (const path of [...PAGES, "/api/plans", "/api/admin/dashboard", "/admin/dashboard"]) {
      const res = await fetch(`${url}${path}`, { headers: { cookie, ...PAGE_HEADERS } });
      if (!res.ok) throw new Error(`warming up ${path}: ${res.status}`);
      await res.arrayBuffer();
    }
  }
}

/**
 * Runs every traffic class at full speed for `seconds`, all at the same time.
 * Order ids acknowledged by a 2xx during the run are added to `acknowledged`.
 */
export async function runMix(
  urls: string[],
  seconds: number,
  {
    planId,
    buyerIds,
    cookie,
    acknowledged,
  }: { planId: number; buyerIds: string[]; cookie: string; acknowledged: Set<string> },
): Promise<ClassResult[]> {
  let serial = buyerIds.length;
  let poll = 0;
  const get = (path: string, headers: Record<string, string> = {}): autocannon.Request => ({
    method: "GET",
    path,
    headers,
  });
  const classes: Array<{ name: string; connections: number; requests: autocannon.Request[] }> = [
    {
      name: STOREFRONT_CLASS,
      connections: CONNECTIONS.pages,
      requests: PAGES.map((p) => get(p, PAGE_HEADERS)),
    },
    {
      name: "plans API",
      connections: CONNECTIONS.plans,
      requests: ["followers", "likes", "views", "comments"].map((s) => get(`/api/plans?serviceType=${s}`)),
    },
    {
      name: "order creation",
      connections: CONNECTIONS.create,
      requests: [
        {
          ...JSON_POST,
          path: "/api/create-order",
          setupRequest: (req) => ({ ...req, body: orderBody(planId, serial++) }),
          onResponse: (status, body) => {
            if (status >= 200 && status < 300) acknowledged.add(orderIdOf(body));
          },
        },
      ],
    },
    {
      name: `order status, ${buyerIds.length.toLocaleString("en-IN")} buyers`,
      connections: CONNECTIONS.status,
      requests: [
        {
          method: "GET",
          setupRequest: (req) => ({ ...req, path: `/api/order-status?orderId=${buyerIds[poll++ % buyerIds.length]}` }),
        },
      ],
    },
    {
      name: "admin dashboard (API + page)",
      connections: CONNECTIONS.admin,
      requests: [get("/api/admin/dashboard", { cookie }), get("/admin/dashboard", { cookie, ...PAGE_HEADERS })],
    },
  ];
  const results = await Promise.all(
    classes.map((c) =>
      // autocannon takes several URLs and gives connection i to URL i mod n; its types only know one.
      load({ url: urls as unknown as string, connections: c.connections, duration: seconds, requests: c.requests }),
    ),
  );
  return classes.map((c, i) => ({ name: c.name, connections: c.connections, result: results[i]! }));
}

/** Errors plus non-2xx answers: each is a visitor who did not get what they asked for. */
export function failures(r: Result): number {
  return r.errors + r.non2xx;
}

const COLUMNS: Array<[string, number]> = [
  ["traffic class", -30],
  ["conns", 5],
  ["requests", 9],
  ["req/s", 7],
  ["vs bare", 8],
  ["p50 ms", 7],
  ["p99 ms", 7],
  ["errors", 6],
  ["non-2xx", 7],
];

function row(cells: Array<string | number>): string {
  return cells
    .map((cell, i) => {
      const width = COLUMNS[i]![1];
      return width < 0 ? String(cell).padEnd(-width) : String(cell).padStart(width);
    })
    .join(" ");
}

/** One line per class and a total; "vs bare" is the class's req/s as a share of the bare server's. */
export function table(rows: ClassResult[], baseline: Result): string {
  const share = (perSecond: number) => `${((perSecond / baseline.requests.average) * 100).toFixed(1)}%`;
  const lines = rows.map(({ name, connections, result: r }) =>
    row([
      name,
      connections,
      r.requests.total,
      r.requests.average.toFixed(0),
      share(r.requests.average),
      r.latency.p50,
      r.latency.p99,
      r.errors,
      r.non2xx,
    ]),
  );
  const sum = (f: (r: ClassResult) => number) => rows.reduce((s, r) => s + f(r), 0);
  const perSecond = sum((r) => r.result.requests.average);
  lines.push(
    row([
      "all classes",
      sum((r) => r.connections),
      sum((r) => r.result.requests.total),
      perSecond.toFixed(0),
      share(perSecond),
      "",
      "",
      sum((r) => r.result.errors),
      sum((r) => r.result.non2xx),
    ]),
  );
  return [row(COLUMNS.map(([title]) => title)), ...lines].join("\n");
}
