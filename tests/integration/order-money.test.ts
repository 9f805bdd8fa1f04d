import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { backupPath, restoreBackup } from "~/domain/backups/backup.server";
import { deleteSelectedData } from "~/domain/backups/danger-zone.server";
import { getDashboard } from "~/domain/dashboard/dashboard.server";
import { IST_OFFSET_MS } from "~/lib/ist-time";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { csvStream } from "~/domain/orders/export.server";
import { EXPORT_HEADERS } from "~/domain/orders/export-columns";
import { listOrders, parseOrdersQuery } from "~/domain/orders/list.server";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { markRefunded } from "~/domain/payments/payment.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { refundPaymentFor } from "~/domain/payments/refund-payment.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder, readAll } from "../support/orders";

// 2025-03-15 12:00 IST.
const NOW = Date.UTC(2025, 2, 15, 6, 30);
const TODAY = Date.UTC(2025, 2, 15) - IST_OFFSET_MS;

/** The money the operator reconciles (issue 33): profit, deleting sales, paying refunds, who cancelled. */
describe.each(testDatabases())("the operator's money on $name", (kind) => {
  let h: DatabaseHandle & { cleanup(): Promise<void> };
  let backupDir: string;
  const services = () => ({
    db: h.db,
    settings: { get: () => Promise.resolve({} as never), clear() {} },
    config: { BACKUP_DIR: backupDir } as never,
    logger: console as never,
  });
  const owner = { name: "owner" };

  beforeEach(async () => {
    h = await freshDatabase(kind);
    backupDir = mkdtempSync(join(tmpdir(), "shop-money-"));
  });
  afterEach(async () => {
    await h.cleanup();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it("shows one profit, net of the refund, in the list, on the order, in the export and on the dashboard", async () => {
    // ₹198.99 paid, never at the panel (cost nothing), its buyer cancelled: ₹189.04 back, ₹9.95 kept.
    const cancelled = await makeOrder(h.db, {
      created_at: TODAY + 1000,
      status: "refund_due",
      price_paise: 19_899,
      profit_paise: 19_899,
      paid_at: TODAY + 2000,
      refund_due_paise: 18_904,
      refund_fee_paise: 995,
      cancelled_by: "buyer",
    });
    // ₹349 paid, the panel charged ₹49 and delivered it all.
    await makeOrder(h.db, {
      created_at: TODAY + 3000,
      status: "delivered",
      price_paise: 34_900,
      profit_paise: 30_000,
      paid_at: TODAY + 4000,
    });

    const listed = await listOrders(h.db, parseOrdersQuery(new URLSearchParams("range=today")), NOW);
    const profits = listed.orders.map((o) => toAdminOrderJson(o).profit);
    expect(profits).toEqual([300, 9.95]);
    expect(toAdminOrderJson(listed.orders.find((o) => o.order_id === cancelled.order_id)!)).toMatchObject({
      profit: 9.95,
      profitBeforeRefund: 198.99,
      refund: { due: 189.04, fee: 9.95, cancelledBy: "buyer" },
    });
    const csv = (await readAll(csvStream(h.db, parseOrdersQuery(new URLSearchParams("range=today")), NOW))).split(
      "\r\n",
    );
    const profitColumn = EXPORT_HEADERS.indexOf("Profit (₹)");
    expect(csv.slice(1, 3).map((line) => line.split(",")[profitColumn])).toEqual(['"300.00"', '"9.95"']);
    const dashboard = await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW);
    expect(dashboard.netProfit).toBe(309.95);
    expect(dashboard.totalRevenue).toBe(358.95);
  });

  it("deletes a paid order only with its id typed, after a backup, audited, and the dashboard says it is missing", async () => {
    const sale = await makeOrder(h.db, {
      created_at: TODAY + 1000,
      status: "delivered",
      price_paise: 34_900,
      profit_paise: 30_000,
      paid_at: TODAY + 2000,
      paid_by: "owner",
    });
    const checkout = await makeOrder(h.db, { created_at: TODAY + 2000, status: "expired" });
    const before = await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW);
    expect(before).toMatchObject({ totalOrders: 1, totalRevenue: 349, deletedSales: { orders: 0, revenue: 0 } });

    // Without the id, or with another one, nothing happens (and the refusal is on the order's history).
    for (const typed of [undefined, "", checkout.order_id, "BK123"]) {
      await expect(
        runOrderAction(services(), owner, sale.order_id, { intent: "delete", confirmOrderId: typed }),
      ).rejects.toMatchObject({
        code: "INVALID_INPUT",
        message: `This order was paid. Type its id, ${sale.order_id}, to delete it.`,
      });
    }
    expect(readdirSync(backupDir)).toEqual([]);
    expect((await listOrders(h.db, parseOrdersQuery(new URLSearchParams("range=all")), NOW)).total).toBe(2);

    // An abandoned checkout goes at once, with no backup.
    expect(await runOrderAction(services(), owner, checkout.order_id, { intent: "delete" })).toEqual({
      message: "Order deleted successfully",
    });
    expect(readdirSync(backupDir)).toEqual([]);

    // Typed as people type it (lower case, a # in front): a backup first, then the deletion, audited.
    const result = await runOrderAction(services(), owner, sale.order_id, {
      intent: "delete",
      confirmOrderId: ` #${sale.order_id.toLowerCase()} `,
    });
    const [backup] = readdirSync(backupDir);
    expect(backup).toMatch(new RegExp(`^backup-\\d{8}T\\d{6}Z-order-${sale.order_id.toLowerCase()}\\.jsonl\\.gz$`));
    expect(result.message).toBe(`Order deleted successfully. A backup was written first: ${backup}`);
    const trail = await auditTrailFor(h.db, "order", sale.order_id);
    expect(trail.map((t) => [t.action, t.actor])).toEqual([
      ["order.delete", "owner"],
      ["order.delete", "owner"],
      ["order.delete", "owner"],
      ["order.delete", "owner"],
      ["order.delete", "owner"],
    ]);
    expect(JSON.parse(trail[0]!.details!)).toEqual({
      result: "Order deleted successfully",
      status: "delivered",
      paid: true,
      pricePaise: 34_900,
      refundPaise: null,
      backup,
    });
    expect((JSON.parse(trail[1]!.details!) as { failed: string }).failed).toContain("Type its id");

    // The dashboard no longer counts it, and says so.
    const after = await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW);
    expect(after).toMatchObject({ totalOrders: 0, totalRevenue: 0, deletedSales: { orders: 1, revenue: 349 } });
    expect((await getDashboard(h.db, { timeRange: "yesterday", status: "all" }, NOW)).deletedSales.orders).toBe(0);
    expect((await getDashboard(h.db, { timeRange: "today", status: "pending" }, NOW)).deletedSales.orders).toBe(0);

    // Restored from its backup, it counts again and is no longer missing.
    const restored = await restoreBackup(h.db, h.dialect, backupPath(backupDir, backup!)!);
    expect(restored.orders).toBe(1);
    expect(await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW)).toMatchObject({
      totalOrders: 1,
      totalRevenue: 349,
      deletedSales: { orders: 0 },
    });

    // Deleted again, then every order with the danger zone: nothing is left to say is missing.
    await runOrderAction(services(), owner, sale.order_id, { intent: "delete", confirmOrderId: sale.order_id });
    expect((await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW)).deletedSales.orders).toBe(1);
    await deleteSelectedData(h.db, "owner", backupDir, ["orders"]);
    expect((await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW)).deletedSales.orders).toBe(0);
  });

  it("gives the operator what paying a refund takes: the payer's UPI id, the amount, a link and QR for exactly that", async () => {
    const order = await makeOrder(h.db, {
      created_at: TODAY,
      status: "refund_due",
      price_paise: 19_899,
      paid_at: TODAY + 1000,
      refund_due_paise: 18_904,
      refund_fee_paise: 995,
      cancelled_by: "buyer",
      customer_name: "Rahul Verma",
    });
    // Confirmed by hand: nobody knows the UPI id it came from.
    const unknown = await refundPaymentFor(h.db, order, null);
    expect(unknown).toEqual({
      amountPaise: 18_904,
      upiId: null,
      upiIdFrom: null,
      typedInvalid: null,
      link: null,
      qrDataUri: null,
    });
    // The operator asked the buyer and typed it.
    const typed = await refundPaymentFor(h.db, order, " Rahul.V@OKSBI ");
    expect(typed).toMatchObject({
      upiId: "rahul.v@oksbi",
      upiIdFrom: "operator",
      link: `upi://pay?pa=rahul.v@oksbi&pn=Rahul%20Verma&am=189.04&cu=INR&tn=Refund%20for%20order%20${order.order_id}`,
    });
    expect(typed!.qrDataUri).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await refundPaymentFor(h.db, order, "not a upi id")).toMatchObject({
      upiId: null,
      typedInvalid: "not a upi id",
    });

    // A bank alert confirmed it and named the payer's UPI id: that is where the refund goes.
    await h.db
      .insertInto("payment_credits")
      .values({
        source: "email",
        dedupe_key: "utr:412345678901",
        amount_paise: 19_899,
        utr: "412345678901",
        payer_vpa: "rahulv@okaxis",
        credited_at: TODAY + 900,
        received_at: TODAY + 950,
        evidence: "{}",
        status: "confirmed",
        reason: null,
        order_id: order.order_id,
        resolved_by: null,
        resolved_at: null,
        resolution_note: null,
      })
      .execute();
    expect(await refundPaymentFor(h.db, order, null)).toMatchObject({
      upiId: "rahulv@okaxis",
      upiIdFrom: "payment",
      link: `upi://pay?pa=rahulv@okaxis&pn=Rahul%20Verma&am=189.04&cu=INR&tn=Refund%20for%20order%20${order.order_id}`,
    });

    // Paid back: its reference is stored, on the order's history, and no more payment is asked for.
    const refunded = await markRefunded(h.db, order.order_id, "owner", "5123 4567 8901", { now: NOW });
    expect(refunded).toMatchObject({ status: "refunded", refund_reference: "512345678901", refunded_at: NOW });
    expect(toAdminOrderJson(refunded).refund).toMatchObject({ due: 189.04, reference: "512345678901" });
    const history = await auditTrailFor(h.db, "order", order.order_id);
    expect(JSON.parse(history[0]!.details!)).toMatchObject({ to: "refunded", reference: "512345678901" });
    expect(await refundPaymentFor(h.db, refunded, null)).toBeNull();
  });

  it("lets the operator say who cancelled a paid order: the shop refunds in full, the buyer's request keeps the fee", async () => {
    const paid = (target: string) =>
      makeOrder(h.db, { target, status: "paid", price_paise: 50_000, paid_at: TODAY, paid_by: "owner" });
    const byShop = await paid("shop.stops");
    const byBuyer = await paid("buyer.asks");
    expect(
      (await runOrderAction(services(), owner, byShop.order_id, { intent: "cancel", byBuyer: false })).order,
    ).toMatchObject({ status: "refund_due", refund_due_paise: 52_500, refund_fee_paise: 0, cancelled_by: "shop" });
    expect(
      (await runOrderAction(services(), owner, byBuyer.order_id, { intent: "cancel", byBuyer: true })).order,
    ).toMatchObject({ status: "refund_due", refund_due_paise: 47_500, refund_fee_paise: 2_500, cancelled_by: "buyer" });
    // What the buyer cancelled is refunded, never sent to the panel after all.
    await expect(
      transitionOrder(h.db, byBuyer.order_id, "send", { actor: { kind: "operator", name: "owner" }, reason: "x" }),
    ).rejects.toMatchObject({ message: "The buyer cancelled this order; refund what is due instead." });
    const trail = await auditTrailFor(h.db, "order", byBuyer.order_id);
    expect(JSON.parse(trail[0]!.details!)).toMatchObject({
      to: "refund_due",
      reason: "stopped by the operator before delivery, at the buyer's request",
    });
  });
});
