import type { APIRequestContext } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { insertOrders, ist, istDaysAgo, uniqueUtr } from "./admin-support";
import { expect } from "./fixtures";
import { adminTest as test } from "./signed-in";
import { hydrated } from "./storefront-support";

/**
 * html-validate's standard preset on the HTML the server sends (before any
 * script runs), for every server-rendered page and the states a buyer can
 * reach by address or by a plain form post. The markup does not change with
 * the screen size, so the desktop project alone checks it.
 */
const validator = new HtmlValidate({ extends: ["html-validate:standard"] });

// Skipped before the tests' pages are made (a skip in beforeEach comes after the page fixture opened one).
test.beforeAll(({}, info) => {
  test.skip(info.project.name !== "desktop", "the server sends the same HTML to every screen");
});

/** One line per error: the page, where in it, the rule and its message. */
async function htmlErrors(
  request: APIRequestContext,
  origin: string,
  path: string,
  form?: Record<string, string>,
): Promise<string[]> {
  const response = form ? await request.post(path, { form, headers: { Origin: origin } }) : await request.get(path);
  expect(response.headers()["content-type"], path).toMatch(/^text\/html/);
  const report = await validator.validateString(await response.text(), path);
  return report.results.flatMap((r) =>
    r.messages.map((m) => `${path} ${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? "document"})`),
  );
}

async function expectValid(
  request: APIRequestContext,
  origin: string,
  pages: (string | [path: string, form: Record<string, string>])[],
) {
  const errors: string[] = [];
  for (const p of pages) {
    errors.push(
      ...(typeof p === "string" ? await htmlErrors(request, origin, p) : await htmlErrors(request, origin, ...p)),
    );
  }
  expect(errors, "html-validate (standard) errors").toEqual([]);
}

test.describe("public pages, signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the storefront, blog, policies and the 404 pages", async ({ page, baseURL }) => {
    await expectValid(page.request, baseURL!, [
      "/",
      "/followers",
      "/likes",
      "/views",
      "/comments",
      "/blog",
      "/blog/best-time-to-post-instagram-india",
      "/privacy-policy",
      "/terms-of-service",
      "/delivery-policy",
      "/refund-policy",
      "/contact-us",
      "/definitely/not-here",
      "/blog/no-such-article",
    ]);
  });

  test("the same pages in Hindi, and a missing one under /hi", async ({ page, baseURL }) => {
    await expectValid(page.request, baseURL!, [
      "/hi",
      "/hi/followers",
      "/hi/likes",
      "/hi/views",
      "/hi/comments",
      "/hi/privacy-policy",
      "/hi/terms-of-service",
      "/hi/delivery-policy",
      "/hi/refund-policy",
      "/hi/contact-us",
      "/hi/checkout",
      "/hi/track",
      "/hi/definitely/not-here",
    ]);
  });

  test("the checkout in each state, and /track empty, refused and with an order", async ({ page, baseURL }) => {
    const now = Date.now();
    const [awaiting, claimed, expired] = insertOrders([
      { created_at: now, status: "awaiting_payment" },
      { created_at: now - 60_000, status: "payment_claimed", utr: uniqueUtr() },
      { created_at: now - 3_600_000, status: "expired", customer_phone: "+919876512399" },
    ]);
    await expectValid(page.request, baseURL!, [
      "/checkout",
      `/checkout?order=${awaiting}`,
      `/checkout?order=${claimed}`,
      `/checkout?order=${expired}`,
      "/checkout?order=BKNOSUCHORDER0",
      "/track",
      ["/track", { orderId: expired!, phone: "9876500000" }],
      ["/track", { orderId: expired!, phone: "9876512399" }],
    ]);
  });
});

test.describe("built in the browser", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  // The order dialog exists only once a package is chosen: its markup is checked as the browser holds it.
  test("the order dialog", async ({ page }) => {
    await page.goto("/followers");
    await hydrated(page);
    await page.getByLabel("Instagram username").fill("priya.creates");
    await page.getByRole("button", { name: "Show packages" }).click();
    await page.getByRole("button", { name: /Starter Followers/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const report = await validator.validateString(await dialog.evaluate((e) => e.outerHTML), "order dialog");
    const errors = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`));
    expect(errors, "html-validate (standard) errors in the order dialog").toEqual([]);
  });
});

test("the admin's pages, signed in, and its sign-in pages", async ({ page, baseURL, browser }) => {
  const [orderId] = insertOrders([{ created_at: ist(istDaysAgo(37), "09:00"), status: "expired" }]);
  await expectValid(page.request, baseURL!, [
    "/admin/dashboard",
    "/admin/orders?range=all",
    `/admin/orders/${orderId}`,
    "/admin/payments",
    "/admin/plans",
    "/admin/settings",
    "/admin/audit",
    "/admin/account",
    "/admin/social-proof",
    "/admin/health",
  ]);
  const signedOut = await browser.newContext({ baseURL });
  await expectValid(signedOut.request, baseURL!, ["/admin/login", "/admin/setup"]);
  await signedOut.close();
});
