import { describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { trackedOrder } from "~/domain/orders/order-tracking.server";
import { checkUnknownPlacements, syncDueOrders } from "~/domain/fulfilment/delivery-sync.server";
import type { OrderAction } from "~/domain/orders/order-actions";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { retryWaitingOrders } from "~/domain/fulfilment/placement-jobs.server";
import { sendPaidBacklog } from "~/domain/fulfilment/placement-jobs.server";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import type { NewOrderRow } from "~/domain/orders/table";
import { isAppError } from "~/lib/app-error";
import { httpStatusOf } from "~/lib/server/api.server";
import { testDatabases } from "../support/databases";
import { panelShops } from "../support/panel-shop";
import { makeOrder } from "../support/orders";
import { type PanelDialect, type PanelDouble } from "../support/panel-doubles";

/**
 * Placing paid orders with each panel family when the panel has a bad moment
 * (docs/order-lifecycle.md, "Waiting for the panel" and "Never twice without
 * knowing"). Time is driven: the retry job is run "later" by passing its clock.
 */

const TIMEOUT_MS = 400;
const BASE_MS = 30_000;
const AUTO = { kind: "system", job: "auto-send" } as const;
const MINUTE = 60_000;

type Outcome = { ok: true; message: string } | { ok: false; status: number; message: string };

describe.each(testDatabases())("placing orders through a panel's bad moments on $name", (kind) => {
  const shop = panelShops(kind);
  let services: AppServices;
  let panel: PanelDouble | undefined;

  async function setUp(dialect: PanelDialect, balance?: number) {
    ({ services, panel } = await shop(dialect, {
      ...(balance === undefined ? {} : { balance }),
      config: { PANEL_TIMEOUT_MS: TIMEOUT_MS, PANEL_RETRY_BASE_MS: BASE_MS },
      alerts: true,
    }));
    return panel;
  }

  const paid = (overrides: Partial<NewOrderRow> = {}) =>
    makeOrder(services.db, { status: "paid", paid_at: Date.now(), paid_by: "owner", ...overrides });
  const reload = async (orderId: string) => (await findOrder(services.db, orderId))!;
  const alerts = () =>
    services.db.selectFrom("alert_outbox").select(["event", "event_key", "facts"]).orderBy("id").execute();

  async function act(orderId: string, action: OrderAction): Promise<Outcome> {
    try {
      return { ok: true, message: (await runOrderAction(services, { name: "owner" }, orderId, action)).message };
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { ok: false, status: httpStatusOf(error.code), message: error.message };
    }
  }

  it.each<PanelDialect>(["perfectpanel", "indian", "smartpanel"])(
    "a %s panel down for 2 minutes delays an order, then it is delivered without the operator",
    async (dialect) => {
      const double = await setUp(dialect);
      const start = Date.now();
      const order = await paid({ target: "priya.bakes", quantity: 1000 });
      await double.pause();

      // Sent automatically after the payment: the panel refuses connections, so nothing was placed.
      const first = await sendToPanel(services, order.order_id, { actor: AUTO, now: () => start });
      expect(first).toMatchObject({ status: "waiting_panel", panel_wait_reason: "down", panel_attempts: 1 });
      expect(first.panel_retry_at! - start).toBeGreaterThanOrEqual(BASE_MS * 0.8);
      expect(first.panel_error).toBe("Could not connect to the SMM panel (ECONNREFUSED)");
      // The buyer reads "delayed", and is owed nothing: the order is alive.
      expect(trackedOrder(first).view.stage).toBe("delayed");
      expect(first.refund_due_paise).toBeNull();
      const [alert] = await alerts();
      expect(alert).toMatchObject({
        event: "placement_problem",
        event_key: `placementDeferred:${order.order_id}:down`,
      });
      expect(JSON.parse(alert!.facts)).toMatchObject({
        title: `Order ${order.order_id} waits: ${new URL(double.apiUrl).host} is not answering`,
      });

      // Not yet due: the job leaves it alone.
      expect(await retryWaitingOrders(services, start + 1_000)).toBe(0);
      // Due, still down: tried again, waits twice as long.
      expect(await retryWaitingOrders(services, start + 1 * MINUTE)).toBe(0);
      const second = await reload(order.order_id);
      expect(second).toMatchObject({ status: "waiting_panel", panel_attempts: 2 });
      expect(second.panel_retry_at! - (start + MINUTE)).toBeGreaterThanOrEqual(2 * BASE_MS * 0.8);

      // Two minutes on, the panel is back; the next due retry places it.
      await double.resume();
      expect(await retryWaitingOrders(services, start + 5 * MINUTE)).toBe(1);
      const sent = await reload(order.order_id);
      expect(sent).toMatchObject({ status: "sent", panel_wait_reason: null, panel_retry_at: null, panel_attempts: 3 });
      expect(double.count("add")).toBe(1);
      expect(double.orders()).toHaveLength(1);
      expect(double.order(sent.panel_order_id!)?.link).toBe("https://www.instagram.com/priya.bakes/");

      // And it is delivered, the status sync following the panel.
      double.advance(2 * 60 * MINUTE);
      await services.db.updateTable("orders").set({ panel_next_sync_at: 0 }).execute();
      await syncDueOrders(services);
      expect(await reload(order.order_id)).toMatchObject({ status: "delivered", refund_due_paise: null });

      // Nobody but the shop moved it: every attempt is on its history.
      const history = await auditTrailFor(services.db, "order", order.order_id);
      expect(history.every((e) => e.actor === "system:auto-send" || e.actor === "system:status-sync")).toBe(true);
      expect(history.filter((e) => e.action === "order.send")).toHaveLength(3);
      expect(history.filter((e) => e.action === "order.placementDeferred")).toHaveLength(2);
      // One alert for the wait, not one per retry.
      expect((await alerts()).filter((a) => a.event === "placement_problem")).toHaveLength(1);
    },
  );

  it.each<PanelDialect>(["perfectpanel", "indian", "smartpanel"])(
    "a %s panel out of funds: the order waits, the operator is asked to top up, and it goes through after the top-up",
    async (dialect) => {
      const double = await setUp(dialect, 0.5);
      const start = Date.now();
      const order = await paid({ target: "priya.bakes", quantity: 1000 });
      const waiting = await sendToPanel(services, order.order_id, { actor: AUTO, now: () => start });
      expect(waiting).toMatchObject({ status: "waiting_panel", panel_wait_reason: "funds", refund_due_paise: null });
      expect(trackedOrder(waiting).view.stage).toBe("delayed");
      const topUp = (await alerts()).find((a) => a.event_key.startsWith("panel_funds:"));
      expect(JSON.parse(topUp!.facts)).toMatchObject({
        // The alert names the panel to top up (the test shop's panel is named by its URL's host).
        title: `Top up your balance at ${new URL(double.apiUrl).host}: order ${order.order_id} waits for it`,
        lines: expect.arrayContaining([
          "Top up your panel balance: the order is sent by itself once the panel takes it.",
        ]) as string[],
      });
      expect(toAdminOrderJson(waiting).smmPanel.wait).toMatchObject({ reason: "funds" });

      // Still short of funds at the next try: it keeps waiting, and the operator is not asked again today.
      expect(await retryWaitingOrders(services, start + MINUTE)).toBe(0);
      expect((await alerts()).filter((a) => a.event_key.startsWith("panel_funds:"))).toHaveLength(1);
      expect(double.orders()).toHaveLength(0);

      double.topUp(10_000);
      expect(await retryWaitingOrders(services, start + 10 * MINUTE)).toBe(1);
      expect(await reload(order.order_id)).toMatchObject({ status: "sent", refund_due_paise: null });
      expect(double.orders()).toHaveLength(1);
    },
  );

  it("an unknown placement is never doubled by Retry: the operator must have checked the panel's order list", async () => {
    const double = await setUp("perfectpanel");
    const order = await paid({ target: "priya.bakes" });
    // The panel creates the order, then fails with HTTP 500 and a JSON error.
    double.setFault({ kind: "error-after-create", namesOrder: false });
    expect(await act(order.order_id, { intent: "place", unpaid: false })).toMatchObject({ ok: false, status: 504 });
    double.setFault({ kind: "none" });
    const unknown = await reload(order.order_id);
    expect(unknown).toMatchObject({ status: "placement_unknown", panel_order_id: null });
    expect(trackedOrder(unknown).view.stage).toBe("on_hold");
    expect(double.orders()).toHaveLength(1);

    // A click alone, twenty of them at once, the jobs: nothing is sent.
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () => act(order.order_id, { intent: "retry", checked: false })),
    );
    expect(clicks.every((c) => !c.ok && c.status === 409)).toBe(true);
    expect(clicks[0]!.message).toMatch(/Look for it in the panel's order list first/);
    await retryWaitingOrders(services, Date.now() + 60 * MINUTE);
    await sendPaidBacklog(services, Date.now() + 60 * MINUTE, 0);
    await checkUnknownPlacements(services);
    expect(double.count("add")).toBe(1);
    expect((await reload(order.order_id)).status).toBe("placement_unknown");

    // What the operator is shown to check against: what was sent, when, and the panel's order list.
    const view = toAdminOrderJson(await reload(order.order_id)).smmPanel.lastRequest;
    expect(view).toMatchObject({
      url: double.apiUrl,
      service: "1",
      link: "https://www.instagram.com/priya.bakes/",
      quantity: 1000,
      ordersPage: `${double.origin}/orders`,
    });
    expect(Date.parse(view!.at!)).toBeLessThanOrEqual(Date.now());

    // Suppose the panel's staff had deleted it: the operator looks, does not find it, and confirms. Sent once.
    double.remove(double.orders()[0]!.id);
    const confirmed = await Promise.all([
      act(order.order_id, { intent: "retry", checked: true }),
      act(order.order_id, { intent: "retry", checked: true }),
    ]);
    expect(confirmed.filter((c) => c.ok)).toHaveLength(1);
    expect(double.count("add")).toBe(2);
    const history = await auditTrailFor(services.db, "order", order.order_id);
    const sends = history.filter((e) => e.action === "order.send");
    expect(sends).toHaveLength(2);
    expect(JSON.parse(sends[0]!.details ?? "{}")).toMatchObject({
      reason: "sent to the SMM panel again: the operator checked the panel's order list and it was not there",
    });
    expect(history.filter((e) => e.action === "order.retry" && e.details?.includes("failed"))).toHaveLength(21);
  });

  it("finds an order of unknown outcome where the panel's reply named it, instead of sending it again", async () => {
    const double = await setUp("indian");
    // The reply is cut off after the order id, and the panel is too broken at that moment to answer a status call.
    double.setFault({ kind: "truncated" });
    const order = await paid({ service_type: "likes", target: "https://www.instagram.com/p/Cx1/", quantity: 100 });
    const unknown = await sendToPanel(services, order.order_id, { actor: AUTO });
    expect(unknown.status).toBe("placement_unknown");
    const named = toAdminOrderJson(unknown).smmPanel.lastRequest?.replyOrderId;
    expect(named).toMatch(/^\d+$/);

    // Once the panel answers again, the status sync asks it about that id and finds the order.
    double.setFault({ kind: "none" });
    expect(await checkUnknownPlacements(services)).toBe(1);
    expect(await reload(order.order_id)).toMatchObject({ status: "sent", panel_order_id: named });
    expect(double.count("add")).toBe(1);

    // A reply with PHP warnings before its JSON is still an answer: placed, not unknown.
    double.setFault({ kind: "php-warnings" });
    const other = await paid({ service_type: "likes", target: "https://www.instagram.com/p/Cx2/", quantity: 100 });
    expect(await sendToPanel(services, other.order_id, { actor: AUTO })).toMatchObject({ status: "sent" });
  });

  it("stops a paid order the panel refuses for the operator; fixed, it goes on Retry, once", async () => {
    const double = await setUp("indian");
    // The reseller insists on full links: a post link without its scheme is refused outright.
    const order = await paid({ service_type: "likes", target: "instagram.com/p/Cx1/", quantity: 100 });
    const refused = await sendToPanel(services, order.order_id, { actor: AUTO });
    expect(refused).toMatchObject({
      status: "failed",
      panel_error: "neworder.error.invalid_link",
      refund_due_paise: null,
    });
    expect(trackedOrder(refused).view.stage).toBe("on_hold");
    expect(JSON.parse((await alerts()).at(-1)!.facts)).toMatchObject({
      title: `${new URL(double.apiUrl).host} refused order ${order.order_id}`,
    });
    // The jobs never send a refused order again by themselves.
    await retryWaitingOrders(services, Date.now() + 60 * MINUTE);
    expect(double.count("add")).toBe(1);

    await services.db
      .updateTable("orders")
      .set({ target: "https://www.instagram.com/p/Cx1/" })
      .where("id", "=", order.id)
      .execute();
    expect(await act(order.order_id, { intent: "retry", checked: false })).toEqual({
      ok: true,
      message: "Order sent to the SMM panel",
    });
    expect(double.orders()).toHaveLength(1);
  });

  it("lets the operator stop a waiting order with a refund, and sends a waiting order at once on request", async () => {
    const double = await setUp("smartpanel");
    double.setFault({ kind: "page", status: 502, page: "nginx" });
    const first = await paid({ target: "a.one" });
    const second = await paid({ target: "b.two" });
    await sendToPanel(services, first.order_id, { actor: AUTO });
    await sendToPanel(services, second.order_id, { actor: AUTO });
    expect((await reload(first.order_id)).status).toBe("waiting_panel");

    expect(await act(first.order_id, { intent: "cancel", byBuyer: false })).toEqual({
      ok: true,
      message: "Order stopped; the refund is due to the buyer",
    });
    // The shop stopped it: everything paid comes back, and the 5% cancellation fee on top (issue 51, fair fees).
    const compensation = Math.round((first.price_paise * 5) / 100);
    expect(await reload(first.order_id)).toMatchObject({
      status: "refund_due",
      refund_due_paise: first.price_paise + compensation,
      refund_compensation_paise: compensation,
      cancelled_by: "shop",
    });

    double.setFault({ kind: "none" });
    // "Send to panel now", before the backoff is over (the panel was topped up, say).
    expect(await act(second.order_id, { intent: "retry", checked: false })).toEqual({
      ok: true,
      message: "Order sent to the SMM panel",
    });
    expect(double.orders().map((o) => o.link)).toEqual(["https://www.instagram.com/b.two/"]);
  });

  it("honours a panel's Retry-After, and a panel answering in 60 s loses no order", async () => {
    const double = await setUp("perfectpanel");
    double.setFault({ kind: "rate-limited", retryAfterSeconds: 600 });
    const start = Date.now();
    const order = await paid({ target: "slow.down" });
    const waiting = await sendToPanel(services, order.order_id, { actor: AUTO, now: () => start });
    expect(waiting).toMatchObject({ status: "waiting_panel", panel_wait_reason: "busy" });
    expect(waiting.panel_retry_at! - start).toBeGreaterThanOrEqual(600_000);

    // A panel that takes 60 s: the shop gives up after its timeout (here 0.4 s) and keeps the order for checking.
    double.setFault({ kind: "slow", ms: 60_000, before: true });
    const slow = await paid({ target: "very.slow" });
    expect(await sendToPanel(services, slow.order_id, { actor: AUTO })).toMatchObject({ status: "placement_unknown" });
    expect(await reload(slow.order_id)).toMatchObject({
      status: "placement_unknown",
      customer_phone: slow.customer_phone,
    });
  });
});
