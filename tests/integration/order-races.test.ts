import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { type OrderStatus, type TransitionName, canTransition, refundPaise } from "~/domain/orders/lifecycle";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { claimPayment, confirmPayment } from "~/domain/payments/payment.server";
import { expireOverdueOrders } from "~/domain/payments/payment-jobs.server";
import { sendPaidBacklog } from "~/domain/fulfilment/placement-jobs.server";
import { cancelOrder, sendToPanel } from "~/domain/fulfilment/placement.server";
import { DEMO_PANEL_KEY } from "~/domain/panel/simulator/panel";
import { type RunningSimulator, startPanelSimulator } from "~/domain/panel/simulator/server.server";
import { createSettingsCache, writeSettings } from "~/domain/settings/settings.server";
import { isAppError } from "~/lib/app-error";
import { loadConfig } from "../../app/lib/server/config.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { migrateToLatest } from "~/db/migrate.server";
import { makeOrder } from "../support/orders";

/**
 * Many hands on one order at once: the expiry job, the operator, the buyer,
 * the automatic sender, on PostgreSQL from several connection pools (app
 * instances) so that the row lock is what keeps them apart. Whatever the
 * interleaving, the order ends in one coherent state and its history tells
 * how it got there.
 */

const logger = pino({ level: "silent" });
const EACH = 20;
type Kind = "expire" | "confirm" | "claim" | "cancel";
/** Which hands take part: all four, and smaller mixes whose outcomes differ more (a Cancel after payment always ends it). */
const MIXES: Kind[][] = [
  ["expire", "confirm", "claim", "cancel"],
  ["expire", "confirm", "claim", "cancel"],
  ["expire", "confirm", "claim"],
  ["expire", "claim"],
  ["expire", "claim", "cancel"],
  ["expire", "confirm"],
];
const GRACE = { graceSeconds: 86_400 };

/** Shuffled, so each round interleaves the kinds of attempt differently. */
function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** What an attempt came to: done, or refused with an AppError code. Anything else fails the test. */
async function attempt(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return "done";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

const ACTOR_KIND: Record<string, "buyer" | "operator" | "system"> = {
  buyer: "buyer",
  "system:payment-expiry": "system",
  "system:auto-send": "system",
  owner: "operator",
};

/** The order's history, checked as a chain: each step starts where the last ended, and the table allowed it. */
async function expectCoherentHistory(
  db: DatabaseHandle["db"],
  orderId: string,
  finalStatus: OrderStatus,
  start: OrderStatus = "awaiting_payment",
) {
  const entries = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("target_type", "=", "order")
    .where("target_id", "=", orderId)
    .orderBy("id")
    .execute();
  type Details = { from: OrderStatus; to: OrderStatus; failed?: boolean; utr?: string };
  const steps = entries
    .map((e) => ({
      name: e.action.replace(/^order\./, "") as TransitionName,
      actor: e.actor,
      ...(JSON.parse(e.details ?? "{}") as Details),
    }))
    .filter((step) => !step.failed);
  let at: OrderStatus = start;
  for (const step of steps) {
    expect(step.from, `${orderId}: ${JSON.stringify(steps)}`).toBe(at);
    expect(canTransition(step.name, step.from, ACTOR_KIND[step.actor] ?? "operator"), step.name).toBe(true);
    at = step.to;
  }
  expect(at, `${orderId}: ${JSON.stringify(steps)}`).toBe(finalStatus);
  return steps;
}

describe.each(testDatabases())("races on one order on $name", (kind: TestDatabase) => {
  let main: DatabaseHandle;
  /** On PostgreSQL, more "instances": each its own pool. SQLite serves one instance, one connection. */
  let others: DatabaseHandle[] = [];
  let drop: () => Promise<void>;
  let sim: RunningSimulator;

  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    main = openDatabase(created.target);
    await migrateToLatest(main.db, main.dialect);
    others =
      created.target.kind === "postgres"
        ? [openDatabase({ ...created.target, poolSize: 5 }), openDatabase({ ...created.target, poolSize: 5 })]
        : [];
    sim = await startPanelSimulator({ port: 0, pendingMs: 60_000 });
    await writeSettings(main.db, {
      panelUrl: sim.apiUrl,
      panelApiKey: DEMO_PANEL_KEY,
      panelServiceFollowers: "101",
      panelServiceLikes: "102",
      panelServiceViews: "103",
      panelServiceComments: "104",
      autoSendPaidOrders: true,
    });
  });
  afterAll(async () => {
    await sim?.close();
    for (const h of others) await h.close();
    await main?.close();
    await drop?.();
  });
  beforeEach(() => {
    sim.panel.resetSwitches();
    sim.panel.clearLog();
  });
  afterEach(() => sim.panel.resetSwitches());

  const handles = () => [main, ...others];
  const servicesOn = (h: DatabaseHandle): AppServices => ({
    db: h.db,
    dialect: h.dialect,
    settings: createSettingsCache(h.db, 0),
    config: { ...loadConfig({}), PANEL_TIMEOUT_MS: 5_000, PANEL_ALLOW_PRIVATE_ADDRESSES: true },
    logger,
  });

  it.each(MIXES.map((mix, i) => [i + 1, mix.join(", "), mix] as const))(
    "round %i: 20 each of %s at once end in one coherent state",
    async (round, _label, mix) => {
      const now = Date.now();
      // The window closed a minute ago and the expiry job has not run yet: every move is still possible.
      const order = await makeOrder(main.db, {
        created_at: now - 360_000,
        payment_deadline_at: now - 60_000,
        target: `race.${round}`,
      });
      const pools = handles();
      const on = (i: number) => pools[i % pools.length]!;
      const utrOf = (i: number) => String(round * 1_000_000_000 + 100_000_000_000 + i);
      const owner = { kind: "operator", name: "owner" } as const;
      const all = [
        ...Array.from({ length: EACH }, (_, i) => ({
          kind: "expire",
          run: async () => {
            const n = await expireOverdueOrders({ db: on(i).db });
            return n === 0 ? "nothing" : "done";
          },
        })),
        ...Array.from({ length: EACH }, (_, i) => ({
          kind: "confirm",
          run: () => attempt(() => confirmPayment(on(i + 1).db, order.order_id, owner, { round })),
        })),
        ...Array.from({ length: EACH }, (_, i) => ({
          kind: "claim",
          run: () => attempt(() => claimPayment(on(i + 2).db, order.order_id, utrOf(i), GRACE)),
        })),
        ...Array.from({ length: EACH }, (_, i) => ({
          kind: "cancel",
          run: () => attempt(() => cancelOrder(servicesOn(on(i)), order.order_id, "owner")),
        })),
      ];
      const jobs = shuffle(all.filter((job) => mix.includes(job.kind as Kind)));
      const outcomes = await Promise.all(jobs.map(async (job) => ({ kind: job.kind, result: await job.run() })));

      // Every attempt either did its move or was refused by the order's state; nothing else went wrong.
      for (const o of outcomes) expect(["done", "nothing", "INVALID_TRANSITION"], o.kind).toContain(o.result);
      const done = (kind: string) => outcomes.filter((o) => o.kind === kind && o.result === "done").length;
      expect(done("confirm")).toBeLessThanOrEqual(1);
      expect(done("expire")).toBeLessThanOrEqual(1);
      expect(done("claim")).toBeLessThanOrEqual(1);

      const final = (await findOrder(main.db, order.order_id))!;
      const steps = await expectCoherentHistory(main.db, order.order_id, final.status);
      expect(["expired", "payment_claimed", "paid", "cancelled", "refund_due"]).toContain(final.status);
      // Never a paid order that is expired or cancelled; expired only with no UTR and no payment.
      if (final.paid_at !== null) {
        expect(["paid", "refund_due"]).toContain(final.status);
        expect(done("confirm")).toBe(1);
        expect(steps.filter((s) => s.name === "confirmPayment")).toHaveLength(1);
      } else {
        expect(done("confirm")).toBe(0);
        expect(["expired", "payment_claimed", "cancelled"]).toContain(final.status);
      }
      if (final.status === "expired")
        expect({ utr: final.utr, paid: final.paid_at }).toEqual({ utr: null, paid: null });
      if (final.status === "payment_claimed") expect(final.utr).not.toBeNull();
      // Confirmed, then stopped by Cancel before sending: the whole price is owed back (the shop stopped it: no fee).
      if (final.status === "refund_due") {
        expect(final.refund_due_paise).toBe(refundPaise(final.price_paise, final.quantity, final.quantity, "shop", 5));
      }
      // The UTR stored is the one claim that succeeded, as its history says.
      const claims = steps.filter((s) => s.name === "claimPayment");
      expect(claims).toHaveLength(done("claim"));
      expect(final.utr).toBe(claims[0]?.utr ?? null);
      // Each move that happened is in the history once, and the history has no other moves.
      expect(steps.length).toBe(done("confirm") + done("claim") + done("expire") + done("cancel"));
    },
    60_000,
  );

  it("20 concurrent Place, Retry and automatic sends of one paid order make exactly one add at the panel", async () => {
    sim.panel.setSwitches({ latencyMs: 100 });
    // The rounds above leave paid orders behind; the backlog sweep would send those too.
    await main.db.deleteFrom("orders").execute();
    const order = await makeOrder(main.db, {
      status: "paid",
      paid_at: Date.now() - 60_000,
      paid_by: "owner",
      target: "race.send",
    });
    const pools = handles();
    const on = (i: number) => servicesOn(pools[i % pools.length]!);
    const owner = { name: "owner" };
    const jobs = shuffle(
      Array.from({ length: 20 }, (_, i) => {
        switch (i % 4) {
          case 0:
            return () =>
              attempt(() => runOrderAction(on(i), owner, order.order_id, { intent: "place", unpaid: false }));
          case 1:
            return () =>
              attempt(() => runOrderAction(on(i), owner, order.order_id, { intent: "retry", checked: false }));
          case 2:
            return () =>
              attempt(() => sendToPanel(on(i), order.order_id, { actor: { kind: "system", job: "auto-send" } }));
          default:
            // The backlog sweep, as if confirmation was long ago: it finds the order paid and unsent.
            return async () => ((await sendPaidBacklog(on(i), Date.now(), 0)) === 1 ? "done" : "nothing");
        }
      }),
    );
    const results = await Promise.all(jobs.map((job) => job()));
    expect(sim.panel.count("add")).toBe(1);
    expect(results.filter((r) => r === "done")).toHaveLength(1);
    for (const r of results) expect(["done", "nothing", "INVALID_TRANSITION"]).toContain(r);
    const final = (await findOrder(main.db, order.order_id))!;
    expect(final.status).toBe("sent");
    expect(sim.panel.order(final.panel_order_id!)).toMatchObject({
      link: "https://www.instagram.com/race.send/",
      quantity: 1000,
    });
    const steps = await expectCoherentHistory(main.db, order.order_id, "sent", "paid");
    expect(steps.map((s) => s.name)).toEqual(["send", "placed"]);
  });
});
