import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { getDashboard } from "~/domain/dashboard/dashboard.server";
import { DAY_MS, IST_OFFSET_MS } from "~/lib/ist-time";
import { csvStream, exportFileName } from "~/domain/orders/export.server";
import { listOrders, parseOrdersQuery } from "~/domain/orders/list.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder, readAll } from "../support/orders";

// 2025-03-15 12:00 IST; IST midnight that day is 2025-03-14 18:30 UTC.
const NOW = Date.UTC(2025, 2, 15, 6, 30);
const TODAY = Date.UTC(2025, 2, 15) - IST_OFFSET_MS;

describe.each(testDatabases())("admin orders and dashboard on $name", (kind) => {
  let h: DatabaseHandle & { cleanup(): Promise<void> };
  beforeEach(async () => {
    h = await freshDatabase(kind);
  });
  afterEach(async () => h.cleanup());

  it("counts dashboard days in IST: 00:00 IST belongs to today, 23:59:59 IST to yesterday", async () => {
    await makeOrder(h.db, { created_at: TODAY, status: "delivered", price_paise: 10_000, profit_paise: 4_000 });
    await makeOrder(h.db, { created_at: TODAY - 1, status: "delivered", price_paise: 20_000, profit_paise: 5_000 });
    // A payment to confirm is counted as pending, not as an order; an unpaid checkout not at all.
    await makeOrder(h.db, { created_at: TODAY + 3_600_000, status: "payment_claimed", price_paise: 30_000 });
    await makeOrder(h.db, { created_at: TODAY + 7_200_000, status: "awaiting_payment", price_paise: 50_000 });
    await makeOrder(h.db, { created_at: TODAY + 7_300_000, status: "expired", price_paise: 60_000 });
    // Paid, never delivered (the panel charged nothing): the refund owed comes off revenue and profit.
    await makeOrder(h.db, {
      created_at: TODAY - 2 * DAY_MS,
      status: "refund_due",
      price_paise: 40_000,
      profit_paise: 40_000,
      refund_due_paise: 38_000,
      service_type: "likes",
    });

    const today = await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW);
    expect(today).toMatchObject({
      totalOrders: 1,
      successOrders: 1,
      pendingOrders: 1,
      totalRevenue: 100,
      netProfit: 40,
      successRate: 100,
      avgOrderValue: 100,
    });
    const yesterday = await getDashboard(h.db, { timeRange: "yesterday", status: "all" }, NOW);
    expect(yesterday).toMatchObject({ totalOrders: 1, successOrders: 1, totalRevenue: 200 });
    const all = await getDashboard(h.db, { timeRange: "all", status: "all" }, NOW);
    expect(all).toMatchObject({
      totalOrders: 3,
      successOrders: 2,
      pendingOrders: 1,
      totalRevenue: 320,
      netProfit: 110,
      successRate: 66.67,
      avgOrderValue: 106.67,
      refundsDue: 1,
      refundsDueAmount: 380,
    });
    expect(all.daily.map((d) => [d.date, d.orders])).toEqual([
      ["2025-03-13", 1],
      ["2025-03-14", 1],
      ["2025-03-15", 1],
    ]);
    expect(all.services.find((s) => s.serviceType === "likes")).toMatchObject({ orders: 1, revenuePaise: 2_000 });
    const failed = await getDashboard(h.db, { timeRange: "all", status: "failed" }, NOW);
    expect(failed).toMatchObject({ totalOrders: 1, successOrders: 0, totalRevenue: 20, successRate: 0 });
    const custom = await getDashboard(
      h.db,
      { timeRange: "custom", status: "all", startDate: "2025-03-13", endDate: "2025-03-14" },
      NOW,
    );
    expect(custom.totalOrders).toBe(2);
    const empty = await getDashboard(
      h.db,
      { timeRange: "custom", status: "all", startDate: "2024-01-01", endDate: "2024-01-02" },
      NOW,
    );
    expect(empty).toMatchObject({ totalOrders: 0, totalRevenue: 0, successRate: 0, avgOrderValue: 0 });
  });

  it("counts an unpaid checkout in the roll-up only once it is paid or claimed (a checkout writes no roll-up row)", async () => {
    const rollup = async () =>
      (
        await h.db
          .selectFrom("order_daily_stats")
          .select(["status", "orders", "revenue_paise"])
          .where("orders", "<>", 0)
          .orderBy("status")
          .execute()
      ).map((r) => [r.status, Number(r.orders), Number(r.revenue_paise)]);
    const waiting = await makeOrder(h.db, { created_at: TODAY + 5, status: "awaiting_payment", price_paise: 10_000 });
    const late = await makeOrder(h.db, { created_at: TODAY + 6, status: "expired", price_paise: 20_000 });
    await makeOrder(h.db, { created_at: TODAY + 7, status: "cancelled", price_paise: 30_000 });
    expect(await rollup()).toEqual([]);

    await h.db.updateTable("orders").set({ status: "paid" }).where("id", "=", waiting.id).execute();
    await h.db.updateTable("orders").set({ status: "payment_claimed" }).where("id", "=", late.id).execute();
    expect(await rollup()).toEqual([
      ["paid", 1, 10_000],
      ["payment_claimed", 1, 20_000],
    ]);
    // A claim that came to nothing goes back out of the figures.
    await h.db.updateTable("orders").set({ status: "expired" }).where("id", "=", late.id).execute();
    expect(await rollup()).toEqual([["paid", 1, 10_000]]);
    expect(await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW)).toMatchObject({
      totalOrders: 1,
      pendingOrders: 0,
      totalRevenue: 100,
    });
  });

  it("keeps the dashboard exact as orders are paid, re-priced, refunded, moved and deleted", async () => {
    const a = await makeOrder(h.db, { created_at: TODAY + 5, status: "payment_claimed", price_paise: 10_000 });
    const b = await makeOrder(h.db, { created_at: TODAY + 6, status: "payment_claimed", price_paise: 20_000 });
    await makeOrder(h.db, { created_at: TODAY + 7, status: "delivered", price_paise: 40_000, profit_paise: 1_000 });
    const d = await makeOrder(h.db, { created_at: TODAY + 8, status: "sent", price_paise: 30_000 });
    await h.db.updateTable("orders").set({ status: "delivered", profit_paise: 2_500 }).where("id", "=", a.id).execute();
    await h.db
      .updateTable("orders")
      .set({ status: "refund_due", profit_paise: 30_000, refund_due_paise: 28_500 })
      .where("id", "=", d.id)
      .execute();
    await h.db
      .updateTable("orders")
      .set({ created_at: TODAY - DAY_MS })
      .where("id", "=", b.id)
      .execute();
    await h.db.updateTable("orders").set({ customer_name: null }).execute();
    await h.db.deleteFrom("orders").where("price_paise", "=", 40_000).execute();

    const today = await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW);
    expect(today).toMatchObject({
      totalOrders: 2,
      successOrders: 1,
      pendingOrders: 0,
      totalRevenue: 115,
      netProfit: 40,
    });
    // Refunded: still a paid order, revenue stays net of the refund.
    await h.db.updateTable("orders").set({ status: "refunded", refunded_at: NOW }).where("id", "=", d.id).execute();
    expect(await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW)).toMatchObject({
      totalOrders: 2,
      totalRevenue: 115,
      netProfit: 40,
      refundsDue: 0,
    });
    const yesterday = await getDashboard(h.db, { timeRange: "yesterday", status: "pending" }, NOW);
    expect(yesterday).toMatchObject({ totalOrders: 0, pendingOrders: 1, totalRevenue: 0 });
    // The roll-up the triggers keep equals a fresh count of the orders.
    const rollup = await h.db
      .selectFrom("order_daily_stats")
      .select(["status", "orders", "revenue_paise", "refund_paise"])
      .where("orders", ">", 0)
      .orderBy("status")
      .execute();
    expect(rollup.map((r) => [r.status, Number(r.orders), Number(r.revenue_paise), Number(r.refund_paise)])).toEqual([
      ["delivered", 1, 10_000, 0],
      ["payment_claimed", 1, 20_000, 0],
      ["refunded", 1, 30_000, 28_500],
    ]);
  });

  it("charts a one-day range hour by hour in IST, counting as the cards do", async () => {
    const HOUR = 3_600_000;
    // 00:00 IST is the first hour of the day (18:30 UTC the day before), 23:59:59.999 IST the last.
    await makeOrder(h.db, { created_at: TODAY, status: "delivered", price_paise: 10_000 });
    await makeOrder(h.db, { created_at: TODAY + 14 * HOUR + 59 * 60_000, status: "sent", price_paise: 20_000 });
    await makeOrder(h.db, {
      created_at: TODAY + 14 * HOUR,
      status: "refund_due",
      price_paise: 5_000,
      refund_due_paise: 4_000,
    });
    await makeOrder(h.db, { created_at: TODAY + DAY_MS - 1, status: "delivered", price_paise: 30_000 });
    // Pending and unpaid are no orders; the day before and after are other days.
    await makeOrder(h.db, { created_at: TODAY + 9 * HOUR, status: "payment_claimed", price_paise: 70_000 });
    await makeOrder(h.db, { created_at: TODAY + 9 * HOUR, status: "awaiting_payment", price_paise: 70_000 });
    await makeOrder(h.db, { created_at: TODAY - 1, status: "delivered", price_paise: 90_000 });
    await makeOrder(h.db, { created_at: TODAY + DAY_MS, status: "delivered", price_paise: 90_000 });

    const today = await getDashboard(h.db, { timeRange: "today", status: "all" }, NOW);
    expect(today.hourly).toHaveLength(24);
    const busy = today.hourly!.filter((x) => x.orders > 0 || x.revenuePaise > 0);
    expect(busy).toEqual([
      { hour: 0, orders: 1, revenuePaise: 10_000 },
      { hour: 14, orders: 2, revenuePaise: 21_000 },
      { hour: 23, orders: 1, revenuePaise: 30_000 },
    ]);
    // The hours add up to the day's card.
    expect(today.hourly!.reduce((s, x) => s + x.revenuePaise, 0)).toBe(today.totalRevenue * 100);
    expect(today.hourly!.reduce((s, x) => s + x.orders, 0)).toBe(today.totalOrders);

    const success = await getDashboard(h.db, { timeRange: "today", status: "success" }, NOW);
    expect(success.hourly!.filter((x) => x.orders > 0).map((x) => x.hour)).toEqual([0, 23]);
    const oneCustomDay = await getDashboard(
      h.db,
      { timeRange: "custom", status: "all", startDate: "2025-03-14", endDate: "2025-03-14" },
      NOW,
    );
    expect(oneCustomDay.hourly!.filter((x) => x.orders > 0)).toEqual([{ hour: 23, orders: 1, revenuePaise: 90_000 }]);
    // Longer ranges are drawn day by day.
    expect((await getDashboard(h.db, { timeRange: "week", status: "all" }, NOW)).hourly).toBeNull();
    expect((await getDashboard(h.db, { timeRange: "all", status: "all" }, NOW)).hourly).toBeNull();
  });

  it("filters, searches (case-insensitive), sorts and pages the orders list on the server", async () => {
    const a = await makeOrder(h.db, { created_at: TODAY + 1000, target: "Priya.Bakes", status: "delivered" });
    await makeOrder(h.db, {
      created_at: TODAY + 2000,
      target: "https://www.instagram.com/p/AbC123/",
      service_type: "likes",
      status: "refund_due",
    });
    await makeOrder(h.db, { created_at: TODAY + 3000, target: "rahul_100%", status: "cancelled" });
    await makeOrder(h.db, { created_at: TODAY - DAY_MS, target: "old.order", status: "awaiting_payment" });

    const list = (params: string) => listOrders(h.db, parseOrdersQuery(new URLSearchParams(params)), NOW);
    expect((await list("")).total).toBe(3); // default: Today
    expect((await list("range=all")).total).toBe(4);
    expect((await list("range=yesterday")).orders.map((o) => o.target)).toEqual(["old.order"]);
    // The storefront API's names still work: success = delivered, failed = refunds.
    expect((await list("range=all&status=success")).orders.map((o) => o.status)).toEqual(["delivered"]);
    expect((await list("status=failed")).orders.map((o) => o.service_type)).toEqual(["likes"]);
    expect((await list("range=all&status=action")).orders.map((o) => o.status)).toEqual(["refund_due"]);
    expect((await list("range=all&status=unpaid")).orders.map((o) => o.target)).toEqual(["old.order"]);
    expect((await list("range=all&status=closed")).orders.map((o) => o.target)).toEqual(["rahul_100%"]);
    expect((await list("q=BAKES")).orders.map((o) => o.order_id)).toEqual([a.order_id]);
    expect((await list(`q=${a.order_id.toLowerCase()}`)).orders.map((o) => o.order_id)).toEqual([a.order_id]);
    expect((await list("q=abc123")).total).toBe(1);
    expect((await list("q=LIKES")).total).toBe(1);
    expect((await list("q=100%25")).orders.map((o) => o.target)).toEqual(["rahul_100%"]);
    expect((await list("q=0%25")).total).toBe(1);
    expect((await list("q=_")).total).toBe(1);

    // "@handle" finds the account's orders: a followers order by its target, a likes order by its account (issue 45).
    const handle = await makeOrder(h.db, {
      created_at: TODAY + 4000,
      target: "priya.creates",
      target_username: "priya.creates",
    });
    const post = await makeOrder(h.db, {
      created_at: TODAY + 5000,
      service_type: "likes",
      target: "https://www.instagram.com/p/Zz9/",
      target_username: "Priya.Creates",
    });
    const account = await list("range=all&q=%40priya.creates");
    expect(account.orders.map((o) => o.order_id).sort()).toEqual([handle.order_id, post.order_id].sort());
    expect((await list("range=all&q=%40PRIYA.CREATES")).total).toBe(2);
    await h.db.deleteFrom("orders").where("order_id", "in", [handle.order_id, post.order_id]).execute();

    const page1 = await list("range=all&pageSize=3");
    const page2 = await list("range=all&pageSize=3&page=2");
    expect(page1).toMatchObject({ total: 4, pageCount: 2 });
    expect(page1.orders.map((o) => o.target)).toEqual([
      "rahul_100%",
      "https://www.instagram.com/p/AbC123/",
      "Priya.Bakes",
    ]);
    expect(page2.orders.map((o) => o.target)).toEqual(["old.order"]);
    expect((await list("range=all&sort=oldest&pageSize=1")).orders[0]!.target).toBe("old.order");
    expect((await list("range=nonsense&page=-4&status=<script>")).total).toBe(3);
  });

  it("finds orders by part of a target as they are created, edited and deleted", async () => {
    const a = await makeOrder(h.db, { created_at: TODAY + 1000, target: "Ananya.Travels" });
    const b = await makeOrder(h.db, { created_at: TODAY + 2000, target: 'quote"d_100%' });
    const targets = async (q: string) =>
      (await listOrders(h.db, parseOrdersQuery(new URLSearchParams({ q, range: "all" })), NOW)).orders.map(
        (o) => o.target,
      );

    expect(await targets("TRAVEL")).toEqual(["Ananya.Travels"]);
    expect(await targets('e"d_1')).toEqual(['quote"d_100%']);
    expect(await targets("d_100%")).toEqual(['quote"d_100%']);
    expect(await targets("travels ananya")).toEqual([]);
    expect(await targets(a.order_id.slice(2, 8))).toEqual(["Ananya.Travels"]);
    const exported = await readAll(csvStream(h.db, parseOrdersQuery(new URLSearchParams("range=all&q=travel")), NOW));
    expect(
      exported
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(",")[0]!.replaceAll('"', "")),
    ).toEqual([a.order_id]);

    await h.db.updateTable("orders").set({ target: "ananya.cooks" }).where("id", "=", a.id).execute();
    expect(await targets("travel")).toEqual([]);
    expect(await targets("cooks")).toEqual(["ananya.cooks"]);
    await h.db.deleteFrom("orders").where("id", "=", b.id).execute();
    expect(await targets("quote")).toEqual([]);
  });

  it("finds an order by what the buyer says: phone in any typed form, name, UTR, part of a phone", async () => {
    const rahul = await makeOrder(h.db, {
      created_at: TODAY - 40 * DAY_MS,
      customer_name: "Rahul Verma",
      customer_phone: "+919876543210",
      utr: "412398765432",
      target: "rv.clicks",
    });
    const meera = await makeOrder(h.db, {
      created_at: TODAY + 1000,
      customer_name: "Meera Iyer",
      customer_phone: "+917012345678",
      utr: "419876543210",
      target: "meera.eats",
    });
    await makeOrder(h.db, { created_at: TODAY + 2000, customer_name: "Kabir Khan", customer_phone: "+918012345678" });
    const ids = async (q: string, range = "all") =>
      (await listOrders(h.db, parseOrdersQuery(new URLSearchParams({ q, range })), NOW)).orders.map((o) => o.order_id);

    // A whole phone number, as people type it; over All Time and within Today.
    for (const typed of [
      "9876543210",
      "98765 43210",
      "+91 98765 43210",
      "+919876543210",
      "09876543210",
      "91-98765-43210",
    ]) {
      expect(await ids(typed), typed).toEqual([rahul.order_id]);
    }
    for (const typed of ["7012345678", "070123 45678", "+91 70123 45678"]) {
      expect(await ids(typed, "today"), typed).toEqual([meera.order_id]);
    }
    // Part of a phone number, spaces and all.
    expect(await ids("98765 432")).toEqual([rahul.order_id]);
    // The buyer's name, any case, whole or part, over a long range (the trigram index) and a short one.
    expect(await ids("rahul verma")).toEqual([rahul.order_id]);
    expect(await ids("VERM")).toEqual([rahul.order_id]);
    expect(await ids("iyer", "today")).toEqual([meera.order_id]);
    // The UTR, with or without the spaces a bank app shows; a 12-digit number may be either.
    expect(await ids("412398765432")).toEqual([rahul.order_id]);
    expect(await ids("4123 9876 5432")).toEqual([rahul.order_id]);
    expect(await ids("419876543210")).toEqual([meera.order_id]);
    // Forgotten buyers are not found by their old name or phone.
    await h.db
      .updateTable("orders")
      .set({ customer_name: null, customer_phone: null })
      .where("id", "=", rahul.id)
      .execute();
    expect(await ids("rahul verma")).toEqual([]);
    expect(await ids("9876543210")).toEqual([]);
    expect(await ids("98765 432")).toEqual([]);
    expect(await ids("rv.clicks")).toEqual([rahul.order_id]);
  });

  it("exports the filtered orders as CSV with the columns in docs/product.md, N/A and quoting", async () => {
    await makeOrder(h.db, {
      created_at: TODAY + 1000,
      customer_name: 'Rao, "Ravi"',
      status: "delivered",
      profit_paise: 1250,
      panel_order_id: "991",
      panel_charge: "0.12",
      panel_currency: "USD",
    });
    await makeOrder(h.db, {
      created_at: TODAY + 2000,
      customer_name: null,
      customer_phone: null,
      status: "refund_due",
    });
    await makeOrder(h.db, { created_at: TODAY - DAY_MS, status: "delivered" });

    const csv = await readAll(csvStream(h.db, parseOrdersQuery(new URLSearchParams("status=success")), NOW));
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    // The spec's columns first, in its order; then the bank-statement columns.
    expect(lines[0]).toMatch(
      /^"Order ID","Customer Name","Phone Number","Service Type","Target","Quantity","Price \(₹\)","Profit \(₹\)","Status","Created At","SMM Panel Order ID","SMM Panel Status","SMM Panel Charge","SMM Panel Currency","UTR",/,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^"BK\w{10}","Rao, ""Ravi""","9812345678","followers","priya\.bakes","1000","349\.00","12\.50","delivered","2025-03-15 00:00:01","991","N\/A","0\.12","USD",/,
    );

    const all = await readAll(csvStream(h.db, parseOrdersQuery(new URLSearchParams("range=all")), NOW));
    expect(all.trim().split("\r\n")).toHaveLength(4);
    expect(all).toContain(',"N/A","N/A","followers",');
    expect(exportFileName(parseOrdersQuery(new URLSearchParams("q=priya b!&status=failed")), "csv", NOW)).toBe(
      // "failed" is the old name of the Refunds filter; the file is named for the filter it means.
      "orders_export_2025-03-15_12-00-00_today_refunds_priyab.csv",
    );
  });

  it("walks more orders than one export batch without repeating or skipping any", async () => {
    const template = await makeOrder(h.db, { created_at: TODAY });
    const { id: _id, ...rest } = template;
    for (let start = 1; start < 2100; start += 300) {
      const batch = Array.from({ length: Math.min(300, 2100 - start) }, (_, k) => ({
        ...rest,
        order_id: `BK${String(start + k).padStart(10, "0")}`,
        // Many orders share a millisecond, so the keyset must break ties by id.
        created_at: TODAY + Math.floor((start + k) / 3),
      }));
      await h.db.insertInto("orders").values(batch).execute();
    }
    const csv = await readAll(csvStream(h.db, parseOrdersQuery(new URLSearchParams("range=all")), NOW));
    const ids = csv
      .trim()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(",")[0]!.replaceAll('"', ""));
    expect(ids).toHaveLength(2100);
    expect(new Set(ids).size).toBe(2100);
  });
});
