import type { CDPSession, Page } from "@playwright/test";
import { whatsappUpdatesLink } from "~/domain/buyer-messages/offer";
import { type BuyerShop, startBuyerShop, waIdOf } from "../support/buyer-shop";
import { sqliteDatabase } from "../support/databases";
import { type PushDevice, type PushDouble, startPushDouble } from "../support/push-double";
import { DOUBLE_BUSINESS_NUMBER } from "../support/whatsapp-double";
import { expectAccessible } from "./a11y-support";
import { uniqueUtr } from "./admin-support";
import { expect, shot, test } from "./fixtures";
import { hydrated } from "./storefront-support";

/**
 * The buyer hears from the shop, on a phone (390×844), against the WhatsApp
 * Cloud API double and a push service in this process: they tick "Send me
 * order updates on WhatsApp", pay, turn on notifications, and get
 * payment-confirmed then delivered on WhatsApp and as a browser notification
 * (the push the shop sent, handed to the page's own service worker through
 * Chromium's DevTools, as the push service would); they write STATUS and
 * REFILL from the order's number and get the answer /track gives, and another
 * number gets nothing about the order; STOP stops everything.
 *
 * The browser's push service (Google's, for Chromium) cannot be reached from
 * here: `PushManager.subscribe` is given the local push service's endpoint
 * and keys instead, and everything after it is real.
 */
test.describe.configure({ mode: "serial" });

const PHONE = "9123400077";
const WA_ID = waIdOf(PHONE);
let bs: BuyerShop;
let push: PushDouble;
let device: PushDevice;
let orderId = "";

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "mobile", "the buyer walks on a phone-sized screen; once is enough");
  test.setTimeout(120_000);
  push = await startPushDouble();
  bs = await startBuyerShop(sqliteDatabase, {
    PUSH_ALLOW_PRIVATE_ADDRESSES: "true",
    NODE_EXTRA_CA_CERTS: push.certFile,
  });
  device = push.device();
});

test.afterAll(async () => {
  await bs?.stop();
  await push?.stop();
});

/** The buyer's browser: notifications allowed, its push subscription the local push service's device. */
async function buyerPage(page: Page): Promise<CDPSession> {
  await page.context().grantPermissions(["notifications"], { origin: bs.shop.url });
  await page.addInitScript((subscription) => {
    let current: object | null = null;
    const made = () => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      toJSON: () => ({ ...subscription, expirationTime: null }),
      unsubscribe: () => {
        current = null;
        return Promise.resolve(true);
      },
    });
    PushManager.prototype.subscribe = function subscribe() {
      current = made();
      return Promise.resolve(current as PushSubscription);
    };
    PushManager.prototype.getSubscription = function getSubscription() {
      return Promise.resolve(current as PushSubscription | null);
    };
  }, device.subscription);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("ServiceWorker.enable");
  return cdp;
}

/** Hands the push the shop sent to the page's service worker, as the browser's push service would. */
async function deliverPush(page: Page, cdp: CDPSession, payload: string) {
  const registrationId = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration("/track");
    return registration?.active ? "ready" : null;
  });
  expect(registrationId).toBe("ready");
  const registrations = await new Promise<Array<{ registrationId: string; scopeURL: string }>>((resolve) => {
    cdp.once("ServiceWorker.workerRegistrationUpdated", (event) => resolve(event.registrations));
    void cdp.send("ServiceWorker.disable").then(() => cdp.send("ServiceWorker.enable"));
  });
  const registration = registrations.find((r) => r.scopeURL.endsWith("/track"))!;
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(bs.shop.url).origin,
    registrationId: registration.registrationId,
    data: payload,
  });
}

/** The notifications the buyer's service worker shows now. */
function notifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration("/track");
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string } | null)?.url ?? "" }));
  });
}

test("a buyer opts in, pays, and hears payment-confirmed then delivered on WhatsApp and as a notification", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cdp = await buyerPage(page);
  await page.goto(`${bs.shop.url}/followers`);
  await hydrated(page);
  await page.getByLabel("Instagram username").fill("asha.paints");
  await page.getByRole("button", { name: "Show packages" }).click();
  await page.getByRole("button", { name: /Popular Followers/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Your name").fill("Asha Verma");
  await dialog.getByLabel("Phone number").fill(PHONE);
  await dialog.getByLabel("E-mail (optional)").fill("not-an-email");
  const optIn = dialog.getByRole("checkbox", { name: "Send me order updates on WhatsApp" });
  await expect(optIn).not.toBeChecked();
  await optIn.click();
  await dialog.getByRole("checkbox", { name: /I agree to the/ }).click();
  await shot(page, "order-dialog-updates");
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  // A wrong e-mail is said before anything is ordered; empty is fine.
  await expect(page.getByText("Please enter a valid e-mail address, or leave it empty")).toBeVisible();
  await dialog.getByLabel("E-mail (optional)").fill("");
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  await expect(page).toHaveURL(/\/checkout\?order=[A-Z0-9]{12}$/);
  orderId = new URL(page.url()).searchParams.get("order")!;

  await page.getByLabel(/12-digit UPI reference/).fill(uniqueUtr());
  await page.getByRole("button", { name: "I have paid" }).click();
  await expect(page.getByTestId("order-stage")).toHaveText("Payment received, being confirmed");
  const updates = page.getByRole("region", { name: "Updates about this order" });
  await expect(updates.getByTestId("whatsapp-updates")).toHaveAttribute(
    "href",
    whatsappUpdatesLink(DOUBLE_BUSINESS_NUMBER, `Hi! Please send me updates about my order ${orderId}.`),
  );
  await updates.getByRole("button", { name: "Notify me" }).click();
  await expect(updates.getByTestId("notify-status")).toHaveText("Notifications are on for this order.");
  await expect(updates.getByRole("button", { name: "Turn off notifications" })).toBeVisible();
  await shot(page, "checkout-updates");
  await expectAccessible(page, "/checkout, updates about the order");

  // The operator confirms the payment; the outbox sends the buyer's updates.
  await bs.confirm(orderId);
  await bs.shop.runJobs();
  await expect
    .poll(() => bs.whatsapp.templatesTo(WA_ID).map((m) => m.template!.name))
    .toEqual(["order_payment_confirmed"]);
  await expect.poll(() => device.received.length).toBe(1);
  await deliverPush(page, cdp, device.received[0]!.payload);
  await expect
    .poll(() => notifications(page))
    .toContainEqual({
      title: `BoostKaro: Payment received for order ${orderId}`,
      body: expect.stringContaining("Delivery starts within 30 minutes") as unknown as string,
      url: `/track?order=${orderId}`,
    });

  // The panel delivers; the buyer hears that too, in that order.
  await bs.delivered(orderId);
  await bs.shop.runJobs();
  await expect
    .poll(() => bs.whatsapp.templatesTo(WA_ID).map((m) => m.template!.name))
    .toEqual(["order_payment_confirmed", "order_delivered"]);
  await expect.poll(() => device.received.length).toBe(2);
  await deliverPush(page, cdp, device.received[1]!.payload);
  await expect
    .poll(() => notifications(page))
    .toContainEqual({
      title: `BoostKaro: Order ${orderId} is delivered`,
      body: `Order ${orderId} is delivered: all 1,000 followers for asha.paints. Thank you for your order!`,
      url: `/track?order=${orderId}`,
    });
});

test("STATUS and REFILL from the order's number get /track's answers; another number gets nothing", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await bs.whatsapp.buyerWrites(WA_ID, "STATUS");
  await bs.whatsapp.buyerWrites(waIdOf("9123400078"), `STATUS ${orderId}`);
  await bs.shop.runJobs();
  await expect.poll(() => bs.whatsapp.textsTo(WA_ID)).toEqual([`Order ${orderId} (Popular Followers): Delivered.`]);
  const stranger = bs.whatsapp.textsTo(waIdOf("9123400078"));
  expect(stranger).toHaveLength(1);
  expect(stranger[0]).toContain("could not find an order placed with this WhatsApp number");
  expect(stranger[0]).not.toContain(orderId);

  await bs.whatsapp.buyerWrites(WA_ID, "REFILL");
  await bs.shop.runJobs();
  await expect
    .poll(() => bs.whatsapp.textsTo(WA_ID))
    .toContain(`Refill requested for order ${orderId}. We will tell you when it starts.`);

  // /track shows the refill the chat asked for, as if asked there.
  await page.goto(`${bs.shop.url}/track?order=${orderId}`);
  await page.getByLabel("Phone number used for the order").fill(PHONE);
  await page.getByRole("button", { name: "Track order" }).click();
  const region = page.getByRole("region", { name: `Order ${orderId}` });
  await expect(region.getByTestId("refill-progress")).toContainText("Refill requested, waiting to start");
  await expect(region.getByRole("region", { name: "Updates about this order" })).toBeVisible();
  await shot(page, "track-after-chat-refill");
});

test("STOP stops everything: no WhatsApp message, no notification, until START", async ({ page }) => {
  test.setTimeout(90_000);
  const before = { whatsapp: bs.whatsapp.sent.length, pushes: device.received.length };
  await bs.whatsapp.buyerWrites(WA_ID, "STOP");
  await bs.shop.runJobs();
  await expect.poll(() => bs.whatsapp.textsTo(WA_ID).at(-1)).toContain("you will get no more messages from us");
  // The refill finishes at the panel: news the buyer would have had, and does not.
  await bs.shop.advancePanel(120_000);
  await bs.shop.syncPanelNow();
  await bs.shop.syncPanelNow();
  await bs.shop.runJobs();
  expect(bs.whatsapp.sent.length).toBe(before.whatsapp + 1);
  expect(device.received.length).toBe(before.pushes);

  // The operator's order page says so, and lists every message the buyer was sent.
  const admin = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  await admin.addCookies([
    { name: bs.shop.cookie.split("=")[0]!, value: bs.shop.cookie.split("=").slice(1).join("="), url: bs.shop.url },
  ]);
  const tab = await admin.newPage();
  await tab.goto(`${bs.shop.url}/admin/orders/${orderId}`);
  const messages = tab.getByRole("region", { name: "Messages to the buyer" });
  await expect(messages).toContainText("The buyer wrote STOP: nothing is sent.");
  await expect(messages.getByTestId("buyer-message").filter({ hasText: "Payment confirmed (receipt)" })).toHaveCount(2);
  await expect(messages).toContainText("Browser notification");
  await shot(tab, "admin-order-messages");
  await admin.close();

  await bs.whatsapp.buyerWrites(WA_ID, "START");
  await bs.shop.runJobs();
  await expect.poll(() => bs.whatsapp.textsTo(WA_ID).at(-1)).toContain("Welcome back");
});
