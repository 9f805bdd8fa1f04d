import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { openDatabase } from "~/db/database.server";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { markStuckSends, syncDueOrders } from "~/domain/fulfilment/delivery-sync.server";
import { refundPaise } from "~/domain/orders/lifecycle";
import type { OrderAction } from "~/domain/orders/order-actions";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { updateAllProfits } from "~/domain/fulfilment/profits.server";
import type { NewOrderRow } from "~/domain/orders/table";
import { startDemoPanel } from "~/domain/panel/demo.server";
import { getPanelBalance, listPanelServices } from "~/domain/panel/info.server";
import { DEMO_PANEL_KEY } from "~/domain/panel/simulator/panel";
import { type RunningSimulator, startPanelSimulator } from "~/domain/panel/simulator/server.server";
import { createSettingsCache, readSiteSettings, writeSettings } from "~/domain/settings/settings.server";
import { isAppError } from "~/lib/app-error";
import { httpStatusOf } from "~/lib/server/api.server";
import { loadConfig } from "../../app/lib/server/config.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

const logger = pino({ level: "silent" });
const TIMEOUT_MS = 400;
const OWNER = { name: "owner" };

type Outcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/** An operator's action as the API answers it: its message, or the refusal's HTTP status and message. */
async function act(services: AppServices, orderId: string, action: OrderAction): Promise<Outcome> {
  try {
    return { ok: true, message: (await runOrderAction(services, OWNER, orderId, action)).message };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { ok: false, status: httpStatusOf(error.code), message: error.message };
  }
}
const placeOrder = (services: AppServices, orderId: string) =>
  act(services, orderId, { intent: "place", unpaid: false });
const retryOrder = (services: AppServices, orderId: string, checked = false) =>
  act(services, orderId, { intent: "retry", checked });
const cancelOrder = (services: AppServices, orderId: string) =>
  act(services, orderId, { intent: "cancel", byBuyer: false });
const updateProfit = (services: AppServices, orderId: string) => act(services, orderId, { intent: "update-profit" });

/** An order whose payment the operator confirmed: what Place sends to the panel. */
function paidOrder(db: AppServices["db"], overrides: Partial<NewOrderRow> = {}) {
  return makeOrder(db, { status: "paid", paid_at: Date.now(), paid_by: "owner", ...overrides });
}

describe.each(testDatabases())("SMM panel order actions on $name", (kind) => {
  let sim: RunningSimulator;
  let services: AppServices;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    sim = await startPanelSimulator({ port: 0, pendingMs: 1_000, runMs: 10_000, partialEvery: 0 });
  });
  afterAll(async () => sim.close());

  async function setUp() {
    const handle = await freshDatabase(kind);
    cleanup = handle.cleanup;
    // The simulator listens on loopback, which a real shop refuses unless told otherwise.
    const config = { ...loadConfig({ PANEL_ALLOW_PRIVATE_ADDRESSES: "true" }), PANEL_TIMEOUT_MS: TIMEOUT_MS };
    services = { db: handle.db, dialect: handle.dialect, settings: createSettingsCache(handle.db, 0), config, logger };
    await writeSettings(handle.db, {
      panelUrl: sim.apiUrl,
      panelApiKey: DEMO_PANEL_KEY,
      panelServiceFollowers: "101",
      panelServiceLikes: "102",
      panelServiceViews: "103",
      panelServiceComments: "104",
    });
    sim.panel.resetSwitches();
    sim.panel.clearLog();
    return handle;
  }
  afterEach(async () => {
    await cleanup?.();
  });

  const reload = async (orderId: string) => (await findOrder(services.db, orderId))!;

  it("sends a paid order once and marks it sent", async () => {
    await setUp();
    const order = await paidOrder(services.db, {
      service_type: "comments",
      target: "https://www.instagram.com/p/Cx1/",
      quantity: 250,
    });
    expect(await placeOrder(services, order.order_id)).toEqual({ ok: true, message: "Order sent to the SMM panel" });
    const placed = await reload(order.order_id);
    expect(placed).toMatchObject({ status: "sent", panel_status: "pending", panel_error: null });
    const add = sim.panel.requests("add");
    expect(add).toHaveLength(1);
    expect(add[0]!.params).toEqual({
      action: "add",
      service: "104",
      link: "https://www.instagram.com/p/Cx1/",
      quantity: "250",
    });
    expect(sim.panel.order(placed.panel_order_id!)?.quantity).toBe(250);

    const again = await placeOrder(services, order.order_id);
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(sim.panel.count("add")).toBe(1);
  });

  it.each([
    ["Incorrect request", { errors: { add: "Incorrect request" } }, {}],
    ["Incorrect service ID", {}, { panelServiceFollowers: "999" }],
    ["Incorrect link", {}, {}, { target: "priya bakes" }],
    [
      "Quantity less than minimal 200",
      {},
      {},
      { service_type: "views" as const, target: "https://www.instagram.com/reel/abc/", quantity: 150 },
    ],
  ])(
    "stops a paid order the panel refuses ('%s') for the operator, owing nothing yet",
    async (text, switches, settings, orderFields?: Partial<NewOrderRow>) => {
      await setUp();
      sim.panel.setSwitches(switches);
      await writeSettings(services.db, settings);
      const order = await paidOrder(services.db, orderFields ?? {});
      expect(await placeOrder(services, order.order_id)).toEqual({ ok: false, status: 502, message: text });
      // Refused outright: the operator fixes it and sends it again, or refunds; the shop decides nothing by itself.
      expect(await reload(order.order_id)).toMatchObject({
        status: "failed",
        refund_due_paise: null,
        panel_error: text,
        panel_order_id: null,
      });
    },
  );

  it.each([
    ["Invalid API key", "account", {}, { panelApiKey: "not-the-key" }],
    ["Not enough funds on balance", "funds", {}, {}, { quantity: 100_000 }, "poor"],
    [
      "You have active order with this link. Please wait until order being completed.",
      "busy",
      { rejectDuplicateLinks: true },
      {},
      {},
      "twice",
    ],
  ])(
    "keeps a paid order waiting for the panel when it says '%s', refunding nothing",
    async (text, reason, switches, settings, orderFields = {}, special?: string) => {
      await setUp();
      sim.panel.setSwitches(switches);
      await writeSettings(services.db, settings);
      let poor: RunningSimulator | undefined;
      if (special === "poor") {
        poor = await startPanelSimulator({ port: 0, balance: "100.00" });
        await writeSettings(services.db, { panelUrl: poor.apiUrl });
      }
      try {
        if (special === "twice") {
          const first = await paidOrder(services.db, orderFields);
          expect((await placeOrder(services, first.order_id)).ok).toBe(true);
        }
        const order = await paidOrder(services.db, orderFields);
        const result = await placeOrder(services, order.order_id);
        expect(result).toMatchObject({ ok: false, status: 502 });
        expect(result.message).toContain(text);
        expect(result.message).toContain("sent again automatically");
        const waiting = await reload(order.order_id);
        expect(waiting).toMatchObject({
          status: "waiting_panel",
          panel_wait_reason: reason,
          panel_error: text,
          refund_due_paise: null,
          panel_order_id: null,
          panel_attempts: 1,
        });
        expect(waiting.panel_retry_at).toBeGreaterThan(Date.now());
      } finally {
        await poor?.close();
      }
    },
  );

  it("retries a refused order and sends it", async () => {
    await setUp();
    const order = await paidOrder(services.db, { target: "priya bakes" });
    expect((await placeOrder(services, order.order_id)).ok).toBe(false);
    expect((await reload(order.order_id)).status).toBe("failed");
    await services.db.updateTable("orders").set({ target: "priya.bakes" }).where("id", "=", order.id).execute();
    expect(await retryOrder(services, order.order_id)).toEqual({ ok: true, message: "Order sent to the SMM panel" });
    // Sent after all: nothing is owed back any more.
    expect(await reload(order.order_id)).toMatchObject({
      status: "sent",
      panel_error: null,
      refund_due_paise: null,
      profit_paise: null,
    });
    expect(await retryOrder(services, order.order_id)).toMatchObject({ ok: false, status: 409 });
    expect(sim.panel.count("add")).toBe(2);
  });

  it.each([
    ["slower than the timeout", { latencyMs: TIMEOUT_MS + 300 }, "The SMM panel did not answer within 0.4 s"],
    [
      "sending malformed JSON",
      { malformed: true },
      "The SMM panel answered with a reply that is not valid JSON (HTTP 200)",
    ],
  ])(
    "keeps the order and marks it for checking when the panel is %s, without a second add",
    async (_label, switches, reason) => {
      await setUp();
      sim.panel.setSwitches(switches);
      const order = await paidOrder(services.db);
      const result = await placeOrder(services, order.order_id);
      expect(result).toMatchObject({ ok: false, status: 504 });
      const marked = await reload(order.order_id);
      expect(marked).toMatchObject({ status: "placement_unknown", panel_order_id: null });
      expect(marked.panel_error).toContain(reason);
      expect(marked.panel_error).toContain("It was not sent again");
      expect(marked.panel_error).not.toContain(DEMO_PANEL_KEY);

      sim.panel.resetSwitches();
      // Place (a second click, a stale page) does not send it again, nor does Retry without the operator's check.
      expect(await placeOrder(services, order.order_id)).toMatchObject({ ok: false, status: 409 });
      expect(await retryOrder(services, order.order_id)).toMatchObject({ ok: false, status: 409 });
      // Nor does the status sync, twice over (the jobs' turn, run here in-process instead of waited for).
      await syncDueOrders(services);
      await syncDueOrders(services);
      expect(sim.panel.count("add")).toBeLessThanOrEqual(1);
      expect((await reload(order.order_id)).status).toBe("placement_unknown");
    },
  );

  it("marks an order left in 'sending' for checking, never resending it", async () => {
    await setUp();
    const order = await paidOrder(services.db, { status: "sending", updated_at: Date.now() - 120_000 });
    const fresh = await paidOrder(services.db, { status: "sending", target: "being.sent", updated_at: Date.now() });
    expect(await markStuckSends(services.db, Date.now() - 60_000)).toBe(1);
    expect(await reload(order.order_id)).toMatchObject({ status: "placement_unknown", panel_order_id: null });
    expect((await reload(order.order_id)).panel_error).toContain("It was not sent again");
    expect((await reload(fresh.order_id)).status).toBe("sending");
    expect(sim.panel.count("add")).toBe(0);
  });

  it("turns 20 concurrent Place Order calls (two app instances) into exactly one add", async () => {
    const handle = await setUp();
    sim.panel.setSwitches({ latencyMs: 150 });
    const order = await paidOrder(services.db);
    const second =
      handle.dialect === "postgres" ? openDatabase({ kind: "postgres", url: await databaseUrl(handle.db) }) : null;
    try {
      const other = second ? { ...services, db: second.db, settings: createSettingsCache(second.db, 0) } : services;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => placeOrder(i % 2 ? other : services, order.order_id)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.status === 409)).toBe(true);
      expect(sim.panel.count("add")).toBe(1);
      expect(await reload(order.order_id)).toMatchObject({ status: "sent" });
    } finally {
      await second?.close();
    }
  });

  it("cancels an unpaid order, and a sent one only when the panel agrees", async () => {
    await setUp();
    // What each service allows cancelling comes from the panel's services list.
    expect((await listPanelServices(services)).ok).toBe(true);
    const pending = await makeOrder(services.db);
    expect(await cancelOrder(services, pending.order_id)).toEqual({ ok: true, message: "Order cancelled" });
    expect((await reload(pending.order_id)).status).toBe("cancelled");
    expect(sim.panel.count("cancel")).toBe(0);

    // Paid, not yet sent: stopping it means the buyer gets the money back.
    const unsent = await paidOrder(services.db, { target: "not.sent" });
    expect(await cancelOrder(services, unsent.order_id)).toEqual({
      ok: true,
      message: "Order stopped; the refund is due to the buyer",
    });
    expect(await reload(unsent.order_id)).toMatchObject({
      status: "refund_due",
      refund_due_paise: refundPaise(unsent.price_paise, unsent.quantity, unsent.quantity, "shop", 5),
      cancelled_by: "shop",
    });

    sim.panel.setSwitches({ cancelledSpelling: "Cancelled" });
    const placed = await paidOrder(services.db, { target: "cancel.me" });
    await placeOrder(services, placed.order_id);
    expect(await cancelOrder(services, placed.order_id)).toEqual({
      ok: true,
      message: "The SMM panel cancelled the order; the refund is due to the buyer",
    });
    const after = await reload(placed.order_id);
    expect(after).toMatchObject({
      status: "refund_due",
      panel_status: "cancelled",
      refund_due_paise: refundPaise(placed.price_paise, placed.quantity, placed.quantity, "shop", 5),
      cancelled_by: "shop",
    });
    expect(sim.panel.count("cancel")).toBe(1);
    // The next sync reads the panel's 'Cancelled' (charge 0) and stops there.
    await syncDueOrders(services);
    expect(await reload(placed.order_id)).toMatchObject({
      status: "refund_due",
      panel_status: "cancelled",
      panel_charge: "0.00000",
      panel_next_sync_at: null,
    });

    const views = await paidOrder(services.db, {
      service_type: "views",
      target: "https://www.instagram.com/reel/v/",
      quantity: 1000,
    });
    await placeOrder(services, views.order_id);
    // The panel's list says views cannot be cancelled: refused without asking the panel.
    const refused = await cancelOrder(services, views.order_id);
    expect(refused).toEqual({
      ok: false,
      status: 409,
      message: "Orders for this service cannot be cancelled once placed.",
    });
    expect((await reload(views.order_id)).status).toBe("sent");
    expect(sim.panel.count("cancel")).toBe(1);
  });

  it("sends the operator's cancel through the buyer's claimed request: one panel call for two clicks, in the history", async () => {
    await setUp();
    expect((await listPanelServices(services)).ok).toBe(true);
    const order = await paidOrder(services.db, { target: "twice.me" });
    await placeOrder(services, order.order_id);
    const [first, second] = await Promise.all([
      cancelOrder(services, order.order_id),
      cancelOrder(services, order.order_id),
    ]);
    expect([first, second].filter((r) => r.ok)).toHaveLength(1);
    expect(sim.panel.count("cancel")).toBe(1);
    expect(await reload(order.order_id)).toMatchObject({ status: "refund_due", panel_status: "cancelled" });
    const history = await auditTrailFor(services.db, "order", order.order_id);
    expect(history.filter((e) => e.action === "order.cancelRequested").map((e) => e.actor)).toEqual(["owner"]);
    // Once the panel has started the order, the operator is refused too, with no panel call.
    const started = await paidOrder(services.db, { target: "started" });
    await placeOrder(services, started.order_id);
    sim.panel.advanceTime(2_000);
    await services.db.updateTable("orders").set({ panel_next_sync_at: 0 }).execute();
    await syncDueOrders(services);
    expect(await reload(started.order_id)).toMatchObject({ panel_status: "in_progress" });
    expect(await cancelOrder(services, started.order_id)).toMatchObject({ ok: false, status: 409 });
    expect(sim.panel.count("cancel")).toBe(1);
  });

  it("updates the profit from the panel's charge, in rupees, never mixing currencies", async () => {
    await setUp();
    const order = await paidOrder(services.db, { price_paise: 34_900, quantity: 1000 });
    expect(await updateProfit(services, order.order_id)).toMatchObject({ ok: false, status: 409 });
    await placeOrder(services, order.order_id);
    expect(await updateProfit(services, order.order_id)).toEqual({ ok: true, message: "Profit updated successfully" });
    expect(await reload(order.order_id)).toMatchObject({
      profit_paise: 34_900 - 4_500,
      panel_charge: "45.00000",
      panel_currency: "INR",
    });
    expect(await updateProfit(services, order.order_id)).toMatchObject({ ok: false, status: 409 });

    sim.panel.setSwitches({ currency: "USD", numbers: "number" });
    const usd = await paidOrder(services.db, { price_paise: 34_900, target: "usd.order" });
    await placeOrder(services, usd.order_id);
    const refused = await updateProfit(services, usd.order_id);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.message).toContain("USD");
    expect((await reload(usd.order_id)).profit_paise).toBeNull();
    await writeSettings(services.db, { panelCurrency: "USD", panelInrRate: "0.5" });
    expect((await updateProfit(services, usd.order_id)).ok).toBe(true);
    expect((await reload(usd.order_id)).profit_paise).toBe(34_900 - 2_250);
  });

  it("updates all profits in one pass and says how many", async () => {
    await setUp();
    expect(await updateAllProfits(services)).toEqual({
      updated: 0,
      failed: 0,
      message: "No orders need profit update",
    });
    for (let i = 0; i < 3; i++) {
      const o = await paidOrder(services.db, { target: `bulk${i}` });
      await placeOrder(services, o.order_id);
    }
    await paidOrder(services.db, { panel_order_id: "777777", status: "sent" });
    const progress: number[] = [];
    const result = await updateAllProfits(services, { onProgress: ({ done }) => progress.push(done) });
    expect(result).toEqual({ updated: 3, failed: 1, message: "Updated 3 orders, 1 failed" });
    expect(progress.at(-1)).toBe(4);
    expect(sim.panel.count("status")).toBe(1);
  });

  it("syncs 250 placed orders with at most 3 multi-status calls, then stops at final states", async () => {
    await setUp();
    const now = Date.now();
    for (let i = 0; i < 250; i++) {
      const reply = sim.panel.handle({
        key: DEMO_PANEL_KEY,
        action: "add",
        service: "102",
        link: `https://www.instagram.com/p/s${i}/`,
        quantity: "100",
      });
      const panelOrderId = String((reply as { json: { order: string } }).json.order);
      await paidOrder(services.db, {
        status: "sent",
        price_paise: 1_900,
        quantity: 100,
        panel_order_id: panelOrderId,
        panel_status: "pending",
        panel_next_sync_at: now - 1,
      });
    }
    sim.panel.clearLog();
    const first = await syncDueOrders(services);
    expect(first.updated).toBe(250);
    expect(sim.panel.count("status")).toBeLessThanOrEqual(3);
    expect(sim.panel.requests("status").every((r) => r.params.orders!.split(",").length <= 100)).toBe(true);

    sim.panel.advanceTime(20_000);
    const later = () => Date.now() + 60 * 60_000;
    await syncDueOrders(services, { now: later });
    const rows = await services.db
      .selectFrom("orders")
      .select(["status", "panel_status", "panel_remains", "panel_next_sync_at", "profit_paise"])
      .execute();
    expect(
      rows.every(
        (r) =>
          r.status === "delivered" &&
          r.panel_status === "completed" &&
          r.panel_remains === 0 &&
          r.panel_next_sync_at === null,
      ),
    ).toBe(true);
    expect(rows.every((r) => r.profit_paise === 1_900 - 120)).toBe(true);
    sim.panel.clearLog();
    expect((await syncDueOrders(services, { now: later })).calls).toBe(0);
    expect(sim.panel.count("status")).toBe(0);
  });

  it("lets only one instance run a status batch at a time", async () => {
    const handle = await setUp();
    const now = Date.now();
    for (let i = 0; i < 50; i++) {
      const reply = sim.panel.handle({
        key: DEMO_PANEL_KEY,
        action: "add",
        service: "102",
        link: `https://www.instagram.com/p/l${i}/`,
        quantity: "100",
      });
      await paidOrder(services.db, {
        status: "sent",
        panel_order_id: String((reply as { json: { order: string } }).json.order),
        panel_next_sync_at: now - 1,
      });
    }
    sim.panel.clearLog();
    sim.panel.setSwitches({ latencyMs: 200 });
    const second =
      handle.dialect === "postgres" ? openDatabase({ kind: "postgres", url: await databaseUrl(handle.db) }) : null;
    try {
      const other = second ? { ...services, db: second.db, settings: createSettingsCache(second.db, 0) } : services;
      const results = await Promise.all([syncDueOrders(services), syncDueOrders(other), syncDueOrders(services)]);
      expect(results.reduce((n, r) => n + r.updated, 0)).toBe(50);
      expect(sim.panel.count("status")).toBe(1);
    } finally {
      await second?.close();
    }
  });

  it("shows a partial delivery and records what the panel reports", async () => {
    await setUp();
    const partial = await startPanelSimulator({ port: 0, pendingMs: 0, runMs: 1, partialEvery: 1 });
    try {
      await writeSettings(services.db, { panelUrl: partial.apiUrl });
      const order = await paidOrder(services.db, { quantity: 1000 });
      await placeOrder(services, order.order_id);
      partial.panel.advanceTime(10);
      await syncDueOrders(services, { now: () => Date.now() + 60_000 });
      const row = await reload(order.order_id);
      // Paid and partly delivered: the undelivered 157 are owed back in full.
      expect(row).toMatchObject({
        status: "refund_due",
        refund_due_paise: refundPaise(34_900, 1000, 157, "panel", 5),
        panel_status: "partial",
        panel_remains: 157,
        panel_next_sync_at: null,
      });
      expect(row.panel_start_count).toBeGreaterThan(0);
      expect(row.profit_paise).toBe(34_900 - Math.round(4_500 * 0.843));
    } finally {
      await partial.close();
    }
  });

  it("gives the settings card the service list and balance, and points the demo at the simulator", async () => {
    await setUp();
    const list = await listPanelServices(services);
    expect(list.ok && list.services.map((s) => s.service)).toEqual(["101", "102", "103", "104", "105"]);
    const balance = await getPanelBalance(services);
    expect(balance).toMatchObject({ ok: true, currency: "INR" });
    const rupees = balance.ok ? balance.balance : "";
    expect(balance.ok && balance.balancePaise).toBe(Math.round(Number(rupees) * 100));
    expect(Number(rupees)).toBeGreaterThan(20_000);
    expect(await getPanelBalance(services, { apiKey: "bad-key" })).toEqual({
      ok: false,
      code: "UPSTREAM_FAILED",
      message: "Invalid API key",
    });

    await writeSettings(services.db, { panelApiKey: "" });
    const demo = await startDemoPanel(services, 0);
    try {
      const settings = await readSiteSettings(services.db);
      expect(settings.panelUrl).toBe(demo!.apiUrl);
      expect(settings.panelApiKey).toBe(DEMO_PANEL_KEY);
      expect((await getPanelBalance(services)).ok).toBe(true);
    } finally {
      await demo?.close();
    }
  });
});

/** The PostgreSQL URL of the database a handle is connected to (a second "instance"). */
async function databaseUrl(db: AppServices["db"]): Promise<string> {
  const { sql } = await import("kysely");
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(process.env.TEST_POSTGRES_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}
