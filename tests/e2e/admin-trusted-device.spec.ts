import { createHash } from "node:crypto";
import { ADMIN, ensureAdmin, forgetWrongPasswords, withDb } from "./admin-support";
import { expect, shot, test } from "./fixtures";
import { WRONG_PASSWORD } from "../support/test-accounts";

/**
 * The operator's own phone stays signed in when asked to (30 days), and a
 * sensitive change asks for the password again in a dialog when it was not
 * typed in the last 15 minutes, then goes through as it was sent.
 */
test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "desktop") await page.setViewportSize({ width: 1280, height: 800 });
});

test("a remembered device stays signed in, and asks for the password again before a new SMS secret", async ({
  page,
  context,
}) => {
  await ensureAdmin();
  await page.goto("/admin/login?redirectTo=%2Fadmin%2Fsettings");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByLabel("Remember this device for 30 days").check();
  await shot(page, "login-remember");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Settings", exact: true })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === "admin_session")!;
  const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  const id = createHash("sha256").update(decodeURIComponent(cookie.value)).digest("hex");

  // Sixteen minutes since the password was typed on this device.
  withDb((db) =>
    db.prepare("update admin_sessions set password_at = ? where id = ?").run(Date.now() - 16 * 60_000, id),
  );
  await page
    .getByRole("region", { name: "Payment alerts" })
    .getByRole("button", { name: /^Make a (new )?secret$/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Enter your password again" });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("sms-secret")).toHaveCount(0);
  await dialog.getByLabel("Password").fill(WRONG_PASSWORD);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Current password is incorrect");
  forgetWrongPasswords();
  await expect(dialog.getByLabel("Password")).toBeFocused();
  await shot(page, "password-again");
  await dialog.getByLabel("Password").fill(ADMIN.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  // The change went through as it was first sent.
  await expect(page.getByTestId("sms-secret")).toBeVisible();

  await page.goto("/admin/account");
  const device = page.getByTestId("remembered-device").filter({ hasText: "this device" });
  await expect(device).toContainText(/Chrome on (Windows|Linux|Android)/);
  await shot(page, "remembered-devices");
});
