import type { Page } from "@playwright/test";
import { writeSettings } from "~/domain/settings/settings.server";
import { sqliteDatabase } from "../support/databases";
import { type PanelDouble, startPanelDouble } from "../support/panel-doubles";
import { DIALECT_SERVICES } from "../support/panel-shop";
import { addTestPanel, panelAt } from "../support/panels";
import { type TestShop, startTestShop } from "../support/test-shop";
import { expectAccessible } from "./a11y-support";
import { withDb } from "./buying-support";
import { expect, test } from "./fixtures";
import { hydrated } from "./storefront-support";

/**
 * Two panels of different families (issue 32 point 2, ADR 0026), at 1280×800
 * and 390×844: an Indian PerfectPanel reseller (INR, "Reseller A", the
 * default) and a SmartPanel (smm-panel-script, USD at ₹85, "SmartPanel B"),
 * each its own double. The operator maps a plan to each panel in the plan
 * dialog (picking the panel, then a service from that panel's own list, with
 * its rate, limits and support, and a fallback on the other panel); an order
 * for each plan is delivered by its panel; then Reseller A answers
 * not_enough_funds and the next order goes to the fallback at SmartPanel B,
 * once, the history saying both.
 */

test.describe.configure({ mode: "serial" });
const OWNER = { username: "owner", password: "two-panels-pass-1" };
const PHONE = "9812345671";
/** A post link per screen size (each size has its own shop and doubles, but one link per walk reads better). */
const post = (project: string) => `https://www.instagram.com/p/Cz9${project}/`;
const PLANS = { followers: "Indian Followers (A)", likes: "Global Likes (B)" } as const;
let shop: TestShop;
let reseller: PanelDouble;
let smart: PanelDouble;

test.beforeAll(async () => {
  reseller = await startPanelDouble("indian", { pendingMs: 1_000, runMs: 10_000 });
  smart = await startPanelDouble("smartpanel", { pendingMs: 1_000, runMs: 10_000 });
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: OWNER,
    env: {
      PANEL_ALLOW_PRIVATE_ADDRESSES: "true",
      PANEL_TIMEOUT_MS: "2000",
      PANEL_RETRY_BASE_MS: "100",
      PANEL_SYNC_INTERVAL_MS: "200",
    },
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
    },
  });
  // Each panel's services list, as the scheduled refresh fetches it.
  await shop.runJobs();
});

test.afterAll(async () => {
  await shop?.stop();
  await reseller?.close();
  await smart?.close();
});

test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "desktop") await page.setViewportSize({ width: 1280, height: 800 });
});

async function signIn(page: Page, path: string) {
  await page.goto(`${shop.url}${path}`);
  await page.getByLabel("Username").fill(OWNER.username);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await hydrated(page);
}

/** A buyer's order for the plan of this name, as the storefront's API makes it. */
async function newOrder(plan: keyof typeof PLANS, target: string): Promise<string> {
  const listed = (await (await fetch(`${shop.url}/api/plans?serviceType=${plan}`)).json()) as {
    plans: Array<{ _id: string; name: string }>;
  };
  const planId = Number(listed.plans.find((p) => p.name.startsWith(PLANS[plan]))!._id);
  const res = await fetch(`${shop.url}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify({
      planId,
      ...(plan === "followers" ? { username: target } : { username: "ravi.reels", postLink: target }),
      customerName: "Ravi Kumar",
      customerPhone: PHONE,
      agreedToTerms: true,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { order: { orderId: string } }).order.orderId;
}

/** The operator confirms the payment; the shop sends paid orders at once. */
async function confirm(orderId: string) {
  const res = await fetch(`${shop.url}/api/admin/orders/${orderId}/confirm-payment`, {
    method: "POST",
    headers: { cookie: shop.cookie, origin: shop.url, "content-type": "application/json" },
    body: "{}",
  });
  expect(res.status, await res.clone().text()).toBe(200);
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
  await signIn(page, "/admin/plans");

  // Followers at Reseller A (its Indian service 1201, ₹95 per 1000), falling back to SmartPanel B's 31.
  await page.getByRole("button", { name: "Add Plan" }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Service Type").selectOption("followers");
  await dialog.getByLabel("Name").fill(PLANS.followers);
  await dialog.getByLabel("Quantity").fill("1,000");
  await dialog.getByLabel("Price (₹)").fill("149");
  await dialog.getByLabel("Panel", { exact: true }).selectOption({ label: "Reseller A" });
  await dialog.getByLabel("Panel service").fill("1201");
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
  await dialog.getByRole("button", { name: "Add Plan" }).click();
  await expect(page.getByText("Plan added successfully")).toBeVisible();
  const followersRow = page.getByTestId("plan-row").filter({ hasText: PLANS.followers });
  await expect(followersRow.getByTestId("plan-panel")).toHaveText("Reseller A");
  await expect(followersRow).toContainText("Cost ₹95 · margin ₹54");
  await expect(followersRow).toContainText("Fallback 31 at SmartPanel B · cost ₹106.25");

  // Likes at SmartPanel B: 1,000 of its service 32 ($0.45 = ₹38.25) for ₹30 is below cost, and refused.
  await page.getByRole("button", { name: "Add Plan" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Service Type").selectOption("likes");
  await dialog.getByLabel("Name").fill(PLANS.likes);
  await dialog.getByLabel("Quantity").fill("1000");
  await dialog.getByLabel("Price (₹)").fill("30");
  await dialog.getByLabel("Panel", { exact: true }).selectOption({ label: "SmartPanel B" });
  await dialog.getByLabel("Panel service").fill("32");
  await expect(dialog.getByTestId("panel-service-terms")).toContainText(
    "This plan costs ₹38.25 there; you keep -₹8.25",
  );
  await dialog.getByRole("button", { name: "Add Plan" }).click();
  await expect(dialog.getByRole("alert")).toHaveText([
    "Price is below the panel's cost of ₹38.25 for this quantity: raise it or choose another service",
  ]);
  await dialog.getByLabel("Price (₹)").fill("59");
  await dialog.getByRole("button", { name: "Add Plan" }).click();
  await expect(page.getByText("Plan added successfully")).toBeVisible();
  const likesRow = page.getByTestId("plan-row").filter({ hasText: PLANS.likes });
  await expect(likesRow.getByTestId("plan-panel")).toHaveText("SmartPanel B");
  await expect(likesRow).toContainText("Cost ₹38.25 · margin ₹20.75");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("two-panels-plans.png"), fullPage: true });

  // A buyer orders each; each goes to its plan's panel, once, and is delivered there.
  const username = `two.panels.${info.project.name}`;
  const followers = await newOrder("followers", username);
  const likes = await newOrder("likes", post(info.project.name));
  const [addsA, addsB] = [reseller.count("add"), smart.count("add")];
  await confirm(followers);
  await confirm(likes);
  await expect.poll(() => orderRow(followers).status).toBe("sent");
  await expect.poll(() => orderRow(likes).status).toBe("sent");
  expect([reseller.count("add"), smart.count("add")]).toEqual([addsA + 1, addsB + 1]);
  expect(reseller.orders().filter((o) => o.link === `https://www.instagram.com/${username}/`)).toHaveLength(1);
  expect(smart.orders().filter((o) => o.link === post(info.project.name) && o.service.service === 32)).toHaveLength(1);
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
    await confirm(orderId);
    await expect.poll(() => orderRow(orderId).status).toBe("sent");
  } finally {
    reseller.topUp(spare);
  }
  // One refusal at A, one order at B: never both, never twice.
  expect([reseller.count("add"), smart.count("add")]).toEqual([addsA + 1, addsB + 1]);
  expect(reseller.orders().filter((o) => o.link.includes(username))).toHaveLength(0);
  expect(smart.orders().filter((o) => o.link === `https://www.instagram.com/${username}/`)).toHaveLength(1);
  expect(orderRow(orderId)).toMatchObject({ panel_id: panelIdOf("SmartPanel B"), panel_service_id: "31" });

  await signIn(page, `/admin/orders/${orderId}`);
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
