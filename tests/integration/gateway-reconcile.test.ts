import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { saveGatewaySettings } from "~/domain/payments/gateways/gateway-settings.server";
import { RECONCILE_BATCH, reconcileGatewayOrders } from "~/domain/payments/gateways/reconcile.server";
import { createSettingsCache } from "~/domain/settings/settings.server";
import { loadConfig } from "~/lib/server/config.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import { type RazorpayDouble, startRazorpayDouble } from "../support/razorpay-double";

/**
 * The reconciliation job's rules, run on its own clock: it asks about
 * unpaid gateway orders whose webhook never came, a bounded batch at a time,
 * waits twice as long after each failure, and stops after the window and
 * grace period.
 */

const INTERVAL = 1_000;
const GRACE_MS = 86_400_000;

describe.each(testDatabases())("gateway reconciliation on $name", (kind: TestDatabase) => {
  let h: DatabaseHandle;
  let drop: () => Promise<void>;
  let double: RazorpayDouble;
  const services = () => ({
    db: h.db,
    settings: createSettingsCache(h.db, 0),
    config: loadConfig({ RAZORPAY_API_BASE: double.url, GATEWAY_RECONCILE_INTERVAL_MS: String(INTERVAL) }),
    logger: pino({ level: "silent" }),
  });

  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    h = openDatabase(created.target);
    await migrateToLatest(h.db, h.dialect);
    double = await startRazorpayDouble();
    await saveGatewaySettings(h.db, { enabled: true, ...double.keys });
  });
  afterAll(async () => {
    await double?.stop();
    await h?.close();
    await drop?.();
  });

  /** A shop order with its Razorpay order, due a look at `dueAt`. */
  async function gatewayOrder(dueAt: number, deadline = Date.now() + 300_000) {
    const order = await makeOrder(h.db, {
      price_paise: 30_000 + Math.floor(Math.random() * 9_000),
      payment_deadline_at: deadline,
    });
    const res = await fetch(`${double.url}/v1/orders`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${double.keys.keyId}:${double.keys.keySecret}`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ amount: order.price_paise, currency: "INR", receipt: order.order_id }),
    });
    const { id } = (await res.json()) as { id: string };
    await h.db
      .insertInto("payment_gateway_orders")
      .values({
        order_id: order.order_id,
        gateway: "razorpay",
        gateway_order_id: id,
        amount_paise: order.price_paise,
        created_at: Date.now(),
        webhook_at: null,
        next_check_at: dueAt,
        check_failures: 0,
      })
      .execute();
    return { orderId: order.order_id, gatewayOrderId: id };
  }
  const row = (orderId: string) =>
    h.db.selectFrom("payment_gateway_orders").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
  const askedAbout = (gatewayOrderId: string) => double.requests.filter((r) => r.includes(gatewayOrderId)).length;

  it("backs off while Razorpay fails, then confirms the captured payment once", async () => {
    const now = Date.now();
    const { orderId, gatewayOrderId } = await gatewayOrder(now);
    double.capture(gatewayOrderId);
    double.failWith = 500;
    try {
      expect(await reconcileGatewayOrders(services(), now)).toBe(0);
      expect(await row(orderId)).toMatchObject({ check_failures: 1, next_check_at: now + 2 * INTERVAL });
      expect(await reconcileGatewayOrders(services(), now + INTERVAL)).toBe(0);
      expect(askedAbout(gatewayOrderId)).toBe(1);
      expect(await reconcileGatewayOrders(services(), now + 2 * INTERVAL)).toBe(0);
      expect(await row(orderId)).toMatchObject({ check_failures: 2, next_check_at: now + 6 * INTERVAL });
    } finally {
      double.failWith = null;
    }
    expect(await reconcileGatewayOrders(services(), now + 6 * INTERVAL)).toBe(1);
    expect(await row(orderId)).toMatchObject({ check_failures: 0, next_check_at: null });
    expect((await findOrder(h.db, orderId))!.paid_by).toBe("gateway:razorpay");
    expect(await reconcileGatewayOrders(services(), now + 60 * INTERVAL)).toBe(0);
    expect(askedAbout(gatewayOrderId)).toBe(3);
  });

  it("keeps asking about an unpaid order each interval, and stops after its window and grace period", async () => {
    const now = Date.now();
    const { orderId, gatewayOrderId } = await gatewayOrder(now, now - GRACE_MS - 60_000);
    const open = await gatewayOrder(now);
    await reconcileGatewayOrders(services(), now);
    expect(await row(open.orderId)).toMatchObject({ next_check_at: now + INTERVAL, check_failures: 0 });
    expect(await row(orderId)).toMatchObject({ next_check_at: null });
    await reconcileGatewayOrders(services(), now + 3_600_000);
    expect(askedAbout(gatewayOrderId)).toBe(1);
    expect(askedAbout(open.gatewayOrderId)).toBe(2);
  });

  it("asks about a bounded batch per run", async () => {
    const now = Date.now() + 10 * 3_600_000;
    const before = double.requests.length;
    await Promise.all(Array.from({ length: RECONCILE_BATCH + 5 }, () => gatewayOrder(now)));
    const created = double.requests.length - before;
    await reconcileGatewayOrders(services(), now);
    // The earlier tests' open order is due too; at most a batch is asked about.
    expect(double.requests.length - before - created).toBe(RECONCILE_BATCH);
  });
});
