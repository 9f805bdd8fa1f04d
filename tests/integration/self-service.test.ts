import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import type { NewOrderRow } from "~/domain/orders/table";
import { listPanelServices } from "~/domain/panel/info.server";
import { DEMO_PANEL_KEY } from "~/domain/panel/simulator/panel";
import { type RunningSimulator, startPanelSimulator } from "~/domain/panel/simulator/server.server";
import { createPlan } from "~/domain/plans/admin.server";
import { cancelBeforeDelivery } from "~/domain/self-service/cancel.server";
import { CANCEL_REFUSAL_TEXT } from "~/domain/self-service/cancel-messages";
import { requestOrderRefill } from "~/domain/self-service/refill.server";
import { REFILL_REFUSAL_TEXT } from "~/domain/self-service/refill-messages";
import { syncDueRefills } from "~/domain/self-service/refill-sync.server";
import { selfServiceView } from "~/domain/self-service/track.server";
import { createSettingsCache, writeSettings } from "~/domain/settings/settings.server";
import { isAppError, retryAfterOf } from "~/lib/app-error";
import { httpStatusOf } from "~/lib/server/api.server";
import { loadConfig } from "../../app/lib/server/config.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

const logger = pino({ level: "silent" });
const DAY = 86_400_000;
const BUYER = { kind: "buyer" } as const;

/** What the buyer is told when a request is refused: its code, HTTP status and words. */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { reason: error.details.reason, status: httpStatusOf(error.code), message: error.message };
  }
  throw new Error("expected a refusal");
}

describe.each(testDatabases())("buyer self-service at the SMM panel on $name", (kind) => {
  let sim: RunningSimulator;
  let services: AppServices;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    sim = await startPanelSimulator({ port: 0, pendingMs: 1_000, runMs: 10_000, partialEvery: 0 });
  });
  afterAll(async () => sim.close());
  afterEach(async () => cleanup?.());

  async function setUp() {
    const handle = await freshDatabase(kind);
    cleanup = handle.cleanup;
    const config = { ...loadConfig({ PANEL_ALLOW_PRIVATE_ADDRESSES: "true" }), PANEL_TIMEOUT_MS: 400 };
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
    // What each service supports is kept from the services list.
    expect((await listPanelServices(services)).ok).toBe(true);
  }

  /** A paid order placed at the simulator, then (optionally) run to completion there and synced as delivered. */
  async function placedOrder(overrides: Partial<NewOrderRow> = {}) {
    const order = await makeOrder(services.db, { status: "paid", paid_at: Date.now(), paid_by: "owner", ...overrides });
    const sent = await sendToPanel(services, order.order_id, { actor: { kind: "system", job: "test" } });
    expect(sent.status).toBe("sent");
    return sent;
  }
  async function deliveredOrder(overrides: Partial<NewOrderRow> = {}) {
    const sent = await placedOrder({ refill_days: 30, ...overrides });
    sim.panel.advanceTime(20_000);
    const now = Date.now();
    await services.db
      .updateTable("orders")
      .set({ status: "delivered", delivered_at: now, panel_status: "completed", panel_remains: 0 })
      .where("order_id", "=", sent.order_id)
      .execute();
    return (await findOrder(services.db, sent.order_id))!;
  }
  const snapshot = async (orderId: string) => {
    const { updated_at: _, ...row } = (await findOrder(services.db, orderId))!;
    return row;
  };

  it("takes a refill inside the guarantee once, follows it to completed, and keeps it all in the history", async () => {
    await setUp();
    const order = await deliveredOrder();
    expect((await selfServiceView(services, order)).canRefill).toBe(true);

    const { refillId } = await requestOrderRefill(services, order.order_id, BUYER);
    expect(sim.panel.requests("refill").map((r) => r.params.order)).toEqual([order.panel_order_id]);
    let view = await selfServiceView(services, order);
    expect(view.canRefill).toBe(false);
    expect(view.refills).toEqual([expect.objectContaining({ refillId, progress: "pending" })]);

    // The status sync follows it with refill_status.
    await services.db.updateTable("order_panel_requests").set({ next_sync_at: 0 }).execute();
    sim.panel.advanceTime(2_000);
    expect(await syncDueRefills(services)).toBe(1);
    expect((await selfServiceView(services, order)).refills[0]!.progress).toBe("in_progress");
    await services.db.updateTable("order_panel_requests").set({ next_sync_at: 0 }).execute();
    sim.panel.advanceTime(20_000);
    await syncDueRefills(services);
    view = await selfServiceView(services, order);
    expect(view.refills[0]!.progress).toBe("completed");
    expect(sim.panel.count("refill_status")).toBe(2);

    const actions = (await auditTrailFor(services.db, "order", order.order_id)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["order.refillRequested", "order.refillAccepted", "order.refillProgress"]),
    );
  });

  it("refuses a second refill within 24 hours, even from two tabs at once: one panel call", async () => {
    await setUp();
    const order = await deliveredOrder();
    const results = await Promise.allSettled([
      requestOrderRefill(services, order.order_id, BUYER),
      requestOrderRefill(services, order.order_id, BUYER),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(sim.panel.count("refill")).toBe(1);
    const again = await refusal(requestOrderRefill(services, order.order_id, BUYER));
    expect(again).toEqual({ reason: "REFILL_TOO_SOON", status: 429, message: REFILL_REFUSAL_TEXT.REFILL_TOO_SOON });
    // Refused as every rate limit is (ADR 0051): with the seconds until the day has passed (Retry-After).
    const tooSoon = await requestOrderRefill(services, order.order_id, BUYER).catch((error: unknown) => error);
    expect(isAppError(tooSoon) ? retryAfterOf(tooSoon) : null).toBeGreaterThan(DAY / 1000 - 120);
    expect(sim.panel.count("refill")).toBe(1);
    // A day later it may be asked again.
    await requestOrderRefill(services, order.order_id, BUYER, Date.now() + DAY + 1_000);
    expect(sim.panel.count("refill")).toBe(2);
  });

  it.each([
    ["outside the guarantee", "REFILL_OUTSIDE_GUARANTEE", { delivered_at: Date.now() - 31 * DAY }],
    ["without a guarantee", "REFILL_NO_GUARANTEE", { refill_days: 0 }],
    ["on an undelivered order", "REFILL_NOT_DELIVERED", { status: "delivering", delivered_at: null }],
    ["for a service without refill", "REFILL_NOT_SUPPORTED", { service_type: "likes" }],
  ] as const)("refuses a refill %s: its message, nothing changed, no panel call", async (_, reason, change) => {
    await setUp();
    const { service_type, ...rest } = change as Partial<NewOrderRow>;
    const order = await deliveredOrder(service_type ? { service_type } : {});
    if (Object.keys(rest).length > 0) {
      await services.db.updateTable("orders").set(rest).where("order_id", "=", order.order_id).execute();
    }
    const before = await snapshot(order.order_id);
    sim.panel.clearLog();
    const refused = await refusal(requestOrderRefill(services, order.order_id, BUYER));
    expect(refused.reason).toBe(reason);
    expect(refused.message).toBe(REFILL_REFUSAL_TEXT[reason]);
    expect(refused.status).toBe(409);
    expect(await snapshot(order.order_id)).toEqual(before);
    expect(sim.panel.count("refill")).toBe(0);
    expect(await services.db.selectFrom("order_panel_requests").selectAll().execute()).toEqual([]);
  });

  it.each([
    ["an error", "REFILL_PANEL_REFUSED", 502, { errors: { refill: "Refill is disabled" } }],
    ["nothing (timeout)", "REFILL_PANEL_NO_ANSWER", 504, { latencyMs: 1_000 }],
  ] as const)(
    "when the panel answers %s to a refill: a clear message, order unchanged, one call",
    async (_, reason, status, switches) => {
      await setUp();
      const order = await deliveredOrder();
      const before = await snapshot(order.order_id);
      sim.panel.clearLog();
      sim.panel.setSwitches(switches);
      const refused = await refusal(requestOrderRefill(services, order.order_id, BUYER));
      expect(refused).toEqual({ reason, status, message: REFILL_REFUSAL_TEXT[reason] });
      expect(sim.panel.count("refill")).toBe(1);
      expect(await snapshot(order.order_id)).toEqual(before);
      // It does not count against the day's one request, and the history says what happened.
      sim.panel.resetSwitches();
      expect((await selfServiceView(services, order)).canRefill).toBe(true);
      const actions = (await auditTrailFor(services.db, "order", order.order_id)).map((e) => e.action);
      expect(actions).toContain("order.refillFailed");
    },
  );

  it("sends a drip-feed order with runs and interval, each run's quantity, and shows the runs done", async () => {
    await setUp();
    const order = await placedOrder({ service_type: "likes", quantity: 600, drip_runs: 3, drip_interval_minutes: 30 });
    expect(sim.panel.requests("add")[0]!.params).toMatchObject({ quantity: "200", runs: "3", interval: "30" });
    expect(sim.panel.order(order.panel_order_id!)?.quantity).toBe(600);
    await services.db
      .updateTable("orders")
      .set({ status: "delivering", panel_remains: 400 })
      .where("id", "=", order.id)
      .execute();
    const view = await selfServiceView(services, (await findOrder(services.db, order.order_id))!);
    expect(view.drip).toMatchObject({ runs: 3, done: 1, intervalMinutes: 30 });
    expect(view.drip!.nextRunAt).toBeGreaterThanOrEqual(order.panel_placed_at! + 30 * 60_000 - 1);
  });

  it("allows a drip-feed plan only where the panel service supports drip-feed", async () => {
    await setUp();
    const base = {
      name: "Slow Likes",
      amount: 600,
      price: 9_900,
      tags: [],
      refillDays: 0,
      dripRuns: 3,
      dripInterval: 30,
    };
    const plan = await createPlan(services.db, "owner", { ...base, serviceType: "likes" });
    expect(plan).toMatchObject({ drip_runs: 3, drip_interval_minutes: 30 });
    const refused = await refusal(createPlan(services.db, "owner", { ...base, serviceType: "followers" }));
    expect(refused.status).toBe(400);
    expect(await services.db.selectFrom("plans").select("name").execute()).toHaveLength(1);
  });

  it("cancels a paid order the panel has not started: refund due, one panel call, in the history", async () => {
    await setUp();
    const order = await placedOrder();
    expect((await selfServiceView(services, order)).canCancel).toBe(true);
    const results = await Promise.allSettled([
      cancelBeforeDelivery(services, order.order_id, BUYER),
      cancelBeforeDelivery(services, order.order_id, BUYER),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(sim.panel.count("cancel")).toBe(1);
    const after = (await findOrder(services.db, order.order_id))!;
    expect(after).toMatchObject({ status: "refund_due", panel_status: "cancelled" });
    expect(after.refund_due_paise).toBe(Math.round(34_900 * 0.95));
    const actions = (await auditTrailFor(services.db, "order", order.order_id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["order.cancelRequested", "order.cancelBeforeDelivery"]));
  });

  it.each([
    ["once delivery started", "CANCEL_NOT_PENDING", 409, {}, { status: "delivering", panel_status: "in_progress" }],
    ["for a service without cancel", "CANCEL_NOT_SUPPORTED", 409, {}, { service_type: "views" }],
    ["when the panel refuses", "CANCEL_PANEL_REFUSED", 502, { errors: { cancel: "Cannot cancel" } }, {}],
    ["when the panel does not answer", "CANCEL_PANEL_NO_ANSWER", 504, { latencyMs: 1_000 }, {}],
  ] as const)(
    "refuses a cancel %s: its message, nothing changed, at most one panel call",
    async (_, reason, status, switches, change) => {
      await setUp();
      const { service_type, ...rest } = change as Partial<NewOrderRow>;
      const order = await placedOrder(service_type ? { service_type, quantity: 1000 } : {});
      if (Object.keys(rest).length > 0) {
        await services.db.updateTable("orders").set(rest).where("id", "=", order.id).execute();
      }
      const before = await snapshot(order.order_id);
      sim.panel.clearLog();
      sim.panel.setSwitches(switches);
      const refused = await refusal(cancelBeforeDelivery(services, order.order_id, BUYER));
      expect(refused).toEqual({ reason, status, message: CANCEL_REFUSAL_TEXT[reason] });
      expect(sim.panel.count("cancel")).toBeLessThanOrEqual(1);
      if (reason.startsWith("CANCEL_NOT")) expect(sim.panel.count("cancel")).toBe(0);
      expect(await snapshot(order.order_id)).toEqual(before);
    },
  );

  // Security round 3 (own review): a refused or unanswered request did not count, so whoever had an order's id
  // and phone could make the shop call the panel (and write to the audit log) without end, 30 times a minute
  // per address through /track.
  it("takes at most 5 refill and 5 cancel requests per order and hour from the buyer, answered or not", async () => {
    await setUp();
    const delivered = await deliveredOrder();
    const placed = await placedOrder();
    sim.panel.clearLog();
    sim.panel.setSwitches({ errors: { refill: "Refill is disabled", cancel: "Cannot cancel" } });
    for (let i = 0; i < 5; i++) {
      expect((await refusal(requestOrderRefill(services, delivered.order_id, BUYER))).reason).toBe(
        "REFILL_PANEL_REFUSED",
      );
      expect((await refusal(cancelBeforeDelivery(services, placed.order_id, BUYER))).reason).toBe(
        "CANCEL_PANEL_REFUSED",
      );
    }
    expect(await refusal(requestOrderRefill(services, delivered.order_id, BUYER))).toEqual({
      reason: "REFILL_UNAVAILABLE",
      status: 503,
      message: REFILL_REFUSAL_TEXT.REFILL_UNAVAILABLE,
    });
    expect(await refusal(cancelBeforeDelivery(services, placed.order_id, BUYER))).toEqual({
      reason: "CANCEL_UNAVAILABLE",
      status: 503,
      message: CANCEL_REFUSAL_TEXT.CANCEL_UNAVAILABLE,
    });
    expect([sim.panel.count("refill"), sim.panel.count("cancel")]).toEqual([5, 5]);
    expect((await selfServiceView(services, delivered)).canRefill).toBe(false);
    // The operator is not held back by the buyer's attempts, and an hour later the buyer may ask again.
    const operator = { kind: "operator", name: "owner" } as const;
    expect((await refusal(cancelBeforeDelivery(services, placed.order_id, operator))).reason).toBe(
      "CANCEL_PANEL_REFUSED",
    );
    const later = Date.now() + 3_600_000 + 1_000;
    expect((await refusal(requestOrderRefill(services, delivered.order_id, BUYER, later))).reason).toBe(
      "REFILL_PANEL_REFUSED",
    );
    expect([sim.panel.count("refill"), sim.panel.count("cancel")]).toEqual([6, 6]);
  });
});
