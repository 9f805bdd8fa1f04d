import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMENT_MESSAGES } from "~/domain/orders/custom-comments";
import { createPlan } from "~/domain/plans/admin.server";
import { writeSettings } from "~/domain/settings/settings.server";
import { testDatabases } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { orderCount } from "../support/orders";

/**
 * Custom comments over HTTP (issue 32, point 4, bad input): what a client can
 * send to /api/create-order for a custom-comments plan, hostile or not, is
 * answered with a clear message and makes no order; a full plan of long
 * emoji comments fits the request.
 */
describe.each(testDatabases())("custom comments at /api/create-order on $name", (engine) => {
  let shop: TestShop;
  let planId: number;

  beforeAll(async () => {
    shop = await startTestShop({
      engine,
      prepare: (handle) => writeSettings(handle.db, { upiId: "shop@okaxis", merchantName: "Shop" }),
    });
    const plan = await createPlan(
      shop.db.db,
      { name: "owner" },
      {
        serviceType: "comments",
        name: "Your Own Comments",
        amount: 500,
        price: 99_900,
        tags: [],
        refillDays: 0,
        dripRuns: 0,
        dripInterval: 0,
        customComments: true,
      },
    );
    planId = plan.id;
  });
  afterAll(async () => shop?.stop());

  const create = (comments: unknown) =>
    fetch(`${shop.url}/api/create-order`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.url },
      body: JSON.stringify({
        planId,
        username: "priya.bakes",
        postLink: "https://www.instagram.com/p/Cx1AbCd/",
        customerName: "Priya Sharma",
        customerPhone: "9812345678",
        agreedToTerms: true,
        comments,
      }),
    });
  const orders = () => orderCount(shop.db.db);

  it("refuses 10,000 lines, NUL bytes and a missing list with a clear message, and makes no order", async () => {
    const spam = await create(Array.from({ length: 10_000 }, (_, i) => `nice ${i}`).join("\n"));
    expect(spam.status).toBe(400);
    expect(await spam.json()).toMatchObject({ success: false, message: COMMENT_MESSAGES.count, field: "comments" });

    const nul = await create(`${"ok\n".repeat(499)}bad\u0000`);
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { message: string }).message).toMatch(/NUL|not allowed|characters/i);

    const none = await create(null);
    expect(await none.json()).toMatchObject({ success: false, message: COMMENT_MESSAGES.missing });
    expect(await orders()).toBe(0);
  });

  it("takes a full plan of the longest emoji comments", async () => {
    const longest = Array.from({ length: 500 }, (_, i) => `${i} ${"😍".repeat(196)}`);
    const res = await create(longest.join("\r\n"));
    expect(res.status).toBe(201);
    const row = await shop.db.db.selectFrom("orders").select("comments").executeTakeFirstOrThrow();
    expect(JSON.parse(row.comments!)).toEqual(longest);
  });
});
