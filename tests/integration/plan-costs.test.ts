import { describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import { listPanelServices } from "~/domain/panel/info.server";
import { createPlan, togglePlan, updatePlan } from "~/domain/plans/admin.server";
import { PLAN_COST_MESSAGES } from "~/domain/plans/plan-cost";
import { PLAN_SERVICE_MESSAGES, plansAtPanel } from "~/domain/plans/plan-costs.server";
import { testDatabases } from "../support/databases";
import { paidOrderFor } from "../support/shop-orders";
import { panelShops } from "../support/panel-shop";

/**
 * A service per plan, and what it costs there (issue 32, point 2), against an
 * Indian PerfectPanel reseller (INR, tests/support/panel-doubles.ts): a plan
 * names its panel service from the panel's list; the operator sees its cost
 * and margin in rupees; a plan priced below its cost, or for a quantity the
 * service does not take, cannot be enabled; its orders go to its service; a
 * services refresh that raises the cost above the price alerts the operator.
 */

const ACTOR = { name: "owner" };
const AUTO = { kind: "system", job: "auto-send" } as const;

// The double's Indian followers service 1201: ₹95 per 1000, 100 to 20,000; and a cheaper global one, added below.
const GLOBAL_FOLLOWERS = {
  service: 1290,
  name: "IG Followers [Global] [No Refill]",
  type: "Default",
  category: "Instagram Followers",
  rate: 38,
  min: 50,
  max: 10_000,
  refill: false,
  cancel: false,
  dripfeed: false,
};
const followers = (over: Partial<Parameters<typeof createPlan>[2]> = {}) => ({
  serviceType: "followers" as const,
  name: "Indian Followers",
  amount: 1000,
  price: 14_900,
  tags: [],
  panelServiceId: "1201",
  ...over,
});

describe.each(testDatabases())("plans at their panel service on $name", (kind) => {
  const shop = panelShops(kind);
  let services: AppServices;

  async function setUp({ fetchList = true } = {}) {
    const made = await shop("indian", {
      alerts: true,
      settings: { upiId: "shop@okaxis", merchantName: "Shop" },
      panel: { service_followers: "1201" },
    });
    made.panel.services.push({ ...GLOBAL_FOLLOWERS });
    services = made.services;
    if (fetchList) expect((await listPanelServices(services)).ok).toBe(true);
    return made.panel;
  }

  const refused = (promise: Promise<unknown>) => expect(promise).rejects.toMatchObject({ code: "INVALID_INPUT" });

  it("names a service from the panel's list, and refuses one the list does not have", async () => {
    const panelName = new URL((await setUp({ fetchList: false })).apiUrl).host;
    await expect(createPlan(services.db, ACTOR, followers())).rejects.toMatchObject({
      message: PLAN_SERVICE_MESSAGES.noList(panelName),
      details: { field: "panelServiceId" },
    });
    expect((await listPanelServices(services)).ok).toBe(true);
    await expect(createPlan(services.db, ACTOR, followers({ panelServiceId: "9999" }))).rejects.toMatchObject({
      message: `Service 9999 is not in ${panelName}'s services list`,
      details: { field: "panelServiceId" },
    });
    const plan = await createPlan(services.db, ACTOR, followers());
    expect(plan.panel_service_id).toBe("1201");
    expect(await services.db.selectFrom("plans").select("id").execute()).toHaveLength(1);
  });

  it("shows each plan's cost at the panel and its margin in rupees", async () => {
    await setUp();
    const own = await createPlan(services.db, ACTOR, followers());
    // No service of its own: the one set in Settings for followers (1201 as well).
    const byType = await createPlan(
      services.db,
      ACTOR,
      followers({ panelServiceId: null, amount: 2500, price: 29_900 }),
    );
    const [a, b] = await plansAtPanel(services.db, [own, byType]);
    expect(a).toMatchObject({ serviceId: "1201", cost: { costPaise: 9_500, marginPaise: 5_400, problems: [] } });
    expect(a!.terms).toMatchObject({
      name: "IG Followers [Indian] [Refill 30 Days]",
      rate: "95",
      min: 100,
      max: 20_000,
    });
    expect(b).toMatchObject({ serviceId: "1201", cost: { costPaise: 23_750, marginPaise: 6_150 } });
  });

  it("refuses to enable a plan priced below its cost or for a quantity the service does not take", async () => {
    await setUp();
    await refused(createPlan(services.db, ACTOR, followers({ price: 9_000 })));
    await expect(createPlan(services.db, ACTOR, followers({ price: 9_000 }))).rejects.toMatchObject({
      message: PLAN_COST_MESSAGES.belowCost(9_500),
      details: { field: "price" },
    });
    await expect(createPlan(services.db, ACTOR, followers({ amount: 50_000, price: 900_000 }))).rejects.toMatchObject({
      message: "Quantity must be 100 to 20,000 for this panel service",
      details: { field: "amount" },
    });
    expect(await services.db.selectFrom("plans").select("id").execute()).toHaveLength(0);

    // An enabled plan keeps covering its cost; a disabled one may be saved below it, but not enabled.
    const plan = await createPlan(services.db, ACTOR, followers());
    await refused(updatePlan(services.db, ACTOR, plan.id, { ...followers(), price: 5_000 }));
    await togglePlan(services.db, ACTOR, plan.id);
    const cheap = await updatePlan(services.db, ACTOR, plan.id, { ...followers(), price: 5_000 });
    expect(cheap!.price_paise).toBe(5_000);
    await expect(togglePlan(services.db, ACTOR, plan.id)).rejects.toMatchObject({
      message: PLAN_COST_MESSAGES.cannotEnable(PLAN_COST_MESSAGES.belowCost(9_500)),
    });
    const row = await services.db.selectFrom("plans").selectAll().where("id", "=", plan.id).executeTakeFirstOrThrow();
    expect(row.is_enabled).toBe(0);
  });

  it("sends a plan's orders to its own service, kept on the order when the plan changes", async () => {
    const double = await setUp();
    // The plan names the global service; the Settings default for followers stays 1201.
    const plan = await createPlan(services.db, ACTOR, followers({ panelServiceId: "1290", price: 99_900 }));
    const order = await paidOrderFor(services, plan.id);
    expect(order.panel_service_id).toBe("1290");
    await updatePlan(services.db, ACTOR, plan.id, { ...followers(), price: 99_900 });
    expect((await sendToPanel(services, order.order_id, { actor: AUTO })).status).toBe("sent");
    const adds = double.calls.filter((c) => c.action === "add");
    expect(adds.map((c) => c.params.service)).toEqual(["1290"]);
  });

  it("alerts the operator when a refresh raises a plan's cost above its price", async () => {
    const double = await setUp();
    await createPlan(services.db, ACTOR, followers({ name: "Thin Margin Followers", price: 10_000 }));
    double.services.find((s) => s.service === 1201)!.rate = 120;
    expect((await listPanelServices(services)).ok).toBe(true);
    const alerts = await services.db
      .selectFrom("alert_outbox")
      .select("facts")
      .where("event", "=", "plan_unsupported")
      .execute();
    expect(alerts.map((a) => JSON.parse(a.facts) as { title: string; lines: string[] })).toEqual([
      expect.objectContaining({
        title: `Plan "Thin Margin Followers" no longer fits its service 1201 at ${new URL(double.apiUrl).host}`,
        lines: expect.arrayContaining([PLAN_COST_MESSAGES.belowCost(12_000)]) as string[],
      }),
    ]);
    // The same list again: no second alert.
    expect((await listPanelServices(services)).ok).toBe(true);
    expect(
      await services.db.selectFrom("alert_outbox").select("id").where("event", "=", "plan_unsupported").execute(),
    ).toHaveLength(1);
  });

  it("sends an order to the plan's fallback service when the panel refuses its service, once, in the history", async () => {
    const double = await setUp();
    await expect(
      createPlan(services.db, ACTOR, followers({ fallbackServiceId: "1201", name: "Same" })),
    ).rejects.toMatchObject({ message: PLAN_SERVICE_MESSAGES.sameFallback, details: { field: "fallbackServiceId" } });
    await expect(createPlan(services.db, ACTOR, followers({ fallbackServiceId: "777" }))).rejects.toMatchObject({
      message: `Service 777 is not in ${new URL(double.apiUrl).host}'s services list`,
      details: { field: "fallbackServiceId" },
    });
    // The fallback must keep the plan too: 15,000 is more than the global service takes.
    await expect(
      createPlan(services.db, ACTOR, followers({ fallbackServiceId: "1290", amount: 15_000, price: 200_000 })),
    ).rejects.toMatchObject({
      message: "Fallback service 1290: Quantity must be 50 to 10,000 for this panel service",
      details: { field: "fallbackServiceId" },
    });
    const plan = await createPlan(services.db, ACTOR, followers({ fallbackServiceId: "1290" }));

    const buy = async () => sendToPanel(services, (await paidOrderFor(services, plan.id)).order_id, { actor: AUTO });
    // The panel still has the Indian service: the order goes there, and only there.
    expect(await buy()).toMatchObject({ status: "sent", panel_service_id: "1201" });
    // The panel disables it: the next order is refused there and placed at the fallback, in the same send.
    double.services.splice(
      double.services.findIndex((s) => s.service === 1201),
      1,
    );
    const sent = await buy();
    expect(sent).toMatchObject({ status: "sent", panel_service_id: "1290" });
    expect(double.calls.filter((c) => c.action === "add").map((c) => c.params.service)).toEqual([
      "1201",
      "1201",
      "1290",
    ]);
    expect(JSON.parse(sent.panel_request!)).toMatchObject({ service: "1290" });
    const history = await services.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_id", "=", sent.order_id)
      .where("action", "=", "order.placed")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(history.details!)).toMatchObject({
      fallback: {
        from: { serviceId: "1201", refusal: expect.any(String) as string },
        to: { serviceId: "1290", sent: { service: "1290" } },
      },
    });
  });
});
