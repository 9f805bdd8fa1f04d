import { afterEach, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { syncDueOrders } from "~/domain/fulfilment/delivery-sync.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { retryWaitingOrders } from "~/domain/fulfilment/placement-jobs.server";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import { listPanelServices } from "~/domain/panel/info.server";
import { createPlan, togglePlan, updatePlan } from "~/domain/plans/admin.server";
import { PLAN_COST_MESSAGES } from "~/domain/plans/plan-cost";
import { PLAN_SERVICE_MESSAGES, plansAtPanel } from "~/domain/plans/plan-costs.server";
import { SUPPORT_MESSAGES } from "~/domain/plans/plan-support";
import { testDatabases } from "../support/databases";
import { paidOrderFor } from "../support/shop-orders";
import { type PanelDouble, startPanelDouble } from "../support/panel-doubles";
import { DIALECT_SERVICES, panelShops } from "../support/panel-shop";
import { addTestPanel, panelAt } from "../support/panels";

/**
 * Two panels of different families (issue 32 point 2, ADR 0026): an Indian
 * PerfectPanel reseller (INR, "Reseller A", the default) and a SmartPanel
 * (USD at ₹85, "SmartPanel B"). Plans name their panel and service, and a
 * fallback on the other panel; the first panel's definite "no" for funds or
 * for the service sends the order to the fallback, once; an unknown outcome
 * never does. Each double counts its `add` calls.
 */

const ACTOR = { name: "owner" };
const AUTO = { kind: "system", job: "auto-send" } as const;
const MINUTE = 60_000;

describe.each(testDatabases())("a plan's fallback on another panel on $name", (kind) => {
  const shop = panelShops(kind);
  let services: AppServices;
  let a: PanelDouble;
  let b: PanelDouble;
  let aId: number;
  let bId: number;
  let closeB: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await closeB?.();
    closeB = null;
  });

  async function setUp({ balanceA, balanceB }: { balanceA?: number; balanceB?: number } = {}) {
    const made = await shop("indian", {
      ...(balanceA === undefined ? {} : { balance: balanceA }),
      alerts: true,
      config: { PANEL_TIMEOUT_MS: 400, PANEL_RETRY_BASE_MS: 30_000 },
      settings: { upiId: "shop@okaxis", merchantName: "Shop" },
      panel: { name: "Reseller A" },
    });
    services = made.services;
    a = made.panel;
    b = await startPanelDouble("smartpanel", balanceB === undefined ? {} : { balance: balanceB });
    closeB = () => b.close();
    aId = (await services.db.selectFrom("panels").select("id").where("name", "=", "Reseller A").executeTakeFirst())!.id;
    bId = await addTestPanel(services.db, {
      ...panelAt(b.apiUrl, b.apiKey, DIALECT_SERVICES.smartpanel),
      name: "SmartPanel B",
      currency: "USD",
      inr_rate: "85",
    });
    expect((await listPanelServices(services, { panelId: aId })).ok).toBe(true);
    expect((await listPanelServices(services, { panelId: bId })).ok).toBe(true);
  }

  /** Indian followers at A (1201, ₹95 per 1000), falling back to SmartPanel's followers (31, $1.25 = ₹106.25). */
  const followers = (over: Partial<Parameters<typeof createPlan>[2]> = {}) => ({
    serviceType: "followers" as const,
    name: "Followers",
    amount: 1000,
    price: 14_900,
    tags: [],
    panelId: aId,
    panelServiceId: "1201",
    fallbackPanelId: bId,
    fallbackServiceId: "31",
    ...over,
  });

  const alerts = async () =>
    (await services.db.selectFrom("alert_outbox").select(["event", "facts"]).orderBy("id").execute()).map((a) => ({
      event: a.event,
      ...(JSON.parse(a.facts) as { title: string; lines: string[] }),
    }));

  it("places at the fallback panel, once, when the plan's panel has no funds; the order then asks that panel", async () => {
    await setUp({ balanceA: 0 });
    const plan = await createPlan(services.db, ACTOR, followers());
    const order = await paidOrderFor(services, plan.id);
    // The order keeps its plan's panels from checkout.
    expect(order).toMatchObject({ panel_id: aId, fallback_panel_id: bId, fallback_service_id: "31" });

    const sent = await sendToPanel(services, order.order_id, { actor: AUTO });
    expect(sent).toMatchObject({ status: "sent", panel_id: bId, panel_service_id: "31" });
    expect(a.count("add")).toBe(1);
    expect(b.count("add")).toBe(1);
    expect(b.orders()).toHaveLength(1);
    expect(b.orders()[0]).toMatchObject({ link: "https://www.instagram.com/priya.bakes/", quantity: 1000 });
    expect(String(b.orders()[0]!.id)).toBe(sent.panel_order_id);

    // Both attempts are on the history: what the first panel said, what was sent to the second.
    const history = await auditTrailFor(services.db, "order", order.order_id);
    const placed = history.find((e) => e.action === "order.placed")!;
    expect(placed.details).toContain("neworder.error.not_enough_funds");
    expect(placed.details).toContain(`"panelId":${bId}`);
    expect(placed.details).toContain('"service":"31"');

    // Status sync asks the panel that has it, not the plan's first panel.
    const statusA = a.count("status");
    b.advance(60 * MINUTE);
    await syncDueOrders(services, { now: () => Date.now() + 2 * 60 * MINUTE });
    expect(b.count("status")).toBeGreaterThan(0);
    expect(a.count("status")).toBe(statusA);
    expect((await findOrder(services.db, order.order_id))!.panel_id).toBe(bId);
  });

  it("places at the fallback when the plan's panel refuses the service (gone or out of stock)", async () => {
    await setUp();
    const plan = await createPlan(services.db, ACTOR, followers());
    // The reseller stops selling 1201 after the plan was made.
    a.services.splice(
      a.services.findIndex((s) => s.service === 1201),
      1,
    );
    const order = await paidOrderFor(services, plan.id);
    const sent = await sendToPanel(services, order.order_id, { actor: AUTO });
    expect(sent).toMatchObject({ status: "sent", panel_id: bId, panel_service_id: "31" });
    expect([a.count("add"), b.count("add")]).toEqual([1, 1]);
  });

  it("never falls through after an unknown outcome: the first panel may have the order", async () => {
    await setUp();
    const plan = await createPlan(services.db, ACTOR, followers());
    a.setFault({ kind: "error-after-create", namesOrder: false });
    const order = await paidOrderFor(services, plan.id);
    const unknown = await sendToPanel(services, order.order_id, { actor: AUTO });
    expect(unknown).toMatchObject({ status: "placement_unknown", panel_id: aId });
    expect(a.orders()).toHaveLength(1);
    expect(b.count("add")).toBe(0);
    // Nor does the job send it anywhere.
    expect(await retryWaitingOrders(services, Date.now() + 60 * MINUTE)).toBe(0);
    expect([a.count("add"), b.count("add")]).toEqual([1, 0]);
  });

  it("waits at its own panel when both lack funds, the alert naming it; a top-up there sends it there", async () => {
    await setUp({ balanceA: 0, balanceB: 0 });
    const plan = await createPlan(services.db, ACTOR, followers());
    const order = await paidOrderFor(services, plan.id);
    const start = Date.now();
    const waiting = await sendToPanel(services, order.order_id, { actor: AUTO, now: () => start });
    expect(waiting).toMatchObject({
      status: "waiting_panel",
      panel_wait_reason: "funds",
      panel_id: aId,
      panel_service_id: "1201",
    });
    expect([a.count("add"), b.count("add")]).toEqual([1, 1]);
    const [alert] = (await alerts()).filter((x) => x.event === "placement_problem");
    expect(alert!.title).toBe(`Top up your balance at Reseller A: order ${order.order_id} waits for it`);
    const deferred = (await auditTrailFor(services.db, "order", order.order_id)).find(
      (e) => e.action === "order.placementDeferred",
    )!;
    expect(deferred.details).toContain('"fallback"');

    a.topUp(1000);
    expect(await retryWaitingOrders(services, start + 60 * MINUTE)).toBe(1);
    const sent = (await findOrder(services.db, order.order_id))!;
    expect(sent).toMatchObject({ status: "sent", panel_id: aId, panel_service_id: "1201" });
    expect([a.count("add"), b.count("add")]).toEqual([2, 1]);
  });

  it("a panel that is down holds back only its own waiting orders in a retry round", async () => {
    await setUp();
    const atA = await createPlan(services.db, ACTOR, followers({ fallbackServiceId: null }));
    const atB = await createPlan(
      services.db,
      ACTOR,
      followers({ name: "Global", panelId: bId, panelServiceId: "31", fallbackServiceId: null }),
    );
    const start = Date.now();
    await a.pause();
    await b.pause();
    // Two waiting at A, then one at B: each was sent once while its panel was down.
    const waiting = [
      await paidOrderFor(services, atA.id),
      await paidOrderFor(services, atA.id),
      await paidOrderFor(services, atB.id),
    ];
    for (const order of waiting) {
      expect(await sendToPanel(services, order.order_id, { actor: AUTO, now: () => start })).toMatchObject({
        status: "waiting_panel",
        panel_wait_reason: "down",
      });
    }
    await b.resume();
    // A is still down: its first order is tried and its second is left for the next round; B's goes.
    expect(await retryWaitingOrders(services, start + 60 * MINUTE)).toBe(1);
    expect(b.count("add")).toBe(1);
    // (Which of A's two comes first in the round depends on each one's backoff jitter.)
    const attemptsAtA = await Promise.all(
      waiting.slice(0, 2).map(async (o) => (await findOrder(services.db, o.order_id))!.panel_attempts),
    );
    expect(attemptsAtA.sort()).toEqual([1, 2]);
    expect((await findOrder(services.db, waiting[2]!.order_id))!.status).toBe("sent");
    await a.resume();
  });

  it("costs each plan at its own panel's rate, and flags it there", async () => {
    await setUp();
    // At B: 1000 followers cost $1.25 × ₹85 = ₹106.25.
    await expect(
      createPlan(
        services.db,
        ACTOR,
        followers({ panelId: bId, panelServiceId: "31", fallbackServiceId: null, price: 9_900 }),
      ),
    ).rejects.toMatchObject({ message: PLAN_COST_MESSAGES.belowCost(10_625), details: { field: "price" } });
    // The same price is fine at A (₹95).
    const atA = await createPlan(services.db, ACTOR, followers({ fallbackServiceId: null, price: 9_900 }));
    const atB = await createPlan(
      services.db,
      ACTOR,
      followers({
        name: "Global",
        panelId: bId,
        panelServiceId: "31",
        fallbackPanelId: aId,
        fallbackServiceId: "1201",
      }),
    );
    const [costA, costB] = await plansAtPanel(services.db, [atA, atB]);
    expect(costA).toMatchObject({ panelName: "Reseller A", serviceId: "1201", cost: { costPaise: 9_500 } });
    expect(costB).toMatchObject({
      panelName: "SmartPanel B",
      serviceId: "31",
      cost: { costPaise: 10_625, marginPaise: 4_275 },
      fallback: { panelName: "Reseller A", serviceId: "1201", cost: { costPaise: 9_500 } },
    });
    // A service is looked up in its own panel's list; B has no 1201.
    await expect(updatePlan(services.db, ACTOR, atB.id, { ...followers(), panelId: bId })).rejects.toMatchObject({
      message: PLAN_SERVICE_MESSAGES.unknown("1201", "SmartPanel B"),
      details: { field: "panelServiceId" },
    });
    // B's followers have no refill: a plan promising one cannot fall back there.
    await expect(createPlan(services.db, ACTOR, followers({ name: "Refill", refillDays: 30 }))).rejects.toMatchObject({
      message: SUPPORT_MESSAGES.refill,
    });
    // Quantity outside B's min/max (100 to 10,000) for a disabled plan: it cannot be enabled.
    await togglePlan(services.db, ACTOR, atB.id);
    await updatePlan(services.db, ACTOR, atB.id, {
      ...followers({ panelId: bId, panelServiceId: "31", fallbackServiceId: null }),
      name: "Global",
      amount: 15_000,
      price: 500_000,
    });
    await expect(togglePlan(services.db, ACTOR, atB.id)).rejects.toMatchObject({
      message: PLAN_COST_MESSAGES.cannotEnable(PLAN_COST_MESSAGES.quantity(100, 10_000)),
    });
    // A fallback must be somewhere else than the plan's own service.
    await expect(
      createPlan(services.db, ACTOR, followers({ name: "Same", fallbackPanelId: null, fallbackServiceId: "1201" })),
    ).rejects.toMatchObject({ message: PLAN_SERVICE_MESSAGES.sameFallback });
  });

  it("alerts, naming the panel, when a services refresh there breaks a plan's fallback", async () => {
    await setUp();
    const plan = await createPlan(services.db, ACTOR, followers());
    // SmartPanel B raises its followers' rate: $5 × ₹85 = ₹425 for 1000, above the ₹149 price.
    b.services.find((s) => s.service === 31)!.rate = 5;
    expect((await listPanelServices(services, { panelId: bId })).ok).toBe(true);
    const broken = (await alerts()).filter((x) => x.event === "plan_unsupported");
    expect(broken).toHaveLength(1);
    expect(broken[0]!.title).toBe(`Plan "${plan.name}" no longer fits its fallback service 31 at SmartPanel B`);
    // A's refresh leaves it alone: its own service there did not change.
    expect((await listPanelServices(services, { panelId: aId })).ok).toBe(true);
    expect((await alerts()).filter((x) => x.event === "plan_unsupported")).toHaveLength(1);
  });
});
