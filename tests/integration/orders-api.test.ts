import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER_MESSAGES } from "~/domain/orders/buyer-contact";
import { trackOrder } from "~/domain/orders/order-tracking.server";
import { INPUT_MESSAGES } from "~/domain/orders/instagram-input";
import { TERMS_VERSION } from "~/domain/content/terms-version";
import { createOrder } from "~/domain/checkout/create-order.server";
import { findOrderStatus } from "~/domain/orders/orders.repository.server";
import { claimPayment, confirmPayment } from "~/domain/payments/payment.server";
import { expireOverdueOrders } from "~/domain/payments/payment-jobs.server";
import { recentOrders } from "~/domain/orders/recent.server";
import { demoPlans } from "~/db/seed.server";
import { insertPlans } from "~/domain/plans/plans.server";
import { createSettingsCache } from "~/domain/settings/settings.server";
import type { Config } from "../../app/lib/server/config.server";
import { freshDatabase, testDatabases } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";

const LINK = "https://www.instagram.com/p/C8xYz12AbCd/";
const REEL = "https://www.instagram.com/reel/C8xYz12AbCd/";

describe.each(testDatabases())("order API on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;
  let planIds: Record<string, number>;

  beforeAll(async () => {
    shop = await startTestShop({ engine: kind, admin: false, env: { ORDER_RATE_LIMIT_PER_MINUTE: "1000" } });
    ({ server, planIds } = shop);
  });
  afterAll(async () => shop?.stop());

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const base = () => ({
    planId: planIds["Starter Followers"],
    username: "@rahul_k",
    customerName: "Priya",
    customerPhone: "9876543210",
    agreedToTerms: true,
  });

  it("lists only enabled plans of a service, cheapest first", async () => {
    const res = await fetch(`${server.url}/api/plans?serviceType=likes`);
    const body = (await res.json()) as { plans: Array<{ serviceType: string; price: number; amount: string }> };
    expect(body.plans.length).toBeGreaterThan(1);
    expect(body.plans.every((p) => p.serviceType === "likes" && Number(p.amount) >= 100)).toBe(true);
    const prices = body.plans.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await fetch(`${server.url}/api/plans?serviceType=nope`)).status).toBe(400);
  });

  it("ignores a tampered price, amount, status and order id", async () => {
    const res = await post("/api/create-order", {
      ...base(),
      price: 1,
      amount: 100000,
      status: "completed",
      orderId: "#123456",
      serviceType: "views",
    });
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as {
      order: { orderId: string; price: number; amount: number; status: string; serviceType: string };
    };
    expect(order).toMatchObject({ amount: 100, status: "awaiting_payment", serviceType: "followers" });
    // The listed ₹49 less the few paise that make this order's amount unique.
    expect(order.price).toBeLessThan(49);
    expect(order.price).toBeGreaterThanOrEqual(48.01);
    expect(order.orderId).toMatch(/^BK[0-9A-Z]{10}$/);
    const status: unknown = await (await fetch(`${server.url}/api/order-status?orderId=${order.orderId}`)).json();
    expect(status).toEqual({ success: true, status: "awaiting_payment" });
  });

  it("returns the same order for the same idempotency key", async () => {
    const body = { ...base(), idempotencyKey: `key-${kind.name}-same-1` };
    const first = (await (await post("/api/create-order", body)).json()) as { order: { orderId: string } };
    const again = await post("/api/create-order", body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { order: { orderId: string } }).order.orderId).toBe(first.order.orderId);
  });

  it("creates exactly one order per request under concurrency, and one per key", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post("/api/create-order", { ...base(), idempotencyKey: `conc-${kind.name}-${i}-xyz` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = await Promise.all(
      results.map(async (r) => ((await r.json()) as { order: { orderId: string } }).order.orderId),
    );
    expect(new Set(ids).size).toBe(50);

    const sameKey = await Promise.all(
      Array.from({ length: 10 }, () =>
        post("/api/create-order", { ...base(), idempotencyKey: `race-${kind.name}-one` }),
      ),
    );
    const raced = await Promise.all(
      sameKey.map(async (r) => ((await r.json()) as { order: { orderId: string } }).order.orderId),
    );
    expect(new Set(raced).size).toBe(1);
  });

  it.each([
    [{ username: "@" }, "❌ Invalid username!"],
    [{ customerName: "  " }, "Please enter your name"],
    [{ customerPhone: "" }, "Please enter your phone number"],
    [{ customerPhone: "98765" }, "Please enter a valid 10-digit phone number"],
    [{ customerPhone: "5876543210" }, BUYER_MESSAGES.phoneNotMobile],
    [{ planId: undefined }, "No plan selected. Please try again."],
    [{ username: "😀😀" }, INPUT_MESSAGES.usernameCharacters],
    [{ username: "@@@" }, INPUT_MESSAGES.usernameCharacters],
    [{ username: "rahul..k" }, INPUT_MESSAGES.usernameDoubleDot],
    // The agreement is the API's rule, not only the dialog's: a caller that skips the box makes no order.
    [{ agreedToTerms: undefined }, BUYER_MESSAGES.agreementRequired],
    [{ agreedToTerms: false }, BUYER_MESSAGES.agreementRequired],
  ])("followers: %j → %s", async (change, message) => {
    const res = await post("/api/create-order", { ...base(), ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message, code: "INVALID_INPUT" });
  });

  it.each([
    ["Starter Views", { postLink: "" }, "Please enter your Instagram post link"],
    ["Starter Views", { postLink: LINK }, "Invalid link! Enter a (reel, or IGTV) link"],
    [
      "Starter Likes",
      { username: "rahul", postLink: "https://www.instagram.com/rahul/" },
      "Invalid link! Enter a (post or reel) link",
    ],
    [
      "Starter Comments",
      { username: "rahul", postLink: "https://example.com/p/abc/" },
      "Invalid link! Enter a (post or reel) link",
    ],
    ["Starter Comments", { username: "", postLink: REEL }, "❌ Invalid username!"],
  ])("%s: %j → %s", async (plan, change, message) => {
    const res = await post("/api/create-order", { ...base(), username: undefined, planId: planIds[plan], ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message, code: "INVALID_INPUT", field: "target" });
  });

  it("answers bad bodies and unknown orders with 4xx JSON, never a 500", async () => {
    expect((await post("/api/create-order", "not json")).status).toBe(400);
    expect((await post("/api/create-order", { ...base(), customerName: 42 })).status).toBe(400);
    const wrongType = await fetch(`${server.url}/api/create-order`, { method: "POST", body: "x" });
    expect(wrongType.status).toBe(415);
    expect((await post("/api/create-order", { ...base(), planId: 999999 })).status).toBe(404);
    // Past PostgreSQL's integer range (found by the hostile-input properties: it was a 500 there).
    expect((await post("/api/create-order", { ...base(), planId: 2147483648 })).status).toBe(400);
    expect((await fetch(`${server.url}/api/order-status?orderId=BK0000000000`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/order-status?orderId=../x`)).status).toBe(400);
    expect((await post("/api/orders/BK0000000000/utr", { utr: "123456789012" })).status).toBe(404);
  });

  it("gives the browser no way to close a payment window: the old cancel endpoint is gone", async () => {
    const { order } = (await (await post("/api/create-order", base())).json()) as { order: { orderId: string } };
    // No route takes it any more: the site's "not found"/"method not allowed" answer.
    expect([404, 405]).toContain((await post(`/api/orders/${order.orderId}/cancel`, {})).status);
    const status: unknown = await (await fetch(`${server.url}/api/order-status?orderId=${order.orderId}`)).json();
    expect(status).toEqual({ success: true, status: "awaiting_payment" });
  });

  it("takes a UTR once per order and never the same UTR for two orders", async () => {
    const { order } = (await (await post("/api/create-order", base())).json()) as { order: { orderId: string } };
    expect((await post(`/api/orders/${order.orderId}/utr`, { utr: "12345" })).status).toBe(400);
    const taken = await post(`/api/orders/${order.orderId}/utr`, { utr: "1122 3344 5566" });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({
      success: true,
      message: "Payment reference received. We are confirming your payment.",
      order: { orderId: order.orderId, status: "payment_claimed", utrSubmitted: true, view: { stage: "confirming" } },
    });
    // The same reference again (a double tap) is answered as a success; another one is refused.
    expect((await post(`/api/orders/${order.orderId}/utr`, { utr: "112233445566" })).status).toBe(200);
    const second = await post(`/api/orders/${order.orderId}/utr`, { utr: "665544332211" });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ message: "A payment reference was already submitted for this order" });
    const other = (await (await post("/api/create-order", base())).json()) as { order: { orderId: string } };
    const reused = await post(`/api/orders/${other.order.orderId}/utr`, { utr: "112233445566" });
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { message: string }).message).toBe(
      "This UPI reference number has already been used for another order",
    );
    const status: unknown = await (await fetch(`${server.url}/api/order-status?orderId=${other.order.orderId}`)).json();
    expect(status).toEqual({ success: true, status: "awaiting_payment" });
  });
});

describe.each(testDatabases())("buyer order rules on $name", (kind) => {
  let handle: Awaited<ReturnType<typeof freshDatabase>>;
  const config = { PAYMENT_WINDOW_SECONDS: 300 } as Config;
  const T0 = 1_800_000_000_000;

  beforeAll(async () => {
    handle = await freshDatabase(kind);
    await insertPlans(handle.db, demoPlans(T0));
  });
  afterAll(async () => handle?.cleanup());

  async function newOrder(key?: string, now = T0) {
    const plan = await handle.db
      .selectFrom("plans")
      .select("id")
      .where("name", "=", "Starter Likes")
      .executeTakeFirstOrThrow();
    const result = await createOrder(
      { db: handle.db, settings: createSettingsCache(handle.db), config },
      {
        planId: plan.id,
        username: "rahul.k",
        postLink: LINK,
        customerName: "Priya",
        customerPhone: "+919876543210",
        agreedToTerms: true,
        idempotencyKey: key,
      },
      now,
    );
    return result.order;
  }

  it("sets an awaiting-payment status and a deadline 300 s after creation", async () => {
    const order = await newOrder();
    expect(order).toMatchObject({
      status: "awaiting_payment",
      payment_deadline_at: T0 + 300_000,
      target: LINK,
      target_username: "rahul.k",
      listed_price_paise: 1900,
      // The buyer's agreement to the terms: when, and to which terms.
      terms_agreed_at: T0,
      terms_version: TERMS_VERSION,
    });
    // A few paise off the listed price: an amount no other open order is asked for.
    expect(order.price_paise).toBeLessThan(1900);
    expect(order.price_paise).toBeGreaterThanOrEqual(1801);
  });

  it("expires an unpaid order only after its window, and never one with a UTR or already paid", async () => {
    const grace = { graceSeconds: 3600 };
    const unpaid = await newOrder();
    expect(await expireOverdueOrders({ db: handle.db }, T0 + 60_000)).toBe(0);
    expect(await findOrderStatus(handle.db, unpaid.order_id)).toBe("awaiting_payment");

    const withUtr = await newOrder();
    expect(
      await claimPayment(handle.db, withUtr.order_id, "1234 5678 9012", { ...grace, now: T0 + 1000 }),
    ).toMatchObject({ status: "payment_claimed", utr: "123456789012" });
    const paid = await newOrder();
    await confirmPayment(handle.db, paid.order_id, { kind: "operator", name: "owner" }, {}, { now: T0 + 2000 });

    // The order of the test above is overdue too.
    expect(await expireOverdueOrders({ db: handle.db }, T0 + 300_000)).toBe(2);
    expect(await findOrderStatus(handle.db, unpaid.order_id)).toBe("expired");
    expect(await findOrderStatus(handle.db, withUtr.order_id)).toBe("payment_claimed");
    expect(await findOrderStatus(handle.db, paid.order_id)).toBe("paid");
    // A second run finds nothing left to close.
    expect(await expireOverdueOrders({ db: handle.db }, T0 + 400_000)).toBe(0);

    // A late UTR within the grace period revives the expired order; a different second UTR is refused.
    expect(
      await claimPayment(handle.db, unpaid.order_id, "998877665544", { ...grace, now: T0 + 400_000 }),
    ).toMatchObject({ status: "payment_claimed" });
    await expect(
      claimPayment(handle.db, withUtr.order_id, "210987654321", { ...grace, now: T0 + 400_000 }),
    ).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    await expect(
      claimPayment(handle.db, paid.order_id, "210987654321", { ...grace, now: T0 + 400_000 }),
    ).rejects.toMatchObject({ code: "INVALID_TRANSITION", message: "The payment for this order is already confirmed" });
    expect(await findOrderStatus(handle.db, paid.order_id)).toBe("paid");
  });

  it("makes no order without the buyer's agreement to the terms", async () => {
    const before = await handle.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const plan = await handle.db
      .selectFrom("plans")
      .select("id")
      .where("name", "=", "Starter Views")
      .executeTakeFirstOrThrow();
    await expect(
      createOrder(
        { db: handle.db, settings: createSettingsCache(handle.db), config },
        { planId: plan.id, postLink: REEL, customerName: "Priya", customerPhone: "9876543210", agreedToTerms: false },
        T0,
      ),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: BUYER_MESSAGES.agreementRequired,
      details: { field: "agreedToTerms" },
    });
    const after = await handle.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses to start a payment when no receiving account takes checkouts", async () => {
    // Every receiving account paused (Admin → Payments): no UPI ID the checkout could show.
    await handle.db.updateTable("receiving_accounts").set({ paused: 1 }).execute();
    const plan = await handle.db
      .selectFrom("plans")
      .select("id")
      .where("name", "=", "Starter Views")
      .executeTakeFirstOrThrow();
    const result = createOrder(
      { db: handle.db, settings: createSettingsCache(handle.db), config },
      { planId: plan.id, postLink: REEL, customerName: "Priya", customerPhone: "9876543210", agreedToTerms: true },
      T0,
    );
    await expect(result).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Failed to create payment. Please try again or contact support.",
      details: { reason: "PAYMENT_SETUP" },
    });
    await handle.db.updateTable("receiving_accounts").set({ paused: 0 }).execute();
  });

  it("tracks an order by id and phone, with the panel's progress", async () => {
    const order = await newOrder();
    await handle.db
      .updateTable("orders")
      .set({ status: "delivering", panel_start_count: 1200, panel_remains: 40 })
      .where("order_id", "=", order.order_id)
      .execute();
    expect(await trackOrder(handle.db, order.order_id, "9876543210")).toMatchObject({
      status: "delivering",
      quantity: 100,
      startCount: 1200,
      view: { stage: "delivering", delivered: 60 },
      target: LINK,
    });
    expect(await trackOrder(handle.db, `#${order.order_id.toLowerCase()}`, "+91 98765 43210")).not.toBeNull();
    expect(await trackOrder(handle.db, order.order_id, "9999999999")).toBeNull();
  });

  it("shows recent orders masked, only paid ones", async () => {
    // So far: unpaid, expired, claimed and cancelled-free orders, one paid and one delivering (above).
    const statuses = (await handle.db.selectFrom("orders").select("status").execute()).map((r) => r.status);
    expect(statuses.filter((s) => s === "paid" || s === "delivering")).toHaveLength(2);
    expect(statuses.length).toBeGreaterThan(2);
    const recent = await recentOrders(handle.db, "likes", T0 + 1000);
    expect(recent).toEqual([
      { handle: "ra***k", quantity: 100, createdAt: T0 },
      { handle: "ra***k", quantity: 100, createdAt: T0 },
    ]);
  });
});
