import type { Browser } from "@playwright/test";
import { ADMIN, E2E_PORT, ensureAdmin, submitSignIn } from "./admin-support";
import { expect, test } from "./fixtures";

type SignedIn = Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;

/**
 * The `test` of specs that only look at admin pages: each worker signs in
 * once and every test's page (and `request`) starts with that session.
 */
export const adminTest = test.extend<object, { adminState: SignedIn }>({
  adminState: [async ({ browser }, use) => use(await signedInState(browser)), { scope: "worker" }],
  storageState: ({ adminState }, use) => use(adminState),
});

async function signedInState(browser: Browser): Promise<SignedIn> {
  await ensureAdmin();
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await submitSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const state = await context.storageState();
  await context.close();
  return state;
}
