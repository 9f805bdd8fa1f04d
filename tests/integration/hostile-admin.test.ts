import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE_OPTIONS } from "~/domain/backups/danger-zone.server";
import { ORDER_STATUSES, type OrderStatus, UNPAID_STATUSES, canTransition } from "~/domain/orders/lifecycle";
import { parseUtr } from "~/domain/orders/utr";
import { testDatabases } from "../support/databases";
import {
  type HostileShop,
  PAYLOADS,
  RUNS,
  TWO_MB,
  adminLogin,
  expectJsonRefusal,
  expectSafe,
  hostileJsonText,
  hostileObject,
  hostileSegment,
  hostileString,
  hostileValue,
  query,
  send,
  snapshot,
  startShop,
  ADMIN_AND_PANEL,
} from "../support/hostile";
import { makeOrder } from "../support/orders";
import { TEST_ADMIN } from "../support/test-accounts";

const PLAN_KEYS = [
  "name",
  "serviceType",
  "amount",
  "price",
  "isEnabled",
  "panelServiceId",
  "description",
  "badge",
] as const;
const SQLISH = PAYLOADS.filter((p) => /OR|drop|UNION|%'/i.test(p));
const SCRIPTISH = /<script>alert\(1\)<\/script>|<img src=x onerror=alert\(1\)>|<svg onload=alert\(1\)>/;

/**
 * Every /api/admin route and admin page action, with a valid admin session,
 * fed hostile query strings, path params and bodies by the real production
 * server: never a 5xx or internal detail, JSON refusals in the API's shape, and
 * a refused request leaves orders, plans, settings, audit log and admin users untouched.
 */
describe.each(testDatabases())("hostile input to the admin on $name", (kind) => {
  let shop: HostileShop;
  let cookie = "";
  let planId = 0;
  const SEEDED = 5;

  const api = (method: string, path: string, body?: string) =>
    send(`${shop.url}${path}`, {
      method,
      headers: { cookie, origin: shop.url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body,
    });

  /** Sends a request that must be refused (4xx JSON) and must not change the database. */
  async function refusedUnchanged(method: string, path: string, body?: string, statuses?: number[]) {
    const before = await snapshot(shop.db);
    const answer = await api(method, path, body);
    const label = `${method} ${path} ${body ?? ""}`;
    // Node itself refuses an address beyond its 16 KB header limit, before the app sees it.
    if (answer.status === 431) return;
    if (!answer.type.includes("json")) {
      // A hostile segment that stops naming this route ("..", an encoded slash) lands on the site's 404/405.
      expectSafe(answer, label);
      expect([404, 405], label.slice(0, 300)).toContain(answer.status);
    } else {
      expectJsonRefusal(answer, label, statuses);
    }
    expect(await snapshot(shop.db), label.slice(0, 300)).toEqual(before);
  }

  beforeAll(async () => {
    shop = await startShop(kind, ADMIN_AND_PANEL);
    cookie = await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password);
    // A confirmed payment stays "paid" here, so each answer can be checked against the one move it asked for.
    const saved = await api(
      "POST",
      "/api/admin/setting",
      JSON.stringify({ key: "AUTO_SEND_PAID_ORDERS", value: "false" }),
    );
    expect(saved.status).toBe(200);
    for (let i = 0; i < SEEDED; i++)
      await makeOrder(shop.db.db, { customer_name: `Customer ${i}`, target: `handle_${i}` });
    planId = (await shop.db.db.selectFrom("plans").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => shop?.stop());

  it("GET /api/admin/orders, /dashboard and /orders/export?count=1: hostile filters answer 200 or 400, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/admin/orders", "/api/admin/dashboard", "/api/admin/orders/export"),
        hostileObject([
          "q",
          "range",
          "status",
          "sort",
          "page",
          "pageSize",
          "startDate",
          "endDate",
          "timeRange",
          "format",
        ]),
        async (path, params) => {
          const flat = Object.fromEntries(
            Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]),
          );
          if (path.endsWith("/export")) flat.count = "1";
          const answer = await api("GET", `${path}?${query(flat)}`);
          const label = `${path}?${query(flat)}`;
          if (answer.status === 431) return;
          expectSafe(answer, label);
          // Filters are parsed leniently (an unknown range is the default): a hostile filter is a search that finds little.
          expect([200, 400], label.slice(0, 300)).toContain(answer.status);
          expect(answer.json?.success, label.slice(0, 300)).toBe(answer.status === 200);
          if (path === "/api/admin/orders" && answer.status === 200) {
            expect((answer.json as { total: number }).total).toBeLessThanOrEqual(SEEDED);
          }
        },
      ),
      RUNS,
    );
  });

  it("treats SQL in the order search as text: it matches nothing", async () => {
    for (const q of SQLISH) {
      for (const path of ["/api/admin/orders", "/api/admin/orders/export"]) {
        const answer = await api("GET", `${path}?${query({ q, range: "all", count: "1" })}`);
        expectSafe(answer, `${path} ${q}`);
        expect(answer.status, `${path} ${q}`).toBe(200);
        expect(path.endsWith("export") ? answer.json?.count : answer.json?.total, q).toBe(0);
      }
    }
  });

  it("GET, DELETE and POST actions on /api/admin/orders/:id with hostile ids and actions: 4xx JSON, nothing changed", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileSegment,
        fc.oneof(
          fc.constantFrom(
            "confirm-payment",
            "place",
            "retry",
            "cancel",
            "mark-refunded",
            "update-profit",
            "delete",
            "erase",
          ),
          hostileSegment,
        ),
        fc.constantFrom("GET", "DELETE", "POST"),
        hostileJsonText(["orderId", "profit"]),
        async (id, action, method, body) => {
          const path = method === "POST" ? `/api/admin/orders/${id}/${action}` : `/api/admin/orders/${id}`;
          // "export" is a route of its own; a hostile id never equals it.
          if (decodeURIComponentSafe(id).toLowerCase() === "export") return;
          // A body past the size limit (lone surrogates escape to six bytes each) is refused before its route: 413.
          await refusedUnchanged(method, path, method === "GET" ? undefined : body, [400, 404, 405, 413]);
        },
      ),
      RUNS,
    );
  });

  it("POST /api/admin/orders/:id/<action> on orders in every state with hostile bodies: refused unchanged, or exactly the move the lifecycle allows", async () => {
    let n = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ORDER_STATUSES),
        fc.constantFrom(...ORDER_INTENTS),
        fc.oneof(
          hostileJsonText(["unpaid", "reference"]),
          fc
            .record(
              {
                unpaid: fc.oneof(hostileValue, fc.boolean()),
                reference: fc.oneof(
                  hostileString,
                  fc.constantFrom(
                    "123456789012",
                    "1234 5678 9012",
                    "1234-5678-9012",
                    "12345678901",
                    "１２３４５６７８９０１２",
                  ),
                ),
              },
              { requiredKeys: [] },
            )
            .map((body) => JSON.stringify(body)),
        ),
        async (status, intent, body) => {
          const order = await makeOrder(shop.db.db, {
            status,
            target: `hostile_${n++}`,
            paid_at: PAID.has(status) ? Date.now() : null,
            refund_due_paise: status === "refund_due" || status === "refunded" ? 10_000 : null,
          });
          const before = await snapshot(shop.db, ["orders", "plans", "settings", "admin_users"]);
          const audits = await shop.db.db.selectFrom("audit_log").select("id").orderBy("id", "desc").executeTakeFirst();
          const answer = await api("POST", `/api/admin/orders/${order.order_id}/${intent}`, body);
          const label = `${status} ${intent} ${body}`;
          const after = await shop.db.db
            .selectFrom("orders")
            .selectAll()
            .where("id", "=", order.id)
            .executeTakeFirstOrThrow();
          if (answer.status === 200) {
            expectSafe(answer, label);
            expect(answer.json?.success, label).toBe(true);
            expect(after.status, label).toBe(expectedMove(intent, status, body));
            accepted++;
            return;
          }
          expectJsonRefusal(answer, label, [400, 409, 413, 415]);
          expect(await snapshot(shop.db, ["orders", "plans", "settings", "admin_users"]), label).toEqual(before);
          // A refusal the order's rules made is kept in its history as a failed attempt, and nothing else is written.
          const written = await shop.db.db
            .selectFrom("audit_log")
            .selectAll()
            .where("id", ">", audits?.id ?? 0)
            .execute();
          for (const entry of written) {
            expect(entry, label).toMatchObject({ action: `order.${intent}`, target_id: order.order_id });
            expect(JSON.parse(entry.details!), label).toEqual({ failed: answer.json?.message });
          }
        },
      ),
      // One move the lifecycle allows always runs first, so a seed that draws only refusals still checks an acceptance.
      { ...RUNS, numRuns: 80, examples: [["payment_claimed", "confirm-payment", "{}"]] },
    );
    // Not only refusals: some runs asked for a move the order's state allows, and got exactly it.
    expect(accepted).toBeGreaterThan(0);
  });

  it("GET /api/admin/pulse: counts and a version, whatever the query string; other methods refused", async () => {
    const claimed = await makeOrder(shop.db.db, { status: "payment_claimed", utr: "555566667777" });
    const pulse = await api("GET", `/api/admin/pulse?${query({ since: "' OR 1=1 --", version: "-1" })}`);
    expect(pulse.status).toBe(200);
    const counts = (pulse.json as { pulse: { version: number; toConfirm: number; toCheck: number } }).pulse;
    expect(counts.toConfirm).toBeGreaterThanOrEqual(1);
    expect(counts.version).toBeGreaterThanOrEqual(claimed.updated_at);
    expect(Number.isInteger(counts.toCheck)).toBe(true);
    // Read-only: any other method is refused (as for the other GET-only admin routes) and changes nothing.
    const before = await snapshot(shop.db);
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const answer = await api(method, "/api/admin/pulse", JSON.stringify({ version: 0 }));
      expectSafe(answer, `${method} pulse`);
      expect(answer.status, method).toBe(405);
    }
    expect(await snapshot(shop.db)).toEqual(before);
  });

  it("POST /api/admin/plans and PUT /api/admin/plans/:id: a hostile plan is refused, or stored exactly as the schema allows", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), hostileJsonText(PLAN_KEYS), async (create, body) => {
        const before = await snapshot(shop.db);
        const path = create ? "/api/admin/plans" : `/api/admin/plans/${planId}`;
        const answer = await api(create ? "POST" : "PUT", path, body);
        const label = `${path} ${body}`;
        if (answer.status === 200 || answer.status === 201) {
          // Every field is optional on update, so a body of only unknown keys is a legitimate no-op save.
          expectSafe(answer, label);
          expect(answer.json?.success).toBe(true);
          return;
        }
        expectJsonRefusal(answer, label, [400, 404, 413, 415]);
        expect(await snapshot(shop.db)).toEqual(before);
      }),
      RUNS,
    );
  });

  it("PUT/DELETE/PATCH /api/admin/plans/:id with hostile ids: 4xx JSON, nothing changed", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileSegment,
        fc.constantFrom("PUT", "DELETE", "PATCH"),
        hostileJsonText(PLAN_KEYS),
        async (id, method, body) => {
          const path = method === "PATCH" ? `/api/admin/plans/${id}/toggle` : `/api/admin/plans/${id}`;
          await refusedUnchanged(method, path, body, [400, 404, 405, 413, 415]);
        },
      ),
      RUNS,
    );
  });

  it("POST /api/admin/setting and GET /api/admin/setting/:key: hostile keys and values are refused, settings untouched", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), hostileSegment, hostileJsonText(["key", "value"]), async (write, key, body) => {
        if (write) await refusedUnchanged("POST", "/api/admin/setting", body, [400, 413, 415]);
        else await refusedUnchanged("GET", `/api/admin/setting/${key}`, undefined, [400, 403, 404]);
      }),
      RUNS,
    );
  });

  it("DELETE /api/admin/delete-selected-data with hostile options deletes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(hostileJsonText(["deleteOptions"]), async (body) => {
        // A list holding a real option name would be a real deletion request.
        if (DELETE_OPTIONS.some((o) => body.includes(`"${o}"`))) return;
        await refusedUnchanged("DELETE", "/api/admin/delete-selected-data", body, [400, 413, 415]);
      }),
      RUNS,
    );
    // delete-all-data takes no input; any other method is refused.
    for (const method of ["GET", "POST", "PUT", "PATCH"]) {
      await refusedUnchanged(method, "/api/admin/delete-all-data", method === "GET" ? undefined : "{}", [405]);
    }
  });

  it("GET /api/admin/backups/:name with hostile names never serves a file", async () => {
    await fc.assert(
      fc.asyncProperty(hostileSegment, async (name) => {
        await refusedUnchanged("GET", `/api/admin/backups/${name}`, undefined, [400, 404]);
      }),
      RUNS,
    );
    for (const name of ["..%2Fshop.db", "..%2F..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "shop.db"]) {
      await refusedUnchanged("GET", `/api/admin/backups/${name}`, undefined, [400, 404]);
    }
  });

  it("input-free admin endpoints ignore hostile query strings and bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/api/admin/plans",
          "/api/admin/panel/services",
          "/api/admin/panel/balance",
          "/api/admin/backups",
          "/api/admin/pulse",
        ),
        hostileString,
        async (path, value) => {
          const answer = await api("GET", `${path}?${query({ q: value, [value.slice(0, 20)]: value })}`);
          if (answer.status === 431) return;
          expectSafe(answer, `${path} ${value}`);
          // A NUL anywhere in the address is refused up front (400); anything else is ignored.
          if (value.includes("\u0000")) return expectJsonRefusal(answer, `${path} NUL`, [400]);
          expect(answer.status).toBe(200);
          expect(answer.json?.success).toBe(true);
        },
      ),
      { ...RUNS, numRuns: 20 },
    );
    const profits = await api("POST", "/api/admin/panel/update-profits", JSON.stringify({ all: "' OR 1=1 --" }));
    expectSafe(profits, "update-profits");
    expect(profits.status).toBe(200);
  });

  it("admin page actions (orders, order details, plans, settings) refuse hostile forms without a 5xx or a change", async () => {
    const page = (path: string, body: BodyInit, type?: string) =>
      send(`${shop.url}${path}`, {
        method: "POST",
        headers: { cookie, origin: shop.url, ...(type ? { "content-type": type } : {}) },
        body,
      });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/admin/orders.data",
          "/admin/orders/ID.data",
          "/admin/plans.data",
          "/admin/settings.data",
          "/admin/orders",
          "/admin/settings",
        ),
        hostileSegment,
        hostileObject([
          "intent",
          "orderId",
          "id",
          "plan",
          "deleteOptions",
          "panelUrl",
          "upiId",
          "brandName",
          "currentPassword",
          "newPassword",
        ]),
        async (rawPath, id, fields) => {
          // Valid intents that need no further input (delete-all) or save any text (store settings) are exercised elsewhere.
          const intent = typeof fields.intent === "string" ? fields.intent : "";
          if (
            [
              "delete-all",
              "delete-selected",
              "payment",
              "store",
              "credentials",
              "create",
              "update",
              "toggle",
              "delete",
              "place",
              "retry",
              "cancel",
              "update-profit",
              "erase",
            ].includes(intent)
          )
            return;
          const path = rawPath.replace("ID", id);
          const before = await snapshot(shop.db);
          const json = path.startsWith("/admin/plans");
          const form = new URLSearchParams(
            Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]),
          );
          const answer = json ? await page(path, JSON.stringify(fields), "application/json") : await page(path, form);
          const label = `${path} ${json ? JSON.stringify(fields) : form}`;
          expectSafe(answer, label);
          // Page actions answer a refused form with their message (200 with ok:false, or 400/404); a bad path is a 404.
          expect([200, 400, 404, 405, 415], label.slice(0, 300)).toContain(answer.status);
          // HTML must never carry the markup live; .data payloads are data the router renders as text.
          if (answer.type.includes("text/html")) expect(answer.text, label.slice(0, 300)).not.toMatch(SCRIPTISH);
          expect(await snapshot(shop.db), label.slice(0, 300)).toEqual(before);
        },
      ),
      RUNS,
    );
  });

  it("admin page actions refuse a body that is not a form with 415, and a 2 MB body with 413", async () => {
    const before = await snapshot(shop.db);
    const order = await shop.db.db.selectFrom("orders").select("order_id").executeTakeFirstOrThrow();
    for (const path of [
      "/admin/orders",
      "/admin/orders.data",
      `/admin/orders/${order.order_id}`,
      "/admin/settings",
      "/admin/settings.data",
    ]) {
      const notForm = await send(`${shop.url}${path}`, {
        method: "POST",
        headers: { cookie, origin: shop.url, "content-type": "application/json" },
        body: '{"intent":"delete"}',
      });
      expectSafe(notForm, path);
      expect(notForm.status, path).toBe(415);
      const big = await send(`${shop.url}${path}`, {
        method: "POST",
        headers: { cookie, origin: shop.url },
        body: new URLSearchParams({ intent: "delete", orderId: TWO_MB }),
      });
      expect(big.status, path).toBe(413);
    }
    const bigPlan = await send(`${shop.url}/admin/plans.data`, {
      method: "POST",
      headers: { cookie, origin: shop.url, "content-type": "application/json" },
      body: JSON.stringify({ intent: "create", plan: { name: TWO_MB } }),
    });
    expect(bigPlan.status).toBe(413);
    for (const path of ["/api/admin/plans", "/api/admin/setting"]) {
      const answer = await api("POST", path, JSON.stringify({ name: TWO_MB, key: "x", value: TWO_MB }));
      expectJsonRefusal(answer, path, [413]);
    }
    expect(await snapshot(shop.db)).toEqual(before);
  });

  it("keeps the admin working after the barrage", async () => {
    const orders = await api("GET", "/api/admin/orders?range=all");
    expect(orders.status).toBe(200);
    expect((orders.json as { total: number }).total).toBeGreaterThanOrEqual(SEEDED);
    for (const path of ["/admin/dashboard", "/admin/orders", "/admin/plans", "/admin/settings", "/"]) {
      const res = await send(`${shop.url}${path}`, { headers: { cookie } });
      expect(res.status, path).toBe(200);
    }
  });
});

const ORDER_INTENTS = ["confirm-payment", "place", "retry", "cancel", "mark-refunded", "update-profit"] as const;
const PAID = new Set<OrderStatus>([
  "paid",
  "sending",
  "placement_unknown",
  "waiting_panel",
  "sent",
  "delivering",
  "delivered",
  "refund_due",
  "refunded",
]);

/** Where an accepted action must have taken an order (auto-send is off; the simulator takes every send). */
function expectedMove(
  intent: (typeof ORDER_INTENTS)[number],
  from: OrderStatus,
  rawBody: string,
): OrderStatus | "refused" {
  let body: { unpaid?: unknown; reference?: unknown; checked?: unknown } = {};
  try {
    body = rawBody === "" ? {} : (JSON.parse(rawBody) as typeof body);
  } catch {
    return "refused";
  }
  const unpaid = (UNPAID_STATUSES as readonly OrderStatus[]).includes(from);
  switch (intent) {
    case "confirm-payment":
      return canTransition("confirmPayment", from, "operator") ? "paid" : "refused";
    case "place":
      if (body.unpaid === true) return canTransition("sendUnpaid", from, "operator") ? "sent" : "refused";
      // A queued order with nothing ahead of it for its target (each order here has a target of its own) goes now.
      return from === "paid" || from === "queued" ? "sent" : "refused";
    case "retry":
      // An order of unknown outcome goes again only with the operator's word that they checked the panel.
      if (from === "placement_unknown" && body.checked !== true && body.checked !== "true") return "refused";
      return canTransition("send", from, "operator") ? "sent" : "refused";
    case "cancel":
      if ((unpaid && from !== "cancelled") || from === "failed") return "cancelled";
      return ["paid", "placement_unknown", "waiting_panel"].includes(from) ? "refund_due" : "refused";
    case "mark-refunded":
      return from === "refund_due" && typeof body.reference === "string" && parseUtr(body.reference)
        ? "refunded"
        : "refused";
    case "update-profit":
      return "refused";
  }
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
