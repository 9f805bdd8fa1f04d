import { describe, expect, it } from "vitest";
import { afterCommit, afterCommitSettled } from "~/db/after-commit.server";
import { groupCommitStats, transaction, writeTransaction } from "~/db/database.server";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { connectOrderListeners } from "~/domain/order-events/subscribers.server";
import { findOrder, lockOrder } from "~/domain/orders/orders.repository.server";
import { applyTransition } from "~/domain/orders/transitions.server";
import { sendPaidBacklog } from "~/domain/fulfilment/placement-jobs.server";
import { confirmLockedPayment, confirmPayment } from "~/domain/payments/payment.server";
import { testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import { panelShops } from "../support/panel-shop";

/**
 * What follows a change to an order (ADR 0018), on both databases: the listeners in the transaction store
 * their part with the change or not at all; the one after the commit (a paid order to the SMM panel) runs
 * only for a change that committed, and a process that stopped before it loses nothing.
 */

const owner = { kind: "operator", name: "owner" } as const;

describe.each(testDatabases())("order events on $name", (kind) => {
  const shop = panelShops(kind);

  it("sends a confirmed order to the panel once its payment committed, whoever confirmed it", async () => {
    const { services, panel } = await shop("perfectpanel", { settings: { autoSendPaidOrders: true } });
    connectOrderListeners(services);
    const order = await makeOrder(services.db, { status: "payment_claimed", utr: "123456789012" });

    const paid = await confirmPayment(services.db, order.order_id, owner, { utrCompared: "123456789012" });
    expect(paid.status).toBe("paid");
    await afterCommitSettled();

    expect(panel.count("add")).toBe(1);
    const sent = (await findOrder(services.db, order.order_id))!;
    expect(sent.status).toBe("sent");
    expect(sent.panel_order_id).not.toBeNull();
    const history = (await auditTrailFor(services.db, "order", order.order_id)).map((e) => [e.action, e.actor]);
    expect(history).toEqual(
      expect.arrayContaining([
        ["order.confirmPayment", "owner"],
        ["order.send", "system:auto-send"],
        ["order.placed", "system:auto-send"],
      ]),
    );
  });

  it("never sends, records or alerts a payment whose transaction rolled back", async () => {
    const { services, panel } = await shop("perfectpanel", {
      settings: { autoSendPaidOrders: true },
      alerts: true,
    });
    connectOrderListeners(services);
    const order = await makeOrder(services.db, { status: "payment_claimed", utr: "223456789012" });
    const alertsBefore = await services.db.selectFrom("alert_outbox").select("id").execute();
    const hooks: string[] = [];

    await expect(
      transaction(services.db, async (trx) => {
        const locked = (await lockOrder(trx, order.order_id))!;
        await confirmLockedPayment(trx, locked, owner, { utrCompared: "223456789012" });
        afterCommit(() => void hooks.push("ran"));
        // Something later in the same transaction fails (a credit's unique UTR, say): all of it goes.
        throw new Error("the rest of the transaction failed");
      }),
    ).rejects.toThrow("the rest of the transaction failed");
    await afterCommitSettled();

    expect(hooks).toEqual([]);
    expect(panel.count("add")).toBe(0);
    expect((await findOrder(services.db, order.order_id))!.status).toBe("payment_claimed");
    expect(await auditTrailFor(services.db, "order", order.order_id)).toEqual([]);
    expect(await services.db.selectFrom("alert_outbox").select("id").execute()).toEqual(alertsBefore);
  });

  it("runs a hook after the batch's COMMIT on the shop's connection, and not for a body rolled back alone", async () => {
    const { services } = await shop("perfectpanel");
    const [kept, dropped] = [await makeOrder(services.db), await makeOrder(services.db)];
    // The hook reads outside the transaction: on PostgreSQL another pooled connection, which sees only what
    // is committed; on SQLite the one connection, which it cannot have before the transaction ended.
    const seen: string[] = [];
    const expire = (orderId: string, fail: boolean) =>
      writeTransaction(services.db, async (trx) => {
        const order = (await lockOrder(trx, orderId))!;
        await applyTransition(trx, order, "expire", { actor: { kind: "system", job: "test" }, reason: "test" });
        afterCommit(async () => {
          const now = await findOrder(services.db, orderId);
          seen.push(`${orderId}:${now!.status}`);
        });
        if (fail) throw new Error("refused");
      });
    // Queued in the same turn: on SQLite one transaction, two savepoints, one COMMIT.
    const results = await Promise.allSettled([expire(kept.order_id, false), expire(dropped.order_id, true)]);
    await afterCommitSettled();

    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    if (services.dialect === "sqlite") expect(groupCommitStats(services.db)!.largest).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual([`${kept.order_id}:expired`]);
    expect((await findOrder(services.db, dropped.order_id))!.status).toBe("awaiting_payment");
  });

  it("loses no paid order when the process stops between the commit and the send: the payment job sends it", async () => {
    const { services, panel } = await shop("perfectpanel", { settings: { autoSendPaidOrders: true } });
    const order = await makeOrder(services.db, { status: "payment_claimed", utr: "323456789012" });
    // Its services never connected: the after-commit listener does nothing, as when the process stops right after
    // the commit (a SIGKILL there is tests/integration/crash-safety.test.ts's business; the state left is this one).
    const paid = await confirmPayment(services.db, order.order_id, owner, { utrCompared: "323456789012" });
    await afterCommitSettled();
    expect(paid.status).toBe("paid");
    expect(panel.count("add")).toBe(0);

    // The restarted shop's payment job finds it (paid, unsent, past the settling time) and sends it once.
    expect(await sendPaidBacklog(services, Date.now() + 60_000)).toBe(1);
    expect(await sendPaidBacklog(services, Date.now() + 120_000)).toBe(0);
    expect(panel.count("add")).toBe(1);
    expect((await findOrder(services.db, order.order_id))!.status).toBe("sent");
  });
});
