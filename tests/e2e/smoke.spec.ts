import { pinnedNodeVersion } from "../../scripts/runtime/node-runtime.mjs";
import { expect, test } from "./fixtures";

test("the home page renders on the server and comes alive in the browser", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  // Served from memory with no inline script to allow: nothing but the shop's own files runs.
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' https:/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Grow your Instagram");
  await expect(page.getByRole("link", { name: /Instagram Followers/ }).first()).toBeVisible();
  // The static page's one script ran, and React never came (ADR 0010).
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.interactive)).toBe("true");
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
});

test("a service page served from memory hydrates at the first intent: its inline scripts are allowed by their hashes", async ({
  page,
}) => {
  const response = await page.goto("/followers");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^']+'/);
  // React waits for the visitor (ADR 0011); the module script it then adds runs under the same hash.
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
  await page.getByLabel("Instagram username").focus();
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

test("the shop under test runs on the pinned Node.js (the webServer's `node server.js` finds it first on the PATH)", async ({
  request,
}) => {
  // /readyz answers this machine only; the version is not shown to buyers.
  const readiness = (await (await request.get("/readyz")).json()) as { node: string };
  expect(readiness.node).toBe(`v${pinnedNodeVersion()}`);
});
