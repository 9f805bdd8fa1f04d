import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { getDashboard, parseDashboardQuery } from "~/domain/dashboard/dashboard.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import { CODE_TAKEN, createCoupon, toggleCoupon, updateCoupon } from "~/domain/coupons/coupon-admin.server";
import type { CouponFormInput } from "~/domain/coupons/coupon-form";
import { COUPON_MESSAGES, COUPON_REASONS } from "~/domain/coupons/coupon-messages";
import { COUPON_TRIES_PER_MINUTE } from "~/domain/coupons/guess-limit";
import { quoteForPlan } from "~/domain/coupons/redeem.server";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { csvStream } from "~/domain/orders/export.server";
import { EXPORT_HEADERS } from "~/domain/orders/export-columns";
import { parseOrdersQuery } from "~/domain/orders/list.server";
import { trackedOrder } from "~/domain/orders/order-tracking.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { recordCredit } from "~/domain/payments/matching.server";
import { expireOverdueOrders } from "~/domain/payments/payment-jobs.server";
import { candidateAmounts } from "~/domain/payments/unique-amount.server";
import { createSettingsCache, writeSettings } from "~/domain/settings/settings.server";
import { type AppError, isAppError } from "~/lib/app-error";
import { createOrderReply } from "../../server/hot-routes/create-order-reply";
import { loadConfig } from "~/lib/server/config.server";
import { type TestDatabase, testDatabases } from "../support/databases";

/**
 * Coupons (issue 51, point 6) on SQLite and on PostgreSQL from several pools:
 * the server prices the order whatever the browser sends, the limits hold
 * under concurrent checkouts, an expired order gives its use back, the bank
 * alert for the discounted amount confirms the order, and the order page,
 * /track and the export say what the coupon took off.
 */

const logger = pino({ level: "silent" });
const owner = { name: "owner" };
const GRACE = { graceSeconds: 86_400 };

const coupon = (over: Partial<CouponFormInput>): CouponFormInput => ({
  code: "FIRST10",
  kind: "percent",
  amount: "10",
  minOrder: 0,
  serviceTypes: [],
  planIds: [],
  startsAt: null,
  endsAt: null,
  totalUses: null,
  usesPerPhone: null,
  enabled: true,
  ...over,
});

/** What a checkout came to: the order, or the refusal's reason. Anything else fails the test. */
async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "created";
  } catch (error) {
    if (isAppError(error)) return String(error.details.reason ?? error.code);
    throw error;
  }
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(testDatabases())("coupons on $name", (kind: TestDatabase) => {
  let main: DatabaseHandle;
  let others: DatabaseHandle[] = [];
  let drop: () => Promise<void>;
  let followersPlan = 0;
  let likesPlan = 0;
  let phoneSeq = 0;

  const servicesOn = (h: DatabaseHandle): AppServices => ({
    db: h.db,
    dialect: h.dialect,
    settings: createSettingsCache(h.db, 0),
    config: loadConfig({}),
    logger,
  });
  const pools = () => [main, ...others];

  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    main = openDatabase(created.target);
    await migrateToLatest(main.db, main.dialect);
    others =
      created.target.kind === "postgres"
        ? [openDatabase({ ...created.target, poolSize: 5 }), openDatabase({ ...created.target, poolSize: 5 })]
        : [];
    await writeSettings(main.db, { upiId: "shop@okaxis", merchantName: "Boost Shop", autoSendPaidOrders: false });
    const now = Date.now();
    const plan = (price: number, name: string, serviceType: "followers" | "likes") =>
      main.db
        .insertInto("plans")
        .values({
          service_type: serviceType,
          name,
          quantity: 1000,
          price_paise: price,
          tag: null,
          is_enabled: 1,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    followersPlan = (await plan(34_900, "Popular", "followers")).id;
    likesPlan = (await plan(9_900, "Likes", "likes")).id;
  });
  afterAll(async () => {
    for (const h of others) await h.close();
    await main?.close();
    await drop?.();
  });

  const buyer = (phone = `98${String(10_000_000 + phoneSeq++).slice(-8)}`) => ({
    username: `buyer.${phoneSeq}`,
    customerName: "Asha Verma",
    customerPhone: phone,
    agreedToTerms: true,
  });

  it("prices the order on the server: a forged price is ignored, the code is read in any case", async () => {
    await createCoupon(main.db, owner, coupon({ code: "FIRST10" }));
    const body = JSON.stringify({
      planId: followersPlan,
      ...buyer(),
      couponCode: " first10 ",
      price: 1,
      pricePaise: 100,
      discountPaise: 34_800,
      amount: 1,
    });
    const reply = await createOrderReply(servicesOn(main), "203.0.113.20", {
      contentLength: String(Buffer.byteLength(body)),
      contentType: "application/json",
      text: () => Promise.resolve(body),
    });
    expect(reply.status).toBe(201);
    const orderId = (reply.body as { order: { orderId: string } }).order.orderId;
    const order = (await findOrder(main.db, orderId))!;
    // ₹349 less 10% (₹34.90): ₹314.10 listed, the amount to pay a few paise under it.
    expect(order).toMatchObject({ coupon_code: "FIRST10", discount_paise: 3_490, listed_price_paise: 31_410 });
    expect(candidateAmounts(31_410)).toContain(order.price_paise);

    // The bank's alert for the discounted amount confirms it.
    const credit = await recordCredit(
      main.db,
      {
        source: "sms",
        amountPaise: order.price_paise,
        at: Date.now(),
        evidence: { text: "credited" },
        utr: "412345000001",
      },
      GRACE,
    );
    expect(credit).toMatchObject({ kind: "confirmed", order: { order_id: orderId } });

    // The order page and /track say what it took off; an order without a code says nothing.
    const paid = (await findOrder(main.db, orderId))!;
    // The dashboard counts what the buyer paid, after the discount (profit is that less the panel's charge).
    const dashboard = await getDashboard(main.db, parseDashboardQuery(new URLSearchParams("timeRange=all")));
    expect(Math.round(dashboard.totalRevenue * 100)).toBe(paid.price_paise);
    expect(toAdminOrderJson(paid).coupon).toEqual({ code: "FIRST10", discount: 34.9, planPrice: 349 });
    expect(trackedOrder(paid)).toMatchObject({ couponCode: "FIRST10", discountPaise: 3_490 });
    const plain = (await createOrder(servicesOn(main), { planId: followersPlan, ...buyer() })).order;
    expect(plain).toMatchObject({ coupon_code: null, discount_paise: 0, listed_price_paise: 34_900 });
    expect(toAdminOrderJson(plain).coupon).toBeNull();
  });

  it("limits guessing: past 10 codes a minute from one address, one refusal, 429 with Retry-After", async () => {
    const ip = kind.name === "sqlite" ? "198.51.100.71" : "198.51.100.72";
    const attempt = (i: number) => {
      const body = JSON.stringify({ planId: followersPlan, ...buyer(), couponCode: `GUESS${i}` });
      return createOrderReply(servicesOn(main), ip, {
        contentLength: String(Buffer.byteLength(body)),
        contentType: "application/json",
        text: () => Promise.resolve(body),
      });
    };
    for (let i = 0; i < COUPON_TRIES_PER_MINUTE; i++) {
      const reply = await attempt(i);
      expect([reply.status, reply.body.reason]).toEqual([400, COUPON_REASONS.unknown]);
    }
    const limited = await attempt(99);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      code: "RATE_LIMITED",
      message: COUPON_MESSAGES.tooManyTries,
      field: "coupon",
    });
    expect(Number(limited.headers?.["Retry-After"])).toBeGreaterThan(0);
    expect(Number(limited.headers?.["Retry-After"])).toBeLessThanOrEqual(60);
  });

  it("says why a code cannot be used: unknown, not started, expired, below the minimum, not for this plan", async () => {
    const now = Date.now();
    await createCoupon(main.db, owner, coupon({ code: "SOON", startsAt: now + 3_600_000 }));
    await createCoupon(main.db, owner, coupon({ code: "OVER", endsAt: now - 1 }));
    await createCoupon(main.db, owner, coupon({ code: "BIG500", minOrder: 50_000 }));
    await createCoupon(main.db, owner, coupon({ code: "LIKESONLY", serviceTypes: ["likes"] }));
    await createCoupon(main.db, owner, coupon({ code: "OFF", enabled: false }));
    const reasons = await Promise.all(
      ["NOPE", "SOON", "OVER", "BIG500", "LIKESONLY", "OFF"].map((code) =>
        outcome(createOrder(servicesOn(main), { planId: followersPlan, ...buyer(), couponCode: code })),
      ),
    );
    expect(reasons).toEqual([
      COUPON_REASONS.unknown,
      COUPON_REASONS.notStarted,
      COUPON_REASONS.expired,
      COUPON_REASONS.belowMinimum,
      COUPON_REASONS.notForPlan,
      COUPON_REASONS.unknown,
    ]);
    const minimum = await refusal(quoteForPlan(main.db, { planId: followersPlan, code: "big500", phone: null }));
    expect(minimum.message).toBe("This coupon code is for orders of ₹500 or more.");
    expect(minimum.details).toMatchObject({ field: "coupon", minimumPaise: 50_000 });
    expect((await refusal(quoteForPlan(main.db, { planId: followersPlan, code: "over", phone: null }))).message).toBe(
      COUPON_MESSAGES.expired,
    );
    // The same code on a plan it is for: the price before and after.
    expect(await quoteForPlan(main.db, { planId: likesPlan, code: "likesonly", phone: null })).toMatchObject({
      code: "LIKESONLY",
      before: 9_900,
      discount: 990,
      after: 8_910,
    });
    // No order was made by a refused checkout.
    const refused = await main.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("coupon_code", "in", ["SOON", "OVER", "BIG500", "LIKESONLY", "OFF"])
      .executeTakeFirstOrThrow();
    expect(Number(refused.n)).toBe(0);
  });

  it("never lets concurrent checkouts use a code more than its total uses", async () => {
    const row = await createCoupon(main.db, owner, coupon({ code: "FIVE", kind: "flat", amount: "50", totalUses: 5 }));
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        outcome(
          createOrder(servicesOn(pools()[i % pools().length]!), {
            planId: followersPlan,
            ...buyer(),
            couponCode: "five",
          }),
        ),
      ),
    );
    expect(
      results.filter((r) => r === "created"),
      results.join(),
    ).toHaveLength(5);
    expect(results.filter((r) => r === COUPON_REASONS.usedUp)).toHaveLength(19);
    const used = await main.db.selectFrom("orders").select("discount_paise").where("coupon_id", "=", row.id).execute();
    expect(used).toHaveLength(5);
    expect(used.every((o) => Number(o.discount_paise) === 5_000)).toBe(true);
  });

  it("never lets one phone use a code more than its uses per phone, however many checkouts it sends at once", async () => {
    await createCoupon(main.db, owner, coupon({ code: "ONCE", usesPerPhone: 1 }));
    const phone = "9876500011";
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        outcome(
          createOrder(servicesOn(pools()[i % pools().length]!), {
            planId: followersPlan,
            ...buyer(phone),
            // The same number as people type it: +91, spaces, a leading 0.
            customerPhone: ["9876500011", "+91 98765 00011", "098765 00011"][i % 3]!,
            couponCode: "once",
          }),
        ),
      ),
    );
    expect(results.filter((r) => r === "created")).toHaveLength(1);
    expect(results.filter((r) => r === COUPON_REASONS.usedByPhone)).toHaveLength(11);
    // Another buyer still can.
    expect(
      await outcome(createOrder(servicesOn(main), { planId: followersPlan, ...buyer(), couponCode: "ONCE" })),
    ).toBe("created");
  });

  it("gives the use back when an order expires unpaid", async () => {
    await createCoupon(main.db, owner, coupon({ code: "SOLO", totalUses: 1 }));
    const first = (await createOrder(servicesOn(main), { planId: followersPlan, ...buyer(), couponCode: "SOLO" }))
      .order;
    expect(
      await outcome(createOrder(servicesOn(main), { planId: followersPlan, ...buyer(), couponCode: "SOLO" })),
    ).toBe(COUPON_REASONS.usedUp);
    await expireOverdueOrders({ db: main.db }, first.payment_deadline_at + 1);
    expect((await findOrder(main.db, first.order_id))!.status).toBe("expired");
    expect(
      await outcome(createOrder(servicesOn(main), { planId: followersPlan, ...buyer(), couponCode: "SOLO" })),
    ).toBe("created");
  });

  it("keeps codes unique whatever their case, and audits every change", async () => {
    const row = await createCoupon(main.db, owner, coupon({ code: "DIWALI" }));
    const taken = await refusal(createCoupon(main.db, owner, coupon({ code: "diwali".toUpperCase() })));
    expect([taken.code, taken.message, taken.details.field]).toEqual(["CONFLICT", CODE_TAKEN, "code"]);
    await updateCoupon(main.db, owner, row.id, coupon({ code: "DIWALI", amount: "15" }));
    await toggleCoupon(main.db, owner, row.id);
    const trail = await auditTrailFor(main.db, "coupon", String(row.id));
    expect(trail.map((e) => e.action).reverse()).toEqual(["coupon.create", "coupon.update", "coupon.disable"]);
    expect(JSON.parse(trail[1]!.details!)).toMatchObject({ before: { amount: 10 }, after: { amount: 15 } });
  });

  it("writes the coupon and its discount in the export", async () => {
    const csv = await new Promise<string>((resolve, reject) => {
      let text = "";
      csvStream(main.db, parseOrdersQuery(new URLSearchParams("range=all")))
        .on("data", (chunk: Buffer | string) => (text += chunk.toString()))
        .on("end", () => resolve(text))
        .on("error", reject);
    });
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const header = lines[0]!.split(",").map((h) => h.replace(/"/g, ""));
    expect(header.slice(-2)).toEqual(["Coupon Code", "Discount (₹)"]);
    expect(EXPORT_HEADERS.slice(-2)).toEqual(["Coupon Code", "Discount (₹)"]);
    expect(lines.some((l) => l.endsWith('"FIRST10","34.90"'))).toBe(true);
  });
});
