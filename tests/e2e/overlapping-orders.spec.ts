import type { Browser, Page } from "@playwright/test";
import { en } from "~/locales/en";
import { hi } from "~/locales/hi";
import { expectAccessible } from "./a11y-support";
import { expect, shot, test } from "./fixtures";
import { type SimulatedShop, startSimulatedShop } from "./self-service-support";
import { hydrated } from "./storefront-support";
import { TEST_ADMIN } from "../support/test-accounts";

/**
 * No overlapping orders at the SMM panel (issue 51, point 5; docs/panels.md): a second paid order for an
 * account that already has one at the panel waits, queued; the buyer reads why on /track and the checkout,
 * in English and Hindi (on a phone), and the operator sees the queued order, what it waits for, and the
 * setting that refuses such orders before payment instead (on a laptop). A shop of its own with the demo
 * panel simulator, whose orders stay at the panel until the test moves its clock.
 */
test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
const PHONE = "9123456780";
const HOUR = 3_600_000;
let shop: SimulatedShop;

test.beforeAll(async () => {
  shop = await startSimulatedShop({ name: "overlapping", owner: OWNER, phone: PHONE });
});

test.afterAll(async () => {
  await shop?.stop();
});

/** A buyer's second order for `username` (as they type it), paid: the shop takes it and queues it. */
async function queuedOrder(username: string): Promise<string> {
  const listed = (await (await fetch(`${shop.url}/api/plans?serviceType=followers`)).json()) as {
    plans: Array<{ _id: string; name: string }>;
  };
  const plan = listed.plans.find((p) => p.name === "Basic Followers")!;
  const created = await fetch(`${shop.url}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify({
      planId: Number(plan._id),
      username,
      customerName: "Ravi Kumar",
      customerPhone: PHONE,
      agreedToTerms: true,
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { order } = (await created.json()) as { order: { orderId: string } };
  const confirmed = await fetch(`${shop.url}/api/admin/orders/${order.orderId}/confirm-payment`, {
    method: "POST",
    headers: { cookie: shop.cookie, origin: shop.url },
  });
  expect(confirmed.status).toBe(200);
  await expect.poll(() => shop.orderRow(order.orderId).status).toBe("queued");
  return order.orderId;
}

async function track(page: Page, orderId: string, lang: "en" | "hi") {
  const texts = lang === "hi" ? hi : en;
  await page.goto(`${shop.url}${lang === "hi" ? "/hi" : ""}/track?order=${orderId}`);
  await page.getByLabel(texts.track.phone).fill(PHONE);
  await page.getByRole("button", { name: texts.track.submit }).click();
  const region = page.getByRole("region", { name: `${lang === "hi" ? "ऑर्डर" : "Order"} ${orderId}` });
  await expect(region).toBeVisible();
  return region;
}

/** The operator, signed in, in a window of `width`. */
async function operator(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height } });
  const [name, ...value] = shop.cookie.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: shop.url }]);
  return { tab: await context.newPage(), close: () => context.close() };
}

test("on a phone, the buyer of a second order for the same account reads why it waits, in English and Hindi, and it goes once the first is done", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "mobile", "the buyer walks on a phone-sized screen");
  test.setTimeout(90_000);
  const first = await shop.paidOrder("followers", "Basic Followers", "queue.walk");
  // The same account, typed as a buyer does: an @ and capitals.
  const second = await queuedOrder("@Queue.Walk");

  const region = await track(page, second, "en");
  await expect(region.getByTestId("order-stage")).toHaveText(en.order.stage.queued);
  await expect(region.getByTestId("queued-reason")).toHaveText(en.order.explain.queued);
  await shot(page, "track-queued");
  await expectAccessible(page, "/track, queued behind an earlier order");

  // The order's own page after paying (the checkout) says the same.
  await page.goto(`${shop.url}/checkout?order=${second}`);
  await expect(page.getByTestId("order-stage")).toHaveText(en.order.stage.queued);
  await expect(page.getByTestId("queued-reason")).toBeVisible();

  const hindi = await track(page, second, "hi");
  await expect(hindi.getByTestId("order-stage")).toHaveText(hi.order.stage.queued);
  await expect(hindi.getByTestId("queued-reason")).toHaveText(hi.order.explain.queued);
  await shot(page, "track-queued-hindi");
  await expectAccessible(page, "/hi/track, queued behind an earlier order");

  // The first order completes at the panel: the second goes by itself, and the buyer sees it under way.
  await shop.advancePanel(48 * HOUR);
  await shop.syncPanel();
  await expect.poll(() => shop.orderRow(first).status, { timeout: 20_000 }).toBe("delivered");
  await expect.poll(() => shop.orderRow(second).status, { timeout: 20_000 }).toMatch(/^(sent|delivering)$/);
  const after = await track(page, second, "en");
  await expect(after.getByTestId("order-stage")).toHaveText(en.order.stage.delivering);
});

test("on a laptop, the operator sees the queued order and what it waits for, and can refuse such orders before payment", async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== "desktop", "the operator's laptop");
  test.setTimeout(90_000);
  const first = await shop.paidOrder("followers", "Basic Followers", "queue.desk");
  const second = await queuedOrder("queue.desk");
  const { tab, close } = await operator(browser, 1280, 800);
  try {
    await tab.goto(`${shop.url}/admin/orders`);
    const row = tab.getByRole("row").filter({ hasText: second });
    await expect(row).toContainText("Queued behind another order");

    await tab.goto(`${shop.url}/admin/orders/${second}`);
    await expect(tab.getByTestId("queued-behind")).toContainText(first);
    await expect(tab.getByTestId("queued-behind")).toContainText("at the SMM panel for the same account");
    await expect(tab.getByTestId("queued-note")).toBeVisible();
    await shot(tab, "admin-order-queued");

    // Settings → Payment: refuse such orders before payment instead.
    await tab.goto(`${shop.url}/admin/settings`);
    const card = tab.locator("#payment-settings");
    const choice = card.getByLabel("A second order for an account or post that has one running");
    await expect(choice).toHaveValue("queue");
    await choice.selectOption("refuse");
    await card.getByRole("button", { name: /save/i }).click();
    await expect(tab.getByText("Payment settings saved successfully")).toBeVisible();
    await shot(tab, "admin-settings-overlap-refuse");

    // A buyer ordering for that account now is refused in the order dialog, with the reason, before paying.
    await page.goto(`${shop.url}/followers`);
    await hydrated(page);
    await page.getByLabel("Instagram username").fill("Queue.Desk");
    await page.getByRole("button", { name: "Show packages" }).click();
    await page.getByRole("button", { name: /Basic Followers/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Your name").fill("Priya Sharma");
    await dialog.getByLabel("Phone number").fill("98765-43210");
    await dialog.getByRole("checkbox").click();
    await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
    await expect(page.getByText(/An order for this account or post is still being delivered/)).toBeVisible();
    await expect(page).not.toHaveURL(/\/checkout/);
    await shot(page, "order-dialog-target-busy");
  } finally {
    await tab.goto(`${shop.url}/admin/settings`);
    const card = tab.locator("#payment-settings");
    await card.getByLabel("A second order for an account or post that has one running").selectOption("queue");
    await card.getByRole("button", { name: /save/i }).click();
    await expect(tab.getByText("Payment settings saved successfully")).toBeVisible();
    await close();
  }
});
