import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { trackedOrder } from "~/domain/orders/order-tracking.server";
import { csvStream } from "~/domain/orders/export.server";
import { EXPORT_HEADERS } from "~/domain/orders/export-columns";
import { parseOrdersQuery } from "~/domain/orders/list.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { listPanelServices } from "~/domain/panel/info.server";
import { DEMO_PANEL_KEY } from "~/domain/panel/simulator/panel";
import { type RunningSimulator, startPanelSimulator } from "~/domain/panel/simulator/server.server";
import { refundPaymentFor } from "~/domain/payments/refund-payment.server";
import { cancelBeforeDelivery } from "~/domain/self-service/cancel.server";
import { selfServiceView } from "~/domain/self-service/track.server";
import { saveSettingsForm } from "~/domain/settings/admin.server";
import { createSettingsCache, writeSettings } from "~/domain/settings/settings.server";
import { loadConfig } from "../../app/lib/server/config.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

const logger = pino({ level: "silent" });
const owner = { name: "owner" };

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
  return text;
}

/**
 * Fair fees (issue 51, point 4): the cancellation fee is a setting, kept from the refund when the buyer
 * cancels and paid to the buyer on top of it when the shop cancels (E-Commerce Rules 2020, rule 4(6)),
 * through the real cancel at the SMM panel (the simulator), on both databases.
 */
describe.each(testDatabases())("the cancellation fee both ways on $name", (kind) => {
  let sim: RunningSimulator;
  let services: AppServices;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    sim = await startPanelSimulator({ port: 0, pendingMs: 60_000, runMs: 60_000, partialEvery: 0 });
  });
  afterAll(async () => sim.close());
  afterEach(async () => cleanup?.());

  async function setUp() {
    const handle = await freshDatabase(kind);
    cleanup = handle.cleanup;
    const config = { ...loadConfig({ PANEL_ALLOW_PRIVATE_ADDRESSES: "true" }), PANEL_TIMEOUT_MS: 2_000 };
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
    expect((await listPanelServices(services)).ok).toBe(true);
  }

  /** The operator saves the Cancellation fee card (what they typed, read by the card's declaration). */
  const setFee = (percent: string) => saveSettingsForm(services.db, owner, "fees", { cancellationFeePercent: percent });

  /** A paid ₹500 order for 1,000 followers, placed at the simulator (Pending there, so it can be cancelled). */
  async function placedOrder(target: string) {
    const order = await makeOrder(services.db, {
      target,
      price_paise: 50_000,
      quantity: 1000,
      status: "paid",
      paid_at: Date.now(),
      paid_by: "owner",
      customer_name: "Rahul Verma",
    });
    const sent = await sendToPanel(services, order.order_id, { actor: { kind: "system", job: "test" } });
    expect(sent.status).toBe("sent");
    return sent;
  }

  it("keeps the fee as set when the buyer cancels, and pays the same on top when the shop cancels", async () => {
    await setUp();
    expect(await setFee("10")).toEqual({ ok: true, changed: { cancellationFeePercent: "10" } });
    const buyers = await placedOrder("buyer.cancels");
    const shops = await placedOrder("shop.cancels");

    // /track offers the buyer ₹450 back: ₹500 less 10%.
    expect(await selfServiceView(services, buyers)).toMatchObject({
      canCancel: true,
      feePercent: 10,
      cancelRefundPaise: 45_000,
    });

    const byBuyer = await cancelBeforeDelivery(services, buyers.order_id, { kind: "buyer" });
    expect(byBuyer).toMatchObject({
      status: "refund_due",
      cancelled_by: "buyer",
      refund_due_paise: 45_000,
      refund_fee_paise: 5_000,
      refund_compensation_paise: 0,
    });
    const byShop = await cancelBeforeDelivery(services, shops.order_id, { kind: "operator", name: "owner" });
    expect(byShop).toMatchObject({
      status: "refund_due",
      cancelled_by: "shop",
      refund_due_paise: 55_000,
      refund_fee_paise: 0,
      refund_compensation_paise: 5_000,
    });
    expect(sim.panel.count("cancel")).toBe(2);

    // The refund's UPI link carries the amount with the fee on top; the order page and the buyer's page show it.
    const payment = await refundPaymentFor(
      services.db,
      (await findOrder(services.db, shops.order_id))!,
      "rahulv@okaxis",
    );
    expect(payment).toMatchObject({ amountPaise: 55_000 });
    expect(payment!.link).toContain("am=550.00");
    expect(toAdminOrderJson(byShop).refund).toMatchObject({ due: 550, fee: 0, compensation: 50, cancelledBy: "shop" });
    expect(toAdminOrderJson(byBuyer).refund).toMatchObject({ due: 450, fee: 50, compensation: 0 });
    expect(trackedOrder(byShop).view).toMatchObject({ refundPaise: 55_000, compensationPaise: 5_000, feePaise: 0 });
    expect(trackedOrder(byBuyer).view).toMatchObject({ refundPaise: 45_000, compensationPaise: 0, feePaise: 5_000 });

    // The export: the refund with the fee on top, and the fee paid on its own column.
    const csv = (await readAll(csvStream(services.db, parseOrdersQuery(new URLSearchParams("range=all")))))
      .trim()
      .split("\r\n");
    const column = (header: string) => EXPORT_HEADERS.indexOf(header);
    const row = (orderId: string) => csv.find((line) => line.includes(orderId))!.split(",");
    expect(row(shops.order_id)[column("Refund Due (₹)")]).toBe('"550.00"');
    expect(row(shops.order_id)[column("Cancellation Compensation (₹)")]).toBe('"50.00"');
    expect(row(buyers.order_id)[column("Refund Due (₹)")]).toBe('"450.00"');
    expect(row(buyers.order_id)[column("Cancellation Compensation (₹)")]).toBe('"0.00"');

    // The setting's save is in the audit trail.
    const trail = await auditTrailFor(services.db, "settings", "fees");
    expect(trail.map((e) => [e.action, JSON.parse(e.details!) as unknown])).toEqual([
      ["settings.update", { cancellationFeePercent: "10" }],
    ]);
  });

  it("charges and pays nothing either way at 0%, and a paid order the shop stops before the panel gets the fee on top", async () => {
    await setUp();
    await setFee("0");
    const buyers = await placedOrder("buyer.free");
    expect(await cancelBeforeDelivery(services, buyers.order_id, { kind: "buyer" })).toMatchObject({
      refund_due_paise: 50_000,
      refund_fee_paise: 0,
      refund_compensation_paise: 0,
    });

    // 5% again: the operator stops a paid order that never reached the panel (Admin → order → Cancel).
    await setFee("5");
    const unsent = await makeOrder(services.db, {
      target: "never.sent",
      price_paise: 50_000,
      status: "paid",
      paid_at: Date.now(),
      paid_by: "owner",
    });
    const stopped = await runOrderAction(services, owner, unsent.order_id, { intent: "cancel", byBuyer: false });
    expect(stopped.order).toMatchObject({
      refund_due_paise: 52_500,
      refund_compensation_paise: 2_500,
      cancelled_by: "shop",
    });
    // At the buyer's request instead, the fee is kept.
    const asked = await makeOrder(services.db, {
      target: "buyer.asked",
      price_paise: 50_000,
      status: "paid",
      paid_at: Date.now(),
      paid_by: "owner",
    });
    const kept = await runOrderAction(services, owner, asked.order_id, { intent: "cancel", byBuyer: true });
    expect(kept.order).toMatchObject({
      refund_due_paise: 47_500,
      refund_fee_paise: 2_500,
      refund_compensation_paise: 0,
    });
  });

  it("refuses a fee out of range with its message and keeps the one set", async () => {
    await setUp();
    await setFee("7");
    expect(await setFee("51")).toEqual({
      ok: false,
      message: "Cancellation fee must be between 0 and 50",
      field: "cancellationFeePercent",
    });
    expect(await setFee("5%")).toMatchObject({ ok: false, message: "Cancellation fee must be a whole number" });
    expect((await services.settings.get()).cancellationFeePercent).toBe(7);
  });
});
