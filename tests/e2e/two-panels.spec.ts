import type { Locator, Page } from "@playwright/test";
import { writeSettings } from "~/domain/settings/settings.server";
import { sqliteDatabase } from "../support/databases";
import { type PanelDouble, startPanelDouble } from "../support/panel-doubles";
import { DIALECT_SERVICES } from "../support/panel-shop";
import { QUICK_PANEL_ENV, addTestPanel, panelAt } from "../support/panels";
import { confirmByApi, orderByApi, planIdByName } from "../support/shop-orders";
import { type TestShop, startTestShop } from "../support/test-shop";
import { expectAccessible } from "./a11y-support";
import { withDb } from "./buying-support";
import { expect, shot, test } from "./fixtures";
import { hydrated } from "./storefront-support";
import { TEST_ADMIN } from "../support/test-accounts";

/**
 * Two panels of different families (issue 32 point 2, ADR 0026), at 1280×800
 * (once: fulfilment, not layout): an Indian PerfectPanel reseller (INR, "Reseller A", the
 * default) and a SmartPanel (smm-panel-script, USD at ₹85, "SmartPanel B"),
 * each its own double. The operator maps a plan to each panel in the plan
 * dialog (picking the panel, then a service from that panel's own list, with
 * its rate, limits and support, and a fallback on the other panel); an order
 * for each plan is delivered by its panel; then Reseller A answers
 * not_enough_funds and the next order goes to the fallback at SmartPanel B,
 * once, the history saying both. A third panel, a PerfectPanel/JAP one (USD,
 * "JAP C"), takes a views plan with its fallback at Reseller A, so each of the
 * three families is walked with plans mapped to two panels.
 */

test.describe.configure({ mode: "serial" });
const OWNER = TEST_ADMIN;
const PHONE = "9812345671";
const POST = "https://www.instagram.com/p/Cz9desktop/";
const PLANS = { followers: "Indian Followers (A)", likes: "Global Likes (B)", views: "Reel Views (C)" } as const;
let shop: TestShop;
let reseller: PanelDouble;
let smart: PanelDouble;
let jap: PanelDouble;

// Skipped before the tests' pages are made (a skip in beforeEach comes after the page fixture opened one).
test.beforeAll(({}, info) => {
  test.skip(
    info.project.name !== "desktop",
    "fulfilment, not layout: walked once, at the desk where plans are mapped (the plan dialog's layout at both sizes is plan-costs.spec's)",
  );
});

test.beforeAll(async () => {
  reseller = await startPanelDouble("indian", { pendingMs: 1_000, runMs: 10_000 });
  smart = await startPanelDouble("smartpanel", { pendingMs: 1_000, runMs: 10_000 });
  jap = await startPanelDouble("perfectpanel", { pendingMs: 1_000, runMs: 10_000 });
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: OWNER,
    env: { ...QUICK_PANEL_ENV },
    prepare: async (handle) => {
      await writeSettings(handle.db, { upiId: "shop@okaxis", merchantName: "Shop" });
      await addTestPanel(handle.db, {
        ...panelAt(reseller.apiUrl, reseller.apiKey, DIALECT_SERVICES.indian),
        name: "Reseller A",
        currency: "INR",
      });
      await addTestPanel(handle.db, {
        ...panelAt(smart.apiUrl, smart.apiKey, DIALECT_SERVICES.smartpanel),
        name: "SmartPanel B",
        currency: "USD",
        inr_rate: "85",
      });
      await addTestPanel(handle.db, {
        ...panelAt(jap.apiUrl, jap.apiKey, DIALECT_SERVICES.perfectpanel),
        name: "JAP C",
        currency: "USD",
        inr_rate: "85",
      });
    },
  });
  // Each panel's services list, as the scheduled refresh fetches it.
  await shop.runJobs();
});

test.afterAll(() => Promise.all([shop?.stop(), reseller?.close(), smart?.close(), jap?.close()]));

test.beforeEach(({ page }) => page.setViewportSize({ width: 1280, height: 800 }));

/** The operator, signed in by the session the test shop opened, on this admin page. */
async function openAdmin(page: Page, path: string) {
  const [name, value] = shop.cookie.split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: shop.url }]);
  await page.goto(`${shop.url}${path}`);
  await hydrated(page);
}

/** The Add Plan dialog, filled with a plan at one panel's service. */
async function addPlanDialog(
  page: Page,
  plan: { type: string; name: string; quantity: string; price: string; panel: string; service: string },
) {
  await page.getByRole("link", { name: "Add Plan" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Service Type").selectOption(plan.type);
  await dialog.getByLabel("Name").fill(plan.name);
  await dialog.getByLabel("Quantity").fill(plan.quantity);
  await dialog.getByLabel("Price (₹)").fill(plan.price);
  await dialog.getByLabel("Panel", { exact: true }).selectOption({ label: plan.panel });
  await dialog.getByLabel("Panel service").fill(plan.service);
  return dialog;
}

/** Saves the Add Plan dialog; the plans table's row of the new plan, which names its panel. */
async function savePlan(page: Page, dialog: Locator, name: string, panel: string): Promise<Locator> {
  await dialog.getByRole("button", { name: "Add Plan" }).click();
  // The newest toast: the one of a plan saved a moment before may still be showing.
  await expect(page.getByText("Plan added successfully").last()).toBeVisible();
  const row = page.getByTestId("plan-row").filter({ hasText: name });
  await expect(row.getByTestId("plan-panel")).toHaveText(panel);
  return row;
}

/** A buyer's order for the plan of this name, as the storefront's API makes it. */
async function newOrder(plan: keyof typeof PLANS, target: string): Promise<string> {
  const planId = await planIdByName(shop.url, plan, PLANS[plan]);
  const buyer = plan === "followers" ? { username: target } : { username: "ravi.reels", postLink: target };
  return orderByApi(shop.url, { planId, ...buyer, phone: PHONE });
}

const orderRow = (orderId: string) =>
  withDb(
    shop.dbFile!,
    (db) =>
      db
        .prepare("select status, panel_id, panel_service_id, panel_order_id from orders where order_id = ?")
        .get(orderId) as {
        status: string;
        panel_order_id: string | null;
        panel_id: number | null;
        panel_service_id: string | null;
      },
  );
const panelIdOf = (name: string) =>
  withDb(shop.dbFile!, (db) => (db.prepare("select id from panels where name = ?").get(name) as { id: number }).id);

test("the operator maps a plan to each panel in the plan dialog; each panel delivers its plan's order", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await openAdmin(page, "/admin/plans");

  // Followers at Reseller A (its Indian service 1201, ₹95 per 1000), falling back to SmartPanel B's 31.
  let dialog = await addPlanDialog(page, {
    type: "followers",
    name: PLANS.followers,
    quantity: "1,000",
    price: "149",
    panel: "Reseller A",
    service: "1201",
  });
  const terms = dialog.getByTestId("panel-service-terms");
  await expect(terms).toContainText("1201: IG Followers [Indian] [Refill 30 Days] at Reseller A");
  await expect(terms).toContainText("95 INR per 1000 · takes 100–20,000");
  await expect(terms).toContainText("Refill yes");
  await expect(terms).toContainText("This plan costs ₹95 there; you keep ₹54");
  await dialog.getByLabel("Fallback panel").selectOption({ label: "SmartPanel B" });
  await dialog.getByLabel("Fallback service (optional)").fill("31");
  const fallback = dialog.getByTestId("fallback-service-terms");
  // SmartPanel B's own list, in its currency: $1.25 per 1000 is ₹106.25 at ₹85.
  await expect(fallback).toContainText("31: Instagram Followers HQ at SmartPanel B");
  await expect(fallback).toContainText(/1\.250* USD per 1000 · takes 100–10,000/);
  await expect(fallback).toContainText("Refill no · Cancel no · Drip-feed no");
  await expect(fallback).toContainText("This plan costs ₹106.25 there; you keep ₹42.75");
  await expectAccessible(page, "plan dialog with two panels");
  // A service B's list does not have is refused at its field.
  await dialog.getByLabel("Fallback service (optional)").fill("1201");
  await expect(fallback).toContainText("Service 1201 is not in SmartPanel B's last services list");
  await dialog.getByRole("button", { name: "Add Plan" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(["Service 1201 is not in SmartPanel B's services list"]);
  await dialog.getByLabel("Fallback service (optional)").fill("31");
  const followersRow = await savePlan(page, dialog, PLANS.followers, "Reseller A");
  await expect(followersRow).toContainText("Cost ₹95 · margin ₹54");
  await expect(followersRow).toContainText("Fallback 31 at SmartPanel B · cost ₹106.25");

  // Likes at SmartPanel B: 1,000 of its service 32 ($0.45 = ₹38.25) for ₹30 is below cost, and refused.
  dialog = await addPlanDialog(page, {
    type: "likes",
    name: PLANS.likes,
    quantity: "1000",
    price: "30",
    panel: "SmartPanel B",
    service: "32",
  });
  await expect(dialog.getByTestId("panel-service-terms")).toContainText(
    "This plan costs ₹38.25 there; you keep -₹8.25",
  );
  await dialog.getByRole("button", { name: "Add Plan" }).click();
  await expect(dialog.getByRole("alert")).toHaveText([
    "Price is below the panel's cost of ₹38.25 for this quantity: raise it or choose another service",
  ]);
  await dialog.getByLabel("Price (₹)").fill("59");
  const likesRow = await savePlan(page, dialog, PLANS.likes, "SmartPanel B");
  await expect(likesRow).toContainText("Cost ₹38.25 · margin ₹20.75");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await shot(page, "two-panels-plans");

  // A buyer orders each; each goes to its plan's panel, once, and is delivered there.
  const username = `two.panels.${info.project.name}`;
  const followers = await newOrder("followers", username);
  const likes = await newOrder("likes", POST);
  const [addsA, addsB] = [reseller.count("add"), smart.count("add")];
  await confirmByApi(shop, followers);
  await confirmByApi(shop, likes);
  await expect.poll(() => orderRow(followers).status).toBe("sent");
  await expect.poll(() => orderRow(likes).status).toBe("sent");
  expect([reseller.count("add"), smart.count("add")]).toEqual([addsA + 1, addsB + 1]);
  expect(reseller.orders().filter((o) => o.link === `https://www.instagram.com/${username}/`)).toHaveLength(1);
  expect(smart.orders().filter((o) => o.link === POST && o.service.service === 32)).toHaveLength(1);
  expect(orderRow(followers)).toMatchObject({ panel_id: panelIdOf("Reseller A"), panel_service_id: "1201" });
  expect(orderRow(likes)).toMatchObject({ panel_id: panelIdOf("SmartPanel B"), panel_service_id: "32" });

  reseller.advance(60_000);
  smart.advance(60_000);
  await expect
    .poll(async () => {
      await shop.runJobs();
      return [orderRow(followers).status, orderRow(likes).status];
    })
    .toEqual(["delivered", "delivered"]);
});

test("Reseller A answers not_enough_funds: the order goes to the fallback at SmartPanel B, once", async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  const username = `fallback.${info.project.name}`;
  const orderId = await newOrder("followers", username);
  const spare = reseller.balance();
  reseller.topUp(-spare);
  const [addsA, addsB] = [reseller.count("add"), smart.count("add")];
  try {
    await confirmByApi(shop, orderId);
    await expect.poll(() => orderRow(orderId).status).toBe("sent");
  } finally {
    reseller.topUp(spare);
  }
  // One refusal at A, one order at B: never both, never twice.
  expect([reseller.count("add"), smart.count("add")]).toEqual([addsA + 1, addsB + 1]);
  expect(reseller.orders().filter((o) => o.link.includes(username))).toHaveLength(0);
  expect(smart.orders().filter((o) => o.link === `https://www.instagram.com/${username}/`)).toHaveLength(1);
  expect(orderRow(orderId)).toMatchObject({ panel_id: panelIdOf("SmartPanel B"), panel_service_id: "31" });

  await openAdmin(page, `/admin/orders/${orderId}`);
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("Accepted by the panel")).toBeVisible();
  await expect(
    history.getByText(
      "service 1201 at Reseller A said: neworder.error.not_enough_funds; sent to the plan's fallback, service 31 at SmartPanel B",
      { exact: false },
    ),
  ).toBeVisible();

  // Its status and delivery are asked of SmartPanel B, where it is.
  const atB = orderRow(orderId).panel_order_id!;
  smart.advance(60_000);
  await expect
    .poll(async () => {
      await shop.runJobs();
      return orderRow(orderId).status;
    })
    .toBe("delivered");
  const asked = (c: { action: string; params: Record<string, string> }) =>
    c.action === "status" && (c.params.order === atB || (c.params.orders ?? "").split(",").includes(atB));
  expect(smart.calls.some(asked)).toBe(true);
});

test("a PerfectPanel/JAP panel too: a views plan delivered at JAP C, and at its fallback on Reseller A when C is out of funds", async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  await openAdmin(page, "/admin/plans");
  // 5,000 of JAP C's service 3 ($0.02 per 1000: ₹8.50 at ₹85), falling back to Reseller A's 1203 (₹1.10 per 1000).
  const dialog = await addPlanDialog(page, {
    type: "views",
    name: PLANS.views,
    quantity: "5000",
    price: "49",
    panel: "JAP C",
    service: "3",
  });
  await expect(dialog.getByTestId("panel-service-terms")).toContainText("3: Instagram Reel Views at JAP C");
  await expect(dialog.getByTestId("panel-service-terms")).toContainText("This plan costs ₹8.50 there; you keep ₹40.50");
  await dialog.getByLabel("Fallback panel").selectOption({ label: "Reseller A" });
  await dialog.getByLabel("Fallback service (optional)").fill("1203");
  await expect(dialog.getByTestId("fallback-service-terms")).toContainText("1203: IG Reel Views at Reseller A");
  const row = await savePlan(page, dialog, PLANS.views, "JAP C");
  await expect(row).toContainText("Fallback 1203 at Reseller A");

  // Delivered at JAP C, where the plan says.
  const reel = (code: string) => `https://www.instagram.com/reel/Cz9${info.project.name}${code}/`;
  const first = await newOrder("views", reel("C1"));
  await confirmByApi(shop, first);
  await expect.poll(() => orderRow(first).status).toBe("sent");
  expect(orderRow(first)).toMatchObject({ panel_id: panelIdOf("JAP C"), panel_service_id: "3" });
  expect(jap.orders().filter((o) => o.link === reel("C1"))).toHaveLength(1);
  jap.advance(60_000);
  await expect
    .poll(async () => {
      await shop.runJobs();
      return orderRow(first).status;
    })
    .toBe("delivered");

  // JAP C out of funds: the next order goes to Reseller A's 1203, once, and never to C.
  const spare = jap.balance();
  jap.topUp(-spare);
  const [addsA, addsC] = [reseller.count("add"), jap.count("add")];
  const second = await newOrder("views", reel("C2"));
  try {
    await confirmByApi(shop, second);
    await expect.poll(() => orderRow(second).status).toBe("sent");
  } finally {
    jap.topUp(spare);
  }
  expect([reseller.count("add"), jap.count("add")]).toEqual([addsA + 1, addsC + 1]);
  expect(jap.orders().filter((o) => o.link === reel("C2"))).toHaveLength(0);
  expect(reseller.orders().filter((o) => o.link === reel("C2"))).toHaveLength(1);
  expect(orderRow(second)).toMatchObject({ panel_id: panelIdOf("Reseller A"), panel_service_id: "1203" });
});
