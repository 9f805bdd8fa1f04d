import { insertOrders, uniqueUtr } from "./admin-support";
import { OPEN_DIALOG, expectAccessible } from "./a11y-support";
import { expect, test } from "./fixtures";
import { orderCheapestPlan } from "./buying-support";
import { hydrated, openNav } from "./storefront-support";

/**
 * axe-core on every public page and every state a buyer can open on it, once
 * per viewport (the desktop and mobile projects): each page is loaded once and
 * walked through its dialogs, menus and form states.
 */

// Each test runs axe-core several times, a few seconds each on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("home, with the site menu and an FAQ answer open", async ({ page, isMobile }) => {
  await page.goto("/");
  await hydrated(page);
  await expectAccessible(page, "home");
  const faq = page.locator("#faq");
  await faq.getByRole("button", { name: "Do you need my Instagram password?" }).click();
  await expect(faq.getByRole("region")).toHaveCount(1);
  await expectAccessible(page, "home, an FAQ answer open");
  if (isMobile) {
    await openNav(page, true);
    await expectAccessible(page, "home, mobile menu open");
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" }).click();
    await expect(page.getByRole("link", { name: "Instagram Followers" }).first()).toBeVisible();
    await expectAccessible(page, "home, Services menu open");
  }
});

for (const path of ["/privacy-policy", "/terms-of-service", "/delivery-policy", "/refund-policy", "/contact-us"]) {
  test(`${path}`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    await expectAccessible(page, path);
  });
}

test("the blog and an article", async ({ page }) => {
  await page.goto("/blog");
  await hydrated(page);
  await expectAccessible(page, "/blog");
  await page
    .getByRole("link", { name: /^Read More/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expectAccessible(page, page.url());
});

test("the 404 page", async ({ page }) => {
  const response = await page.goto("/definitely/not-here");
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expectAccessible(page, "404");
});

const SERVICES = [
  ["likes", "rahul.k", "https://www.instagram.com/p/C8xYz12AbCd/"],
  ["views", null, "https://www.instagram.com/reel/C8xYz12AbCd/"],
  ["comments", "rahul_k", "https://www.instagram.com/reel/C8xYz12AbCd/"],
] as const;

for (const [service, username, link] of SERVICES) {
  test(`/${service}, before and after choosing the target`, async ({ page }) => {
    await page.goto(`/${service}`);
    await hydrated(page);
    await expectAccessible(page, `/${service}`);
    if (username) await page.getByLabel("Instagram username").fill(username);
    await page.getByLabel(/link/).fill(link);
    await page.getByRole("button", { name: "Show packages" }).click();
    await expect(page.getByRole("heading", { name: "Choose your package" })).toBeVisible();
    await expectAccessible(page, `/${service} with its packages`);
  });
}

test("/followers through the order dialog to the checkout: awaiting payment, then the UTR received", async ({
  page,
}) => {
  await page.goto("/followers");
  await hydrated(page);
  await expectAccessible(page, "/followers");
  await page.getByLabel("Instagram username").fill("@");
  await page.getByRole("button", { name: "Show packages" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectAccessible(page, "/followers, an invalid username");
  await page.getByLabel("Instagram username").fill("priya.creates");
  await page.getByRole("button", { name: "Show packages" }).click();
  await expect(page.getByRole("heading", { name: "Choose your package" })).toBeVisible();
  await expectAccessible(page, "/followers with its packages");

  await page.getByRole("button", { name: /Starter Followers/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "order dialog", { within: OPEN_DIALOG });
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  await expect(page.getByText("Please enter your name")).toBeVisible();
  await expectAccessible(page, "order dialog with its errors", { within: OPEN_DIALOG });
  await dialog.getByRole("button", { name: "Close" }).click();

  await orderCheapestPlan(page, /Starter Followers/);
  await expect(page.getByTestId("upi-qr")).toBeVisible();
  await expectAccessible(page, "checkout awaiting payment");
  await page.getByLabel(/12-digit UPI reference/).fill(uniqueUtr());
  await page.getByRole("button", { name: "I have paid" }).click();
  await expect(page.getByTestId("order-stage")).toHaveText("Payment received, being confirmed");
  await expectAccessible(page, "checkout, UTR received");
});

test("/checkout without an order, and an expired one", async ({ page }) => {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Order Information Missing" })).toBeVisible();
  await expectAccessible(page, "/checkout without an order");
  const [expired] = insertOrders([{ created_at: Date.now() - 3_600_000, status: "expired" }]);
  await page.goto(`/checkout?order=${expired}`);
  await expect(page.getByRole("heading", { name: "Payment time expired" })).toBeVisible();
  await expectAccessible(page, "checkout, payment window expired");
});

test("/track: empty, a lookup that matches nothing, and an order found", async ({ page }) => {
  const [orderId] = insertOrders([
    { created_at: Date.now() - 3_600_000, status: "expired", customer_phone: "+919876512345" },
  ]);
  await page.goto("/track");
  await hydrated(page);
  await expectAccessible(page, "/track");
  await page.getByLabel("Order ID").fill(orderId!);
  await page.getByLabel("Phone number used for the order").fill("9876500001");
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByText("No order matches")).toBeVisible();
  await expectAccessible(page, "/track, no order matches");
  await page.getByLabel("Phone number used for the order").fill("9876512345");
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByRole("region", { name: `Order ${orderId}` })).toBeVisible();
  await expectAccessible(page, "/track with an order");
});
