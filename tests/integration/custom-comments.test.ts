import { describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { trackedOrder } from "~/domain/orders/order-tracking.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import { COMMENT_MESSAGES } from "~/domain/orders/custom-comments";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import { createPlan } from "~/domain/plans/admin.server";
import { CUSTOM_COMMENTS_MESSAGES } from "~/domain/plans/plan-form";
import { isAppError } from "~/lib/app-error";
import { testDatabases } from "../support/databases";
import { DIALECT_SERVICES, panelShops } from "../support/panel-shop";
import { type PanelDialect } from "../support/panel-doubles";

/**
 * Custom comments (issue 32, point 4): the buyer's own texts, checked at
 * create-order (nothing is made from bad input), kept on the order, shown to
 * the buyer and the operator, and sent to each family's Custom Comments
 * service as `comments`, one per line, with no `quantity`.
 */

const AUTO = { kind: "system", job: "auto-send" } as const;
const ACTOR = { name: "owner" };
const POST = "https://www.instagram.com/p/Cx1AbCd/";

const buyersComments = (n: number) =>
  Array.from({ length: n }, (_, i) => (i % 3 === 0 ? `Amazing shot ${i + 1} 🔥😍` : `बहुत बढ़िया ${i + 1} 👏🏽`));

describe.each(testDatabases())("custom comments on $name", (kind) => {
  const shop = panelShops(kind);
  let services: AppServices;

  async function setUp(dialect: PanelDialect) {
    const { services: made, panel } = await shop(dialect, { settings: { upiId: "shop@okaxis", merchantName: "Shop" } });
    services = made;
    const plan = (customComments: boolean) =>
      createPlan(services.db, ACTOR, {
        serviceType: "comments",
        name: customComments ? "Your Own Comments" : "Random Comments",
        amount: 100,
        price: 49_900,
        tags: [],
        refillDays: 0,
        dripRuns: 0,
        dripInterval: 0,
        customComments,
      });
    return { double: panel, custom: await plan(true), random: await plan(false) };
  }

  const order = (planId: number, comments?: string) =>
    createOrder(services, {
      planId,
      username: "priya.bakes",
      postLink: POST,
      customerName: "Priya Sharma",
      customerPhone: "9812345678",
      agreedToTerms: true,
      comments,
    });
  const orderCount = async () =>
    Number(
      (await services.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst())!.n,
    );
  const refusal = async (planId: number, comments: string) => {
    try {
      await order(planId, comments);
    } catch (error) {
      if (isAppError(error)) return { code: error.code, message: error.message, details: error.details };
      throw error;
    }
    throw new Error("the order was made");
  };

  it.each<PanelDialect>(["perfectpanel", "indian", "smartpanel"])(
    "the buyer's own comments reach a %s panel's Custom Comments service, one per line",
    async (dialect) => {
      const { double, custom } = await setUp(dialect);
      const texts = buyersComments(100);
      // As typed on a phone: Windows line ends, blank lines, spaces around, a tab and a bell pasted in.
      const typed = `\r\n${texts.slice(0, 50).join("\r\n")}\n\n  ${texts.slice(50).join("\n")}\u0007  \n`;
      const { order: created } = await order(custom.id, typed);
      expect(JSON.parse(created.comments!)).toEqual(texts);
      expect(trackedOrder(created).comments).toEqual(texts);
      expect(toAdminOrderJson(created).comments).toEqual(texts);

      await services.db
        .updateTable("orders")
        .set({ status: "paid", paid_at: Date.now(), paid_by: "owner" })
        .where("order_id", "=", created.order_id)
        .execute();
      const sent = await sendToPanel(services, created.order_id, { actor: AUTO });
      expect(sent.status).toBe("sent");

      const adds = double.calls.filter((c) => c.action === "add");
      expect(adds).toHaveLength(1);
      expect(adds[0]!.params).toEqual({
        action: "add",
        service: DIALECT_SERVICES[dialect].customComments,
        link: POST,
        comments: texts.join("\n"),
      });
      expect(double.order(sent.panel_order_id!)).toMatchObject({ quantity: 100, comments: texts });
      expect(toAdminOrderJson(sent).smmPanel.lastRequest).toMatchObject({ comments: 100, quantity: null });
    },
  );

  it("a random-comments plan keeps today's flow: a quantity, no comments", async () => {
    const { double, random } = await setUp("perfectpanel");
    const { order: created } = await order(random.id, "ignored\ntext");
    expect(created.comments).toBeNull();
    await services.db
      .updateTable("orders")
      .set({ status: "paid", paid_at: Date.now(), paid_by: "owner" })
      .where("order_id", "=", created.order_id)
      .execute();
    expect((await sendToPanel(services, created.order_id, { actor: AUTO })).status).toBe("sent");
    expect(double.calls.find((c) => c.action === "add")!.params).toEqual({
      action: "add",
      service: "4",
      link: POST,
      quantity: "100",
    });
  });

  it("refuses 10,000 lines, NUL bytes, too few and over-long comments with a clear message, and makes nothing", async () => {
    const { custom } = await setUp("indian");
    const spam = Array.from({ length: 10_000 }, (_, i) => `spam ${i}`).join("\n");
    expect(await refusal(custom.id, spam)).toMatchObject({
      code: "INVALID_INPUT",
      message: COMMENT_MESSAGES.count,
      details: { field: "comments", written: 10_000, needed: 100 },
    });
    expect(await refusal(custom.id, `${buyersComments(99).join("\n")}\nnul\u0000here`)).toMatchObject({
      message: COMMENT_MESSAGES.hidden,
    });
    expect(await refusal(custom.id, buyersComments(99).join("\n"))).toMatchObject({
      message: COMMENT_MESSAGES.count,
      details: { written: 99, needed: 100 },
    });
    expect(await refusal(custom.id, [...buyersComments(99), "x".repeat(201)].join("\n"))).toMatchObject({
      message: COMMENT_MESSAGES.tooLong,
    });
    expect(await refusal(custom.id, "")).toMatchObject({ message: COMMENT_MESSAGES.missing });
    expect(await orderCount()).toBe(0);
  });

  it("only a comments plan of at most 500 can be a custom-comments plan", async () => {
    await setUp("perfectpanel");
    const base = { name: "X", price: 100, tags: [], refillDays: 0, dripRuns: 0, dripInterval: 0, customComments: true };
    await expect(createPlan(services.db, ACTOR, { ...base, serviceType: "likes", amount: 100 })).rejects.toMatchObject({
      message: CUSTOM_COMMENTS_MESSAGES.onlyComments,
    });
    await expect(
      createPlan(services.db, ACTOR, { ...base, serviceType: "comments", amount: 1000 }),
    ).rejects.toMatchObject({ message: CUSTOM_COMMENTS_MESSAGES.tooMany, details: { field: "amount" } });
  });
});
