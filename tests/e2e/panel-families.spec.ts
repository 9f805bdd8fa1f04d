import type { Page } from "@playwright/test";
import type { DatabaseHandle } from "~/db/database.server";
import { createPlan } from "~/domain/plans/admin.server";
import { writeSettings } from "~/domain/settings/settings.server";
import { sqliteDatabase } from "../support/databases";
import { type PanelDialect, type PanelDouble, startPanelDouble } from "../support/panel-doubles";
import { DIALECT_SERVICES } from "../support/panel-shop";
import { QUICK_PANEL_ENV } from "../support/panels";
import { confirmByApi, orderByApi, planIdByName } from "../support/shop-orders";
import { type TestShop, startTestShop } from "../support/test-shop";
import { withDb } from "./buying-support";
import { expect, test } from "./fixtures";
import { trackOrder } from "./self-service-support";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";

/**
 * The three panel families Indian resellers buy from (docs/panels.md), each
 * as its own double (tests/support/panel-doubles.ts, with the quirks of its
 * documented API), walked end to end in Chromium (issue 32's "done when"):
 * a followers order reaches the panel as the full profile URL, a drip-feed
 * order with its runs and interval, a custom-comments order with the buyer's
 * texts, a refill where the family offers one; a panel that is down delays an
 * order, which then goes out by itself; an order waiting for panel funds is
 * flagged "top up" and goes out after the top-up; an answer lost after the
 * panel created the order is never sent a second time by the jobs or a click.
 *
 * The background jobs run when the test asks (`runJobs`), and the doubles'
 * clocks are moved, so nothing waits for real minutes. The walk is the same at
 * both screen sizes, and the phone-sized pages are covered by the other specs,
 * so it runs once, at 1280×800.
 */

const FAMILIES: Record<PanelDialect, string> = {
  perfectpanel: "a PerfectPanel / JAP panel (USD)",
  indian: "an Indian PerfectPanel reseller (INR)",
  smartpanel: "a SmartPanel panel (smm-panel-script)",
};
const OWNER = TEST_ADMIN;
const PHONE = "9812345670";
const POST = "https://www.instagram.com/p/Cy7AbCdEf12/";
/** A plan sells at least 100; the buyer writes one comment per line, emoji and Hindi included. */
const COMMENTS = Array.from({ length: 100 }, (_, i) => (i % 2 ? `बहुत सुंदर ${i + 1} 👏` : `Beautiful ${i + 1} 😍`));
/** The double's sizes: the shop's plans below ask no less than each family's service minimum. */
const PLANS = { followers: "Family Followers", likes: "Family Drip Likes", comments: "Family Own Comments" } as const;

/** The shop's panel: the double's API URL exactly as its API page shows it, its key, currency and services. */
async function pointShopAt(handle: DatabaseHandle, panel: PanelDouble) {
  const ids = DIALECT_SERVICES[panel.dialect];
  await writeSettings(handle.db, {
    upiId: "shop@okaxis",
    merchantName: "Shop",
    panelUrl: panel.apiUrl,
    panelApiKey: panel.apiKey,
    panelServiceFollowers: ids.followers,
    panelServiceLikes: ids.likes,
    panelServiceViews: ids.views,
    panelServiceComments: ids.comments,
    panelServiceCustomComments: ids.customComments,
    panelCurrency: panel.currency,
    panelInrRate: panel.currency === "INR" ? "" : "88",
  });
}

for (const dialect of Object.keys(FAMILIES) as PanelDialect[]) {
  test.describe(`with ${FAMILIES[dialect]}`, () => {
    test.describe.configure({ mode: "serial" });
    let panel: PanelDouble;
    let shop: TestShop;
    const refills = offersRefill(dialect);

    test.beforeAll(async ({}, info) => {
      test.skip(info.project.name !== "desktop", "the same walk at both sizes; once is enough");
      panel = await startPanelDouble(dialect, { pendingMs: 1_000, runMs: 10_000 });
      shop = await startTestShop({
        engine: sqliteDatabase,
        admin: OWNER,
        env: { ...QUICK_PANEL_ENV },
        prepare: (handle) => pointShopAt(handle, panel),
      });
      // The services list first, as the scheduled refresh reads it: a plan may only promise what its service does.
      await shop.runJobs();
      const actor = { name: OWNER.username };
      const base = { tags: [], dripInterval: 0, dripRuns: 0, refillDays: 0, customComments: false };
      await createPlan(shop.db.db, actor, {
        ...base,
        serviceType: "followers",
        name: PLANS.followers,
        amount: 100,
        price: 29_900,
        refillDays: refills ? 30 : 0,
      });
      await createPlan(shop.db.db, actor, {
        ...base,
        serviceType: "likes",
        name: PLANS.likes,
        amount: 100,
        price: 19_900,
        // 2 runs, 30 minutes apart: an interval every family takes (SmartPanel only 0, 5, 10, 15, 30, 60, 90).
        dripRuns: 2,
        dripInterval: 30,
      });
      await createPlan(shop.db.db, actor, {
        ...base,
        serviceType: "comments",
        name: PLANS.comments,
        amount: COMMENTS.length,
        price: 49_900,
        customComments: true,
      });
    });

    test.afterAll(async () => {
      await shop?.stop();
      await panel?.close();
    });

    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    /** A buyer's order, as the storefront's API makes it (the buyer's pages are walked in buying.spec.ts). */
    async function newOrder(plan: keyof typeof PLANS, target: string, comments?: string[]): Promise<string> {
      const planId = await planIdByName(shop.url, plan, PLANS[plan]);
      const buyer = plan === "followers" ? { username: target } : { username: "ravi.reels", postLink: target };
      return orderByApi(shop.url, { planId, ...buyer, comments, phone: PHONE });
    }

    /** The operator confirms the payment (the admin API the order page's button calls). */
    const confirm = (orderId: string) => confirmByApi(shop, orderId);

    const statusOf = (orderId: string) =>
      withDb(
        shop.dbFile!,
        (db) => (db.prepare("select status from orders where order_id = ?").get(orderId) as { status: string }).status,
      );

    async function signIn(page: Page, path: string) {
      await page.goto(`${shop.url}${path}`);
      await submitSignIn(page, OWNER);
      await expect(page.getByText("Login successful")).toBeVisible();
    }

    const track = (page: Page, orderId: string) => trackOrder(page, shop.url, orderId, PHONE);

    test("followers go as the full profile URL, drip-feed with its runs, custom comments with the buyer's texts; a refill where the family has one", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      // Followers: the operator confirms on the order page; the shop sends it at once.
      const followers = await newOrder("followers", `family.${dialect}`);
      await signIn(page, `/admin/orders/${followers}`);
      await page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Confirm payment" }).click();
      const info = page.getByRole("region", { name: "Order Information" });
      await expect(info.getByText("Sent to panel")).toBeVisible({ timeout: 15_000 });
      const atPanel = panel.orders().filter((o) => o.link === `https://www.instagram.com/family.${dialect}/`);
      expect(atPanel).toHaveLength(1);
      expect(atPanel[0]!.service.service).toBe(Number(DIALECT_SERVICES[dialect].followers));

      // Drip-feed likes: the runs and interval the plan promises.
      const likes = await newOrder("likes", POST);
      await confirm(likes);
      await expect.poll(() => statusOf(likes)).toBe("sent");
      const drip = panel.orders().find((o) => o.link === POST && o.drip);
      expect(drip?.drip).toEqual({ runs: 2, interval: 30 });
      let region = await track(page, likes);
      await expect(region.getByTestId("order-stage")).toHaveText("Delivery in progress");

      // Custom comments: the buyer's own words, one per line, as `comments`.
      const comments = await newOrder("comments", POST, COMMENTS);
      await confirm(comments);
      await expect.poll(() => statusOf(comments)).toBe("sent");
      const commented = panel.orders().find((o) => o.comments !== null);
      expect(commented?.comments).toEqual(COMMENTS);
      region = await track(page, comments);
      const listed = region.getByTestId("order-comments");
      await listed.getByText("Your comments (100)").click();
      await expect(listed.getByRole("listitem").nth(1)).toHaveText(COMMENTS[1]!);

      // The panel delivers the followers; the status sync follows; the buyer asks for a refill where there is one.
      panel.advance(60_000);
      await expect
        .poll(async () => {
          await shop.runJobs();
          return statusOf(followers);
        })
        .toBe("delivered");
      region = await track(page, followers);
      await expect(region.getByTestId("order-stage")).toHaveText("Delivered");
      if (refills) {
        await region.getByRole("button", { name: "Request refill" }).click();
        await expect(page.getByText("Refill requested. We will keep you posted here.")).toBeVisible();
        expect(panel.count("refill")).toBe(1);
      } else {
        // SmartPanel's API has no refill: the shop promises none, and offers none.
        await expect(region.getByRole("button", { name: "Request refill" })).toHaveCount(0);
        expect(panel.count("refill")).toBe(0);
      }
    });

    test("a panel that is down delays the order, which goes out by itself once it is back, once", async ({ page }) => {
      const username = `down.${dialect}`;
      const orderId = await newOrder("followers", username);
      const adds = panel.count("add");
      await panel.pause();
      await confirm(orderId);
      await expect.poll(() => statusOf(orderId)).toBe("waiting_panel");
      // Two minutes of the jobs' tries against a panel that refuses connections.
      for (let i = 0; i < 3; i++) await shop.runJobs();
      expect(statusOf(orderId)).toBe("waiting_panel");
      const region = await track(page, orderId);
      await expect(region.getByTestId("order-stage")).toHaveText("Delivery delayed – it starts by itself");

      await panel.resume();
      await expect
        .poll(async () => {
          await shop.runJobs();
          return statusOf(orderId);
        })
        .toBe("sent");
      expect(panel.count("add")).toBe(adds + 1);
      expect(panel.orders().filter((o) => o.link === `https://www.instagram.com/${username}/`)).toHaveLength(1);
      await signIn(page, `/admin/orders/${orderId}`);
      const history = page.getByRole("region", { name: "History" });
      await expect(history.getByText("Panel could not take it yet (will retry)").first()).toBeVisible();
      await expect(history.getByText("Accepted by the panel")).toBeVisible();
    });

    test("out of funds at the panel: the order waits, the operator is told to top up, and it goes out after the top-up", async ({
      page,
    }) => {
      const orderId = await newOrder("followers", `funds.${dialect}`);
      const spare = panel.balance();
      panel.topUp(-spare);
      await confirm(orderId);
      await expect.poll(() => statusOf(orderId)).toBe("waiting_panel");
      await signIn(page, `/admin/orders/${orderId}`);
      await expect(page.getByRole("region", { name: "Actions" }).getByTestId("panel-wait")).toContainText(
        "Top up your panel balance: the order is sent by itself once the panel takes it.",
      );
      const region = await track(page, orderId);
      await expect(region.getByTestId("order-stage")).toHaveText("Delivery delayed – it starts by itself");

      panel.topUp(spare);
      await expect
        .poll(async () => {
          await shop.runJobs();
          return statusOf(orderId);
        })
        .toBe("sent");
      expect(panel.orders().filter((o) => o.link === `https://www.instagram.com/funds.${dialect}/`)).toHaveLength(1);
    });

    test("an answer lost after the panel created the order: the jobs and a click alone never send it twice", async ({
      page,
    }) => {
      const username = `unknown.${dialect}`;
      const link = `https://www.instagram.com/${username}/`;
      const orderId = await newOrder("followers", username);
      panel.setFault({ kind: "error-after-create", namesOrder: false });
      await confirm(orderId);
      await expect.poll(() => statusOf(orderId)).toBe("placement_unknown");
      panel.setFault({ kind: "none" });
      expect(panel.orders().filter((o) => o.link === link)).toHaveLength(1);
      for (let i = 0; i < 3; i++) await shop.runJobs();
      expect(panel.orders().filter((o) => o.link === link)).toHaveLength(1);

      await signIn(page, `/admin/orders/${orderId}`);
      await expect(page.getByRole("region", { name: "Order Information" }).getByText("Check panel")).toBeVisible();
      await page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Send to panel again…" }).click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toContainText("Sending it again could place it twice");
      await expect(dialog.getByRole("button", { name: "Send again" })).toBeDisabled();
      await dialog.getByRole("button", { name: "Go back" }).click();
      expect(panel.orders().filter((o) => o.link === link)).toHaveLength(1);
    });
  });
}

/** Whether the family's API takes refills (SmartPanel's smm-panel-script has only add, status, services, balance). */
function offersRefill(dialect: PanelDialect): boolean {
  return dialect !== "smartpanel";
}
