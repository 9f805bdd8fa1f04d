import { forgetWrongPasswords, signIn } from "./admin-support";
import { expect, shot, test } from "./fixtures";
import { WRONG_PASSWORD } from "../support/test-accounts";

/**
 * The small things of issue 33: a toast's × leaves the dialog behind it alone,
 * a page's toasts do not follow to the next page, the admin's phone menu has a
 * backdrop and closes with Escape, and a settings refusal shows at its field.
 */
test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "desktop") await page.setViewportSize({ width: 1280, height: 800 });
});

test("a refusal in the order dialog stands under its field; the dialog stays open with what the buyer typed", async ({
  page,
}) => {
  await page.goto("/followers?username=priya.creates");
  await page.getByRole("button", { name: /Starter Followers/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Phone number").fill("98765 43210");
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  // Under the field, with the focus there (issue 45), not a toast the buyer must close.
  const name = dialog.getByLabel("Your name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription(/Please enter your name/);
  await expect(name).toBeFocused();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Phone number")).toHaveValue("98765 43210");
});

test("a settings refusal shows at its field, and its toast does not follow to the next page", async ({ page }) => {
  await signIn(page, "/admin/settings");
  await expect(page.getByRole("heading", { name: "Settings", exact: true })).toBeVisible();
  const card = page.locator("#store-settings");
  const field = card.getByLabel("Delivery starts within (minutes)");
  await field.fill("soon");
  await card.getByRole("button", { name: "Save Settings" }).click();
  await expect(card.getByRole("alert")).toHaveText("Delivery start time must be a whole number");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
  await shot(page, "settings-field-error");
  // A refusal only the server can make (the current password is wrong) comes as a toast too.
  const auth = page.getByRole("region", { name: "Admin Authentication" });
  await auth.getByLabel("Current Password").fill(WRONG_PASSWORD);
  await auth.getByRole("button", { name: "Save Settings" }).click();
  await expect(auth.getByText("Current password is incorrect")).toBeVisible();
  forgetWrongPasswords();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Failed to save settings" });
  await expect(toast).toBeVisible();

  const menu = page.getByRole("button", { name: /^Open menu/ });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(toast).toHaveCount(0);
});

test("the admin menu on a phone has a backdrop and closes with Escape or a tap beside it", async ({ page }, info) => {
  test.skip(info.project.name !== "mobile", "the menu is a drawer on a phone only");
  await signIn(page, "/admin/dashboard");
  const open = page.getByRole("button", { name: /^Open menu/ });
  const nav = page.getByRole("navigation", { name: "Admin navigation" });
  const backdrop = page.getByTestId("admin-menu-backdrop");

  await open.click();
  await expect(nav).toBeVisible();
  await expect(backdrop).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
  await shot(page, "admin-menu-open");
  await page.keyboard.press("Escape");
  await expect(backdrop).toHaveCount(0);
  await expect(open).toHaveAttribute("aria-expanded", "false");
  await expect(open).toBeFocused();

  // "Login successful" sits over the menu button, and waits while the pointer rests on it: the operator closes it.
  const toast = page.locator("[data-sonner-toast]");
  if ((await toast.count()) > 0) await toast.getByRole("button", { name: "Close toast" }).click();
  await expect(toast).toHaveCount(0);
  await open.click();
  await expect(backdrop).toBeVisible();
  await backdrop.click({ position: { x: 360, y: 400 } });
  await expect(backdrop).toHaveCount(0);
  await expect(open).toHaveAttribute("aria-expanded", "false");
});
