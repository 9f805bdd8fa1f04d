import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { PAID_STATUSES } from "~/domain/dashboard/dashboard.server";
import { netProfitPaise } from "~/domain/orders/profit";
import { type OrderStatus, refundPaise } from "~/domain/orders/lifecycle";
import { PAYMENT_MESSAGES } from "~/domain/payments/payment.server";
import { maskHandle } from "~/domain/orders/recent";
import { readSiteSettings } from "~/domain/settings/settings.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * The lifecycle through the real production server and its background jobs,
 * with short windows: payment windows close on the server's clock, confirmed
 * orders go to the (in-process, simulated) SMM panel on their own, delivery
 * follows the panel, and the operator's dashboard, recent orders and live
 * pulse tell the truth about it.
 */

// The shop's own window: the test moves a deadline back instead of waiting for one.
const WINDOW_S = 300;
const GRACE_S = 6;
const LINK = "https://www.instagram.com/p/C8xYz12AbCd/";

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe.each(testDatabases())("order flows through the server on $name", (kind: TestDatabase) => {
  let shop: TestShop;
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let cookie = "";
  let planIds: Record<string, number> = {};
  let panelUrl = "";
  const ids: Record<"A" | "B" | "C" | "D" | "E" | "F", string> = { A: "", B: "", C: "", D: "", E: "", F: "" };

  beforeAll(async () => {
    shop = await startTestShop({
      engine: kind,
      simulator: true,
      // The jobs run when the test asks; a window or a status check comes due by moving its time in the database.
      jobs: "asked",
      env: {
        ORDER_RATE_LIMIT_PER_MINUTE: "1000",
        PAYMENT_WINDOW_SECONDS: String(WINDOW_S),
        PAYMENT_GRACE_SECONDS: String(GRACE_S),
        PAYMENT_JOB_INTERVAL_MS: "200",
        PANEL_SYNC_INTERVAL_MS: "200",
      },
    });
    ({ server, cookie, planIds } = shop);
    handle = shop.db;
    // The demo points the panel URL setting at the simulator's API, as its API page would show it.
    const apiUrl = (await readSiteSettings(handle.db)).panelUrl;
    expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    panelUrl = new URL(apiUrl).origin;
  });
  afterAll(async () => shop?.stop());

  const json = (path: string, body: unknown, method = "POST") =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json", cookie, origin: server.url },
      body: JSON.stringify(body),
    });
  const admin = async (path: string) =>
    (await (await fetch(`${server.url}${path}`, { headers: { cookie } })).json()) as Record<string, unknown>;
  const act = (orderId: string, action: string) =>
    fetch(`${server.url}/api/admin/orders/${orderId}/${action}`, {
      method: "POST",
      headers: { cookie, origin: server.url },
    });
  async function order(plan: string, username: string, postLink?: string) {
    const res = await json("/api/create-order", {
      planId: planIds[plan],
      username,
      postLink,
      customerName: "Priya",
      customerPhone: "9876543210",
      agreedToTerms: true,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { order: { orderId: string; paymentDeadlineAt: number } }).order;
  }
  const status = async (orderId: string) =>
    ((await (await fetch(`${server.url}/api/order-status?orderId=${orderId}`)).json()) as { status: OrderStatus })
      .status;
  const row = (orderId: string) =>
    handle.db.selectFrom("orders").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
  const setting = async (key: string, value: string) =>
    expect((await json("/api/admin/setting", { key, value })).status).toBe(200);
  const advancePanel = async (ms: number) =>
    expect(
      (await fetch(`${panelUrl}/simulator/advance`, { method: "POST", body: new URLSearchParams({ ms: String(ms) }) }))
        .status,
    ).toBe(200);
  /** The order's payment window closed `ago` ms ago, as if that much time had passed since. */
  const windowClosed = (orderId: string, ago: number) =>
    handle.db
      .updateTable("orders")
      .set({ payment_deadline_at: Date.now() - ago })
      .where("order_id", "=", orderId)
      .execute();
  /** The order's next status check is due now, and the jobs take their turn (the sync's interval, not waited for). */
  const syncNow = async (orderId: string) => {
    await handle.db
      .updateTable("orders")
      .set({ panel_next_sync_at: Date.now() - 1 })
      .where("order_id", "=", orderId)
      .where("panel_next_sync_at", "is not", null)
      .execute();
    await shop.runJobs();
  };
  const history = async (orderId: string) =>
    (
      await handle.db
        .selectFrom("audit_log")
        .select(["action", "actor", "details"])
        .where("target_id", "=", orderId)
        .orderBy("id")
        .execute()
    ).map((e) => ({
      action: e.action,
      actor: e.actor,
      details: JSON.parse(e.details ?? "{}") as Record<string, unknown>,
    }));

  it("closes an unpaid window on the server's clock; a late UTR is taken within the grace period, not after", async () => {
    const a = await order("Starter Followers", "late.payer");
    const b = await order("Starter Followers", "too.late.payer");
    ids.A = a.orderId;
    ids.B = b.orderId;
    // Nobody asks: the server's own job closes the window once it has run out.
    await shop.runJobs();
    expect(await status(a.orderId)).toBe("awaiting_payment");
    await windowClosed(a.orderId, 1_000);
    await shop.runJobs();
    expect(await status(a.orderId)).toBe("expired");
    expect((await history(a.orderId))[0]).toEqual({
      action: "order.expire",
      actor: "system:payment-expiry",
      details: { from: "awaiting_payment", to: "expired", reason: "the payment window closed with no payment" },
    });
    // Paid at 4:59, reference typed after the window: still welcome.
    const late = await json(`/api/orders/${a.orderId}/utr`, { utr: "5555 6666 7777" });
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({
      order: { status: "payment_claimed", view: { stage: "confirming" } },
    });

    // B's window closed longer ago than the grace period.
    await windowClosed(b.orderId, GRACE_S * 1000 + 1_000);
    await shop.runJobs();
    expect(await status(b.orderId)).toBe("expired");
    const tooLate = await json(`/api/orders/${b.orderId}/utr`, { utr: "888899990000" });
    expect(tooLate.status).toBe(409);
    expect(await tooLate.json()).toMatchObject({ success: false, message: PAYMENT_MESSAGES.tooLate });
    expect(await row(b.orderId)).toMatchObject({ status: "expired", utr: null });
  }, 60_000);

  it("sends a confirmed payment to the panel on its own, and follows delivery as the panel progresses", async () => {
    const c = await order("Basic Followers", "happy.buyer");
    ids.C = c.orderId;
    expect((await json(`/api/orders/${c.orderId}/utr`, { utr: "123443211234" })).status).toBe(200);
    const confirmed = await act(c.orderId, "confirm-payment");
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ success: true, message: "Payment confirmed" });

    const sent = await until(
      () => row(c.orderId),
      (r) => r.status === "sent",
      "the automatic send",
    );
    expect(sent).toMatchObject({ paid_by: "owner", panel_status: "pending" });
    expect(sent.panel_order_id).toMatch(/^\d+$/);
    expect((await history(c.orderId)).map((e) => [e.action, e.actor])).toEqual([
      ["order.claimPayment", "buyer"],
      ["order.confirmPayment", "owner"],
      ["order.send", "system:auto-send"],
      ["order.placed", "system:auto-send"],
    ]);

    await advancePanel(25_000);
    await syncNow(c.orderId);
    expect(await status(c.orderId)).toBe("delivering");
    await advancePanel(100_000);
    await syncNow(c.orderId);
    const delivered = await row(c.orderId);
    expect(delivered.status).toBe("delivered");
    expect(delivered).toMatchObject({ panel_status: "completed", panel_remains: 0, panel_next_sync_at: null });
    expect(delivered.profit_paise).not.toBeNull();
    const details = await admin(`/api/admin/orders/${c.orderId}`);
    expect(details.order).toMatchObject({ status: "delivered", statusLabel: "Delivered", delivered: 500 });
  }, 60_000);

  it("stops a paid order the panel refuses for the operator, who refunds it in full", async () => {
    await setting("VITE_SMM_PANEL_LIKES_SERVICE_ID", "999");
    const e = await order("Starter Likes", "likes.buyer", LINK);
    ids.E = e.orderId;
    expect((await act(e.orderId, "confirm-payment")).status).toBe(200);
    // Refused outright: the order waits for the operator's decision; nothing is owed by itself.
    const refused = await until(
      () => row(e.orderId),
      (r) => r.status === "failed",
      "the refused send",
    );
    expect(refused).toMatchObject({ refund_due_paise: null, panel_error: "Incorrect service ID" });
    expect((await act(e.orderId, "cancel")).status).toBe(200);
    const owed = await row(e.orderId);
    expect(owed.status).toBe("refund_due");
    // The buyer paid the listed ₹19 less the few paise that made the amount unique; the refund is of that.
    expect(owed.price_paise).toBeLessThan(1_900);
    expect(owed).toMatchObject({
      refund_due_paise: refundPaise(owed.price_paise, 100, 100, "panel", 5),
      refund_fee_paise: 0,
      cancelled_by: "panel",
      panel_error: "Incorrect service ID",
      panel_order_id: null,
    });
    expect(refundPaise(1_899, 100, 100, "panel", 5)).toBe(1_899);
    const details = await admin(`/api/admin/orders/${e.orderId}`);
    expect(details.order).toMatchObject({ status: "refund_due", refund: { due: owed.refund_due_paise! / 100 } });
    // A payment reference now changes nothing: the payment is already confirmed.
    const utr = await json(`/api/orders/${e.orderId}/utr`, { utr: "121212121212" });
    expect(utr.status).toBe(409);
  }, 60_000);

  it("leaves a confirmed payment 'paid' when automatic sending is off", async () => {
    await setting("AUTO_SEND_PAID_ORDERS", "false");
    const d = await order("Starter Followers", "manual.send");
    ids.D = d.orderId;
    expect((await act(d.orderId, "confirm-payment")).status).toBe(200);
    // The payment jobs and the sync run, twice; nothing sends it.
    await shop.runJobs();
    await shop.runJobs();
    expect(await row(d.orderId)).toMatchObject({ status: "paid", panel_order_id: null, paid_by: "owner" });
    expect((await history(d.orderId)).map((h) => h.action)).toEqual(["order.confirmPayment"]);
  }, 30_000);

  it("counts only paid orders on the dashboard, takes refunds off revenue, and shows only paid orders as recent", async () => {
    // An unpaid checkout: not a sale.
    ids.F = (await order("Pro Followers", "window.shopper")).orderId;
    const rows = await handle.db.selectFrom("orders").selectAll().execute();
    const paid = rows.filter((r) => (PAID_STATUSES as readonly string[]).includes(r.status));
    expect(paid.map((r) => r.order_id).sort()).toEqual([ids.C, ids.D, ids.E].sort());
    const revenue = paid.reduce((sum, r) => sum + r.price_paise - (r.refund_due_paise ?? 0), 0);
    // One profit per order (profit.ts), summed where known.
    const profit = paid.reduce((sum, r) => sum + (netProfitPaise(r) ?? 0), 0);
    const { data } = await admin("/api/admin/dashboard?timeRange=all");
    expect(data).toMatchObject({
      totalOrders: 3,
      successOrders: 1,
      pendingOrders: 1,
      totalRevenue: revenue / 100,
      netProfit: profit / 100,
      refundsDue: 1,
      refundsDueAmount: paid.find((r) => r.order_id === ids.E)!.refund_due_paise! / 100,
    });
    // The refused order is refunded in full: it earned nothing and lost nothing.
    const e = paid.find((r) => r.order_id === ids.E)!;
    expect(e.price_paise - e.refund_due_paise!).toBe(0);
    expect(netProfitPaise(e)).toBe(0);

    const recent = (await (await fetch(`${server.url}/api/recent-orders?serviceType=followers`)).json()) as {
      orders: Array<{ handle: string; quantity: number }>;
    };
    expect(recent.orders.map((o) => o.handle)).toEqual([maskHandle("manual.send"), maskHandle("happy.buyer")]);
    const likes = (await (await fetch(`${server.url}/api/recent-orders?serviceType=likes`)).json()) as {
      orders: unknown[];
    };
    expect(likes.orders).toEqual([]);
  });

  it("pulses the payments waiting for confirmation, and a new version whenever an order changes", async () => {
    const before = (await admin("/api/admin/pulse")).pulse as { version: number; toConfirm: number; toCheck: number };
    expect(before).toMatchObject({ toConfirm: 1, toCheck: 0 });
    const latest = await handle.db
      .selectFrom("orders")
      .select((eb) => eb.fn.max("updated_at").as("at"))
      .executeTakeFirstOrThrow();
    expect(before.version).toBe(Number(latest.at));
    // The claimed late payment (A) is confirmed: one fewer to confirm, and the version moves on.
    expect((await act(ids.A, "confirm-payment")).status).toBe(200);
    const after = (await admin("/api/admin/pulse")).pulse as { version: number; toConfirm: number };
    expect(after.toConfirm).toBe(0);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.version).toBe(Number((await row(ids.A)).updated_at));
  });
});
