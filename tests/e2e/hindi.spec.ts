import type { Page } from "@playwright/test";
import { hi } from "~/locales/hi";
import { expectAccessible } from "./a11y-support";
import { expect, shot, test } from "./fixtures";
import { type SimulatedShop, startSimulatedShop } from "./self-service-support";
import { hydrated } from "./storefront-support";
import { TEST_ADMIN } from "../support/test-accounts";

/**
 * The Hindi storefront on a phone (390×844): the language switch in the
 * header and the remembered choice; an order from /hi/followers through the
 * order dialog to the checkout, in Hindi with Indian ₹ amounts; and on
 * /hi/track a refill followed as it progresses, a drip-feed order's parts, a
 * pending order cancelled into a refund. Every Hindi page passes axe. A shop
 * of its own with the demo panel simulator, as in self-service.spec.ts.
 */
test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
const PHONE = "9123456780";
let shop: SimulatedShop;

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "mobile", "the buyer walks on a phone-sized screen; once is enough");
  shop = await startSimulatedShop({ name: "hindi", owner: OWNER, phone: PHONE });
});

test.afterAll(async () => {
  await shop?.stop();
});

/** Looks the order up on /hi/track, as a Hindi-speaking buyer does. */
async function track(page: Page, orderId: string) {
  await page.goto(`${shop.url}/hi/track?order=${orderId}`);
  await page.getByLabel(hi.track.phone).fill(PHONE);
  await page.getByRole("button", { name: hi.track.submit }).click();
  const region = page.getByRole("region", { name: `ऑर्डर ${orderId}` });
  await expect(region).toBeVisible();
  return region;
}

/** "₹1,00,000" or "₹149.50": the rupee sign and Indian digit grouping. */
const INDIAN_RUPEES = /^₹(\d{1,2},)*\d{1,3}(\.\d{2})?$/;

test("a buyer switches to Hindi in the header, and the choice survives a reload of the home page", async ({ page }) => {
  await page.goto(`${shop.url}/`);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  const toHindi = page.locator("#site-header").getByRole("link", { name: "हिन्दी" }).first();
  await expect(toHindi).toBeVisible();
  await expect(toHindi).toHaveAttribute("hreflang", "hi-IN");
  await toHindi.click();
  await expect(page).toHaveURL(`${shop.url}/hi`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hi.home.hero.title);
  await hydrated(page);
  await expectAccessible(page, "/hi");
  await shot(page, "hi-home");

  // The English home page now opens in Hindi.
  await page.goto(`${shop.url}/`);
  await expect(page).toHaveURL(`${shop.url}/hi`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");

  // The mobile menu has the switch too; back to English, and English it stays.
  await hydrated(page);
  await page.getByRole("button", { name: hi.common.nav.openMenu }).click();
  const menu = page.locator("#mobile-menu");
  await expect(menu.getByRole("link", { name: "English" })).toBeVisible();
  await menu.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(`${shop.url}/`);
  await page.reload();
  await expect(page).toHaveURL(`${shop.url}/`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
});

test("in Hindi, a buyer orders on /hi/followers through the order dialog to the checkout", async ({ page }) => {
  await page.goto(`${shop.url}/hi/followers`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hi.service.followers.heading);
  await expectAccessible(page, "/hi/followers");
  await page.getByLabel(hi.service.form.username).fill("@");
  await page.getByRole("button", { name: hi.service.form.show }).click();
  await expect(page.getByText(hi.errors.input.invalidUsername)).toBeVisible();
  await page.getByLabel(hi.service.form.username).fill("priya.creates");
  await page.getByRole("button", { name: hi.service.form.show }).click();
  await expect(page.getByRole("heading", { name: hi.service.plans.heading })).toBeVisible();
  await expectAccessible(page, "/hi/followers with its packages");

  const buy = page.getByRole("button", { name: /Starter Followers/ });
  await expect(buy).toHaveText(hi.service.plans.buy);
  await buy.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: hi.order.dialog.title })).toBeVisible();
  await expect(dialog.getByText(INDIAN_RUPEES)).toBeVisible();
  await dialog.getByRole("button", { name: hi.order.dialog.submit }).click();
  await expect(page.getByText(hi.errors.buyer.nameRequired)).toBeVisible();
  await expectAccessible(page, "Hindi order dialog");
  await shot(page, "hi-order-dialog");
  await dialog.getByLabel(hi.order.dialog.name).fill("Priya Sharma");
  await dialog.getByLabel(hi.order.dialog.phone).fill("9876543210");
  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: hi.order.dialog.submit }).click();

  await expect(page).toHaveURL(/\/hi\/checkout\?order=[A-Z0-9]{12}$/);
  await expect(page.getByRole("heading", { name: hi.checkout.scanAndPay })).toBeVisible();
  await expect(page.getByTestId("order-stage")).toHaveCount(0);
  await expect(page.getByTestId("amount")).toHaveText(INDIAN_RUPEES);
  await expect(page.getByTestId("upi-qr")).toBeVisible();
  await expect(page.getByRole("button", { name: hi.checkout.iHavePaid })).toBeVisible();
  // The dialog's error toast may still be leaving; the checkout is judged as it stays.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  await expectAccessible(page, "/hi/checkout awaiting payment");
  await shot(page, "hi-checkout");
});

test("on /hi/track a buyer requests a refill and sees it pending, in progress, then completed", async ({ page }) => {
  test.setTimeout(120_000);
  const orderId = await shop.paidOrder("followers", "Popular Followers", "hindi.refill");
  await shop.advancePanel(115_000);
  await shop.syncPanel();
  expect(shop.orderRow(orderId).status).toBe("delivered");

  let region = await track(page, orderId);
  await expect(region.getByTestId("order-stage")).toHaveText(hi.order.stage.delivered);
  await expect(region.getByText(/^रिफ़िल गारंटी .+ तक$/)).toBeVisible();
  await region.getByRole("button", { name: hi.order.refill.button }).click();
  await expect(page.getByText(hi.order.refill.requested)).toBeVisible();
  await expect(page.getByTestId("refill-progress")).toContainText(hi.order.refill.status.pending);
  await expect(page.getByRole("button", { name: hi.order.refill.button })).toHaveCount(0);
  await expectAccessible(page, "/hi/track, refill requested");
  await shot(page, "hi-track-refill-pending");

  await shop.advancePanel(21_000);
  await shop.syncPanel();
  region = await track(page, orderId);
  await expect(region.getByTestId("refill-progress")).toContainText(hi.order.refill.status.in_progress);
  await shop.advancePanel(91_000);
  await shop.syncPanel();
  region = await track(page, orderId);
  await expect(region.getByTestId("refill-progress")).toContainText(hi.order.refill.status.completed);
});

test("on /hi/track a drip-feed order shows its parts delivered and the next one's time", async ({ page }) => {
  test.setTimeout(60_000);
  const orderId = await shop.paidOrder("likes", "Viral Likes", "https://www.instagram.com/p/HindiDrip1/");
  await shop.advancePanel(21_000);
  await shop.syncPanel();
  expect(shop.orderRow(orderId).status).toBe("delivering");
  const region = await track(page, orderId);
  await expect(region.getByText(hi.order.drip.heading, { exact: true })).toBeVisible();
  await expect(region.getByText("धीरे-धीरे डिलीवरी: 5 हिस्सों में, हर घंटे में एक")).toBeVisible();
  await expect(region.getByTestId("drip-runs")).toHaveText("5 में से 1 हिस्से डिलीवर हुए");
  await expect(region.getByText(/^अगला हिस्सा लगभग .+ IST पर$/)).toBeVisible();
  await expectAccessible(page, "/hi/track, drip-feed under way");
  await shot(page, "hi-track-drip");
});

test("on /hi/track a pending order is cancelled and shows the refund due in ₹", async ({ page }) => {
  test.setTimeout(60_000);
  const orderId = await shop.paidOrder("followers", "Basic Followers", "hindi.cancel");
  // The jobs take their turn (the panel's services list among them: Cancel is offered only for a service the
  // panel says it can cancel); the panel still reports the order Pending.
  await shop.syncPanel();
  expect(shop.orderRow(orderId)).toMatchObject({ status: "sent", panel_status: "pending" });
  const region = await track(page, orderId);
  await expect(region.getByTestId("order-stage")).toHaveText(hi.order.stage.delivering);
  await expectAccessible(page, "/hi/track, a cancel offered");
  // One tap asks first (issue 45, point 4): the dialog says what comes back, the price less the 5% fee a
  // buyer's own cancellation pays, and keeping the order changes nothing.
  await region.getByRole("button", { name: hi.order.cancel.button }).click();
  const dialog = page.getByRole("alertdialog", { name: hi.order.cancel.confirmTitle });
  await expect(dialog.getByTestId("cancel-refund")).toHaveText(
    /^डिलीवरी शुरू नहीं होगी। आपको ₹[\d,.]+ वापस मिलेंगे: आपके दिए ₹[\d,.]+ में से हमारी 5% कैंसलेशन फ़ीस \(₹[\d,.]+\)/,
  );
  const before = shop.orderRow(orderId).status;
  await dialog.getByRole("button", { name: hi.order.cancel.keep }).click();
  await expect(dialog).toBeHidden();
  await expect(region.getByTestId("order-stage")).toHaveText(hi.order.stage.delivering);
  expect(shop.orderRow(orderId).status).toBe(before);
  await region.getByRole("button", { name: hi.order.cancel.button }).click();
  await dialog.getByRole("button", { name: hi.order.cancel.confirmButton }).click();

  await expect(page.getByText(hi.order.cancel.done)).toBeVisible();
  const after = page.getByRole("region", { name: `ऑर्डर ${orderId}` });
  // The buyer's own cancellation reads as theirs, not as an order we could not deliver.
  await expect(after.getByTestId("order-stage")).toHaveText(hi.order.stage.you_cancelled);
  await expect(after.getByText(hi.order.explain.notDelivered)).toHaveCount(0);
  const { status, refund_due_paise: paise } = shop.orderRow(orderId);
  expect(status).toBe("refund_due");
  await expect(after.getByTestId("refund-due")).toHaveText(
    `₹${Math.floor(paise! / 100)}.${String(paise! % 100).padStart(2, "0")}`,
  );
  await expect(after.getByText(/वापस मिलेंगे/)).toBeVisible();
  await expect(after.getByText(/हमारी कैंसलेशन फ़ीस \(₹[\d.]+\) काटकर/)).toBeVisible();
  await expectAccessible(page, "/hi/track, cancelled with the refund due");
  await shot(page, "hi-track-cancelled");
});
