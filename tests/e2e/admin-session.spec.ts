import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { expect, test } from "./fixtures";
import { TEST_ADMIN, WRONG_PASSWORD } from "../support/test-accounts";

// One server of our own: a fresh database with no admin yet, and 20-second sessions.
test.describe.configure({ mode: "serial" });

let shop: TestShop;

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "desktop", "server-side behaviour; one browser is enough");
  // No admin yet: the first test makes one through the setup link.
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: false,
    jobs: "running",
    env: { ADMIN_SESSION_TTL_SECONDS: "20" },
  });
});

test.afterAll(async () => {
  await shop?.stop();
});

async function signIn(page: import("@playwright/test").Page, password: string) {
  await page.getByLabel("Username").fill("owner");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("first run: the setup link from the log creates the admin, once", async ({ page }) => {
  const link = /\/admin\/setup\?token=[\w-]+/.exec(shop.server.output())?.[0];
  expect(link, "setup link in the server log").toBeTruthy();
  await page.goto(`${shop.url}/admin/login`);
  await expect(page.getByText("No admin account exists yet.")).toBeVisible();

  await page.goto(`${shop.url}${link}`);
  await page.getByLabel("Username").fill("owner");
  await page.getByLabel(/^Password/).fill(TEST_ADMIN.password);
  await page.getByLabel("Confirm password").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "Create admin" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  // The sign-in page says the account was made, so the operator knows to sign in with it now.
  await expect(page.getByText("Admin account created. Please sign in.").first()).toBeVisible();

  await page.goto(`${shop.url}${link}`);
  await expect(page.getByText("This setup link is invalid or has already been used.")).toBeVisible();
});

test("a wrong password is refused; the session expires on the server's clock", async ({ page }) => {
  // The browser's own clock an hour slow, as on a phone set wrong: the countdown must run on the server's clock.
  // Playwright's clock also lets the test move the page's time instead of waiting the 20 seconds out.
  await page.clock.install({ time: Date.now() - 3_600_000 });
  await page.goto(`${shop.url}/admin/orders`);
  await signIn(page, WRONG_PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");

  await signIn(page, TEST_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  // Under 30 minutes left from the start with a 20-second session.
  const warning = page.getByRole("dialog", { name: "Session Expiring Soon" });
  await expect(warning).toContainText(
    "Your admin session will expire in less than 30 minutes. Please save your work and login again if needed.",
  );
  await warning.getByRole("button", { name: "Dismiss" }).click();
  await expect(warning).toBeHidden();
  // Still signed in a moment later, on either clock.
  await page.clock.fastForward(5_000);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  expect((await page.request.get(`${shop.url}/api/admin/orders`)).status()).toBe(200);

  // The 20 seconds pass: the server's by moving the session's expiry into the past (its clock is the one that
  // decides), the page's by moving its clock on.
  await shop.db.db
    .updateTable("admin_sessions")
    .set({ expires_at: Date.now() - 1 })
    .execute();
  expect((await page.request.get(`${shop.url}/api/admin/orders`)).status()).toBe(401);
  await page.clock.fastForward(16_000);

  // Back on the sign-in page, which says why (a toast carried by a cookie: the address stays clean).
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Forders$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Session expired. Please login again." }).first(),
  ).toBeVisible();
  const api = await page.request.get(`${shop.url}/api/admin/orders`);
  expect(api.status()).toBe(401);
});

test("five failed sign-ins lock further attempts for 15 minutes", async ({ page }) => {
  await page.goto(`${shop.url}/admin/login`);
  // The previous test already failed once from this address.
  for (let i = 0; i < 4; i++) {
    await signIn(page, `wrong-${i}`);
    await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
  }
  await signIn(page, TEST_ADMIN.password);
  await expect(page.getByRole("alert")).toHaveText("Too many attempts. Please try again in 15 minutes.");
  await expect(page).toHaveURL(/\/admin\/login/);
});
