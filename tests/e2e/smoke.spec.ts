import { expect, test } from "./fixtures";

test("the home page renders on the server and comes alive in the browser", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  // Served from memory: its inline scripts are allowed by their hashes, not a nonce.
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^']+'/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Grow your Instagram");
  await expect(page.getByRole("link", { name: /Instagram Followers/ }).first()).toBeVisible();
  // React Router only defines this after hydration, which proves the hashed scripts ran.
  await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
});

test("an unknown address answers 404 with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go back home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
