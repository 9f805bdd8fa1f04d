import { expect, test } from "./fixtures";
import { hydrated } from "./storefront-support";

test("a service page served from memory hydrates and its buy dialog opens, with no CSP violation", async ({ page }) => {
  // The first request renders the page into the cache; the browser then gets the copy.
  expect((await page.request.get("/followers")).status()).toBe(200);
  const response = await page.goto("/followers");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'sha256-/);
  expect(csp).not.toContain("'nonce-");
  expect(response?.headers().etag).toBeTruthy();
  // Hydration waits for the page's language; what a buyer types before it is not yet React's.
  await hydrated(page);

  await page.getByLabel("Instagram username").fill("rahul_k");
  await page.getByRole("button", { name: "Show packages" }).click();
  await expect(page.getByRole("heading", { name: "Choose your package" })).toBeVisible();
  await page.getByRole("button", { name: /Starter Followers/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Proceed to Pay" })).toBeVisible();
  // The fixture fails the test on any CSP report or uncaught error in the console.
});
