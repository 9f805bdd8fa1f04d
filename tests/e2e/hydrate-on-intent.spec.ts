import { expect, test } from "./fixtures";
import { hydrated } from "./storefront-support";

/**
 * Service pages and /track are read before they are used: React starts at the
 * visitor's first touch, key or pointer movement (ADR 0011). What the buyer
 * notices: the page is there and its menus work at once, nothing typed in the
 * meantime is lost, the page does not jump, and the lookup works without React.
 */
const appScript = /\/assets\/(entry\.client|root|service|track)-[\w-]+\.js$/;

// Skipped before the tests' pages are made (a skip in beforeEach comes after the page fixture opened one).
test.beforeAll(({}, info) => {
  test.skip(info.project.name !== "mobile", "a phone's first touch is what starts React");
});

test("a service page works before React: its menu opens and nothing of the app is downloaded", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/followers", { waitUntil: "networkidle" });
  expect(scripts.filter((s) => appScript.test(s))).toEqual([]);
  await expect(page.locator("html")).not.toHaveAttribute("data-interactive", "true");

  // The phone menu is the islands' (ADR 0010): it works without React. Tapping it starts React too.
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-interactive", "true");
  expect(scripts.filter((s) => appScript.test(s)).length).toBeGreaterThan(0);
  // Started once, by the first intent: the menu still closes with one tap.
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
});

test("what a buyer types before React runs reaches the form, and the page keeps its place", async ({ page }) => {
  // React's app arrives late, as on a slow connection, so the typing happens first.
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto("/likes");
  await page.evaluate(() => window.scrollTo(0, 120));
  await page.getByLabel("Instagram username").fill("rahul.k");
  await page.getByLabel(/link/).fill("https://www.instagram.com/p/C8xYz12AbCd/");
  const submit = page.getByRole("button", { name: "Show packages" });
  await expect(page.locator("html")).not.toHaveAttribute("data-interactive", "true");
  release();

  await expect(page.locator("html")).toHaveAttribute("data-interactive", "true");
  await expect(submit).toBeEnabled();
  expect(await page.evaluate(() => window.scrollY)).toBe(120);
  await submit.click();
  await expect(page.getByRole("heading", { name: "Choose your package" })).toBeVisible();
  await expect(page.getByText("@rahul.k")).toBeVisible();
});

test("/track looks an order up without React, and with it", async ({ page }) => {
  // React's app never arrives (a connection that drops it): the lookup is a plain form post.
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, () => new Promise<void>(() => {}));
  await page.goto("/track");
  await page.getByLabel("Order ID").fill("ORD-NOSUCH-1");
  await page.getByLabel("Phone number used for the order").fill("9876543210");
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByText("No order matches this order ID and phone number")).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-interactive", "true");

  await page.unroute(/\/assets\/entry\.client-[\w-]+\.js$/);
  await page.goto("/track");
  await hydrated(page);
  await page.getByLabel("Order ID").fill("ORD-NOSUCH-2");
  await page.getByLabel("Phone number used for the order").fill("9876543210");
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByText("No order matches this order ID and phone number")).toBeVisible();
});
