import { describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { afterCommitSettled } from "~/db/after-commit.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import { markStuckSends, syncDueOrders } from "~/domain/fulfilment/delivery-sync.server";
import { sendQueuedOrders } from "~/domain/fulfilment/placement-jobs.server";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import { waitingFor } from "~/domain/fulfilment/target-queue.server";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { connectOrderListeners } from "~/domain/order-events/subscribers.server";
import { TARGET_HELD_STATUSES } from "~/domain/orders/lifecycle";
import { trackedOrder } from "~/domain/orders/order-tracking.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import type { NewOrderRow } from "~/domain/orders/table";
import { targetKey } from "~/domain/orders/target-key";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { confirmPayment } from "~/domain/payments/payment.server";
import { createPlan } from "~/domain/plans/admin.server";
import { createSettingsCache } from "~/domain/settings/settings.server";
import { saveSettingsForm } from "~/domain/settings/admin.server";
import { isAppError } from "~/lib/app-error";
import { testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import { panelShops } from "../support/panel-shop";

/**
 * No overlapping orders at the SMM panel (issue 51, point 5; docs/panels.md): panels lose, without a refund,
 * a second order for a profile or post while one runs, so the shop holds the second one back, queued, and
 * sends it once the first finished, first paid first, exactly once, on both databases.
 */

const AUTO = { kind: "system", job: "auto-send" } as const;
const owner = { kind: "operator", name: "owner" } as const;
const HOUR = 3_600_000;

describe.each(testDatabases())("one order per target at the panel on $name", (kind) => {
  const shop = panelShops(kind);

  async function setUp(settings: Record<string, unknown> = {}) {
    const made = await shop("perfectpanel", {
      settings: { upiId: "shop@okaxis", merchantName: "Shop", autoSendPaidOrders: true, ...settings },
    });
    return made;
  }

  /** A paid followers order as checkout writes it (its target normalised), paid `paidAt`. */
  const paidOrder = (services: AppServices, target: string, paidAt: number, more: Partial<NewOrderRow> = {}) =>
    makeOrder(services.db, {
      target,
      target_key: targetKey(more.service_type ?? "followers", target),
      status: "paid",
      paid_at: paidAt,
      paid_by: "owner",
      ...more,
    });
  const reload = async (services: AppServices, orderId: string) => (await findOrder(services.db, orderId))!;

  /** The panel finishes everything it has, and the status sync hears it. */
  async function panelCompletes(services: AppServices, panel: { advance(ms: number): void }) {
    panel.advance(48 * HOUR);
    await services.db
      .updateTable("orders")
      .set({ panel_next_sync_at: 0 })
      .where("panel_order_id", "is not", null)
      .execute();
    await syncDueOrders(services);
  }

  const heldAtPanel = async (services: AppServices, key: string) =>
    services.db
      .selectFrom("orders")
      .select("order_id")
      .where("target_key", "=", key)
      .where("status", "in", TARGET_HELD_STATUSES)
      .execute();

  it("queues a second paid order for the same account, and places it once, after the first, in order of payment", async () => {
    const { services, panel } = await setUp();
    const t0 = Date.now() - 60_000;
    const first = await paidOrder(services, "priya.bakes", t0);
    expect((await sendToPanel(services, first.order_id, { actor: AUTO })).status).toBe("sent");

    // The same account typed another way, paid later, and one paid in between that reaches the sender last.
    const later = await paidOrder(services, "Priya.Bakes", t0 + 2_000);
    const between = await paidOrder(services, "priya.bakes", t0 + 1_000);
    const queued = await sendToPanel(services, later.order_id, { actor: AUTO });
    expect(queued.status).toBe("queued");
    expect((await sendToPanel(services, between.order_id, { actor: AUTO })).status).toBe("queued");
    expect(panel.count("add")).toBe(1);

    // The buyer reads why it waits; the operator sees what it waits for.
    expect(trackedOrder(queued).view.stage).toBe("queued");
    expect(await waitingFor(services.db, queued)).toEqual({ orderId: first.order_id, position: 2 });
    // Another account, or another service on the same account, is not held back.
    const other = await paidOrder(services, "rahul.k", t0 + 3_000);
    expect((await sendToPanel(services, other.order_id, { actor: AUTO })).status).toBe("sent");

    // While the first runs, the queue's sweep sends nothing.
    expect(await sendQueuedOrders(services)).toBe(0);
    expect(panel.count("add")).toBe(2);

    // The first completes: the one paid first goes, exactly once, however often the sweep runs.
    await panelCompletes(services, panel);
    expect((await reload(services, first.order_id)).status).toBe("delivered");
    expect(await sendQueuedOrders(services)).toBe(1);
    expect(await sendQueuedOrders(services)).toBe(0);
    expect((await reload(services, between.order_id)).status).toBe("sent");
    expect((await reload(services, later.order_id)).status).toBe("queued");
    expect(panel.count("add")).toBe(3);

    await panelCompletes(services, panel);
    expect(await sendQueuedOrders(services)).toBe(1);
    expect((await reload(services, later.order_id)).status).toBe("sent");
    expect(panel.orders().filter((o) => o.link === "https://www.instagram.com/priya.bakes/")).toHaveLength(2);
    expect(panel.orders().filter((o) => /priya\.bakes/i.test(o.link))).toHaveLength(3);
  });

  it("sends the next queued order by itself once the panel finished the one ahead (the order listener)", async () => {
    const { services, panel } = await setUp();
    connectOrderListeners(services);
    const post = "https://www.instagram.com/p/C8xYz12AbCd/";
    const first = await paidOrder(services, post, Date.now() - 5_000, { service_type: "likes" });
    await sendToPanel(services, first.order_id, { actor: AUTO });
    // A buyer pays for likes on the same reel, shared as a reel link: confirmed, the automatic sender queues it.
    const second = await makeOrder(services.db, {
      service_type: "likes",
      target: "https://www.instagram.com/reel/C8xYz12AbCd/?igsh=MzRlODBiNWFlZA==",
      target_key: targetKey("likes", "https://www.instagram.com/reel/C8xYz12AbCd/?igsh=MzRlODBiNWFlZA=="),
      status: "payment_claimed",
      utr: "123456789012",
    });
    await confirmPayment(services.db, second.order_id, owner, { utrCompared: "123456789012" });
    await afterCommitSettled();
    expect((await reload(services, second.order_id)).status).toBe("queued");
    expect(panel.count("add")).toBe(1);

    await panelCompletes(services, panel);
    await afterCommitSettled();
    expect((await reload(services, second.order_id)).status).toBe("sent");
    expect(panel.count("add")).toBe(2);
  });

  it("never has two orders for one target at the panel, whatever the senders do at once", async () => {
    const { services, panel } = await setUp();
    panel.setFault({ kind: "slow", ms: 150, before: true });
    const key = targetKey("followers", "priya.bakes");
    const t0 = Date.now() - 60_000;
    const orders = await Promise.all(
      Array.from({ length: 6 }, (_, i) => paidOrder(services, i % 2 ? "@Priya.Bakes" : "priya.bakes", t0 + i)),
    );
    // Every sender at once: the automatic sender for each order, the operator's Send twice, two queue rounds.
    const sends = [
      ...orders.map((o) => sendToPanel(services, o.order_id, { actor: AUTO })),
      runOrderAction(services, { name: "owner" }, orders[5]!.order_id, { intent: "place", unpaid: false }),
      runOrderAction(services, { name: "owner" }, orders[4]!.order_id, { intent: "place", unpaid: false }),
      sendQueuedOrders(services),
      sendQueuedOrders(services),
    ];
    await Promise.allSettled(sends);
    expect(panel.count("add")).toBe(1);
    expect(await heldAtPanel(services, key)).toHaveLength(1);
    const states = await Promise.all(orders.map(async (o) => (await reload(services, o.order_id)).status));
    expect(states.filter((s) => s === "sent")).toHaveLength(1);
    expect(states.filter((s) => s === "queued")).toHaveLength(5);

    // The database itself refuses a second: a send that skipped the queue's look is turned down.
    const queuedOne = orders[states.indexOf("queued")]!;
    const refused = await transitionOrder(services.db, queuedOne.order_id, "send", {
      actor: AUTO,
      reason: "a sender that did not look",
    }).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.details.reason).toBe("TARGET_BUSY");
    expect((await reload(services, queuedOne.order_id)).status).toBe("queued");
  });

  it("the operator's Send queues the order, and an unpaid send is refused while the target is held", async () => {
    const { services, panel } = await setUp({ autoSendPaidOrders: false });
    const first = await paidOrder(services, "priya.bakes", Date.now() - 10_000);
    await runOrderAction(services, { name: "owner" }, first.order_id, { intent: "place", unpaid: false });
    const second = await paidOrder(services, "priya.bakes", Date.now());
    const result = await runOrderAction(services, { name: "owner" }, second.order_id, {
      intent: "place",
      unpaid: false,
    });
    expect(result.message).toContain(`Queued: order ${first.order_id}`);
    expect(result.order?.status).toBe("queued");

    const unpaid = await makeOrder(services.db, {
      target: "priya.bakes",
      target_key: targetKey("followers", "priya.bakes"),
    });
    const error = await runOrderAction(services, { name: "owner" }, unpaid.order_id, {
      intent: "place",
      unpaid: true,
    }).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe("CONFLICT");
    expect((await reload(services, unpaid.order_id)).status).toBe("awaiting_payment");
    expect(panel.count("add")).toBe(1);

    // Stopping a queued order makes its refund due: in full, plus the fee the shop bears when it cancels.
    const stopped = await runOrderAction(services, { name: "owner" }, second.order_id, {
      intent: "cancel",
      byBuyer: false,
    });
    const compensation = stopped.order?.refund_compensation_paise ?? 0;
    expect(compensation).toBeGreaterThan(0);
    expect(stopped.order).toMatchObject({ status: "refund_due", refund_due_paise: second.price_paise + compensation });
  });

  it("keeps the queue across a crash: nothing is lost, nothing is sent twice", async () => {
    const { services, panel } = await setUp();
    const first = await paidOrder(services, "priya.bakes", Date.now() - 10_000);
    await sendToPanel(services, first.order_id, { actor: AUTO });
    const second = await paidOrder(services, "priya.bakes", Date.now() - 5_000);
    await sendToPanel(services, second.order_id, { actor: AUTO });
    // The first completes while no listener is connected: the process stopped before its after-commit work.
    await panelCompletes(services, panel);
    expect((await reload(services, second.order_id)).status).toBe("queued");

    // A new process on the same database: its payment job's sweep sends the queued order, once.
    const restarted: AppServices = { ...services, settings: createSettingsCache(services.db, 0) };
    expect(await sendQueuedOrders(restarted)).toBe(1);
    expect(await sendQueuedOrders(restarted)).toBe(0);
    expect(panel.count("add")).toBe(2);

    // A crash while the next one is being sent: it may be at the panel, so it still holds the target.
    const third = await paidOrder(services, "priya.bakes", Date.now());
    expect((await sendToPanel(restarted, third.order_id, { actor: AUTO })).status).toBe("queued");
    await services.db
      .updateTable("orders")
      .set({ status: "sending", updated_at: 0 })
      .where("order_id", "=", second.order_id)
      .execute();
    await markStuckSends(services.db, Date.now());
    expect((await reload(services, second.order_id)).status).toBe("placement_unknown");
    expect(await sendQueuedOrders(restarted)).toBe(0);
    expect((await reload(services, third.order_id)).status).toBe("queued");
  });

  describe("when the operator refuses such orders before payment", () => {
    async function withPlan(mode: "queue" | "refuse") {
      const made = await setUp();
      await saveSettingsForm(made.services.db, { name: "owner" }, "payment", {
        upiId: "shop@okaxis",
        merchantName: "Shop",
        autoSendPaidOrders: "true",
        overlappingOrders: mode,
      });
      const plan = await createPlan(
        made.services.db,
        { name: "owner" },
        {
          serviceType: "followers",
          name: "Popular Followers",
          amount: 1000,
          price: 34_900,
          tags: [],
          refillDays: 0,
          dripRuns: 0,
          dripInterval: 0,
          customComments: false,
        },
      );
      return { ...made, planId: plan.id };
    }
    const buy = (services: AppServices, planId: number, username: string) =>
      createOrder(services, {
        planId,
        username,
        customerName: "Priya Sharma",
        customerPhone: "9812345678",
        agreedToTerms: true,
      });

    it("refuses, before any payment, an order for an account that has one on its way, saying why", async () => {
      const { services, planId } = await withPlan("refuse");
      const { order: first } = await buy(services, planId, "priya.bakes");
      // Unpaid, it holds nothing: a second order may still be made.
      const { order: unpaidSecond } = await buy(services, planId, "@Priya.Bakes");
      await services.db.deleteFrom("orders").where("order_id", "=", unpaidSecond.order_id).execute();
      await confirmPayment(services.db, first.order_id, owner, { utrCompared: null });
      const refusal = await buy(services, planId, "https://www.instagram.com/Priya.Bakes/").catch((e: unknown) => e);
      expect(isAppError(refusal) && { code: refusal.code, reason: refusal.details.reason }).toEqual({
        code: "CONFLICT",
        reason: "TARGET_BUSY",
      });
      expect(isAppError(refusal) && refusal.message).toMatch(/still being delivered/);
      const count = await services.db.selectFrom("orders").select("order_id").execute();
      expect(count).toHaveLength(1);
      // Another account is welcome.
      expect((await buy(services, planId, "rahul.k")).created).toBe(true);
    });

    it("takes it in queue mode (the default)", async () => {
      const { services, planId } = await withPlan("queue");
      const { order: first } = await buy(services, planId, "priya.bakes");
      await confirmPayment(services.db, first.order_id, owner, { utrCompared: null });
      const { order: second } = await buy(services, planId, "PRIYA.bakes");
      expect(second.target_key).toBe(first.target_key);
    });
  });
});
