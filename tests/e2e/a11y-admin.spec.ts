import type { Page } from "@playwright/test";
import { ADMIN, insertOrders, ist, istDaysAgo } from "./admin-support";
import { OPEN_DIALOG, OPEN_MENU, expectAccessible } from "./a11y-support";
import { expect } from "./fixtures";
import { adminTest } from "./signed-in";
import { WRONG_PASSWORD } from "../support/test-accounts";

/**
 * axe-core on every admin page and every dialog and menu it opens, once per
 * viewport (the desktop and mobile projects). Each worker signs in once and
 * its tests reuse that session, so every page is loaded once.
 */
const test = adminTest;

// Each test runs axe-core several times, a few seconds each on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function openAdminMenu(page: Page, isMobile: boolean, where: string) {
  if (!isMobile) return;
  await page.getByRole("button", { name: /^Open menu/ }).click();
  await expect(page.getByRole("navigation", { name: "Admin navigation" })).toBeVisible();
  await expectAccessible(page, `${where}, navigation menu open`);
  await page.getByRole("button", { name: "Close menu" }).click();
}

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the sign-in page, and its refusal", async ({ page }) => {
    await page.goto("/admin/login");
    await expectAccessible(page, "/admin/login");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(WRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    // The refusal's toast loads its library with the first toast: axe must judge it once it is there and
    // has faded in, not while it arrives (a half-faded toast reads as low contrast).
    await expect(page.locator("[data-sonner-toast][data-mounted='true']")).toBeVisible();
    await expectAccessible(page, "/admin/login, a wrong password");
  });

  test("the setup page, its link no longer valid", async ({ page }) => {
    await page.goto("/admin/setup?token=used-or-unknown");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, "/admin/setup, link not valid");
  });
});

/**
 * Orders on nine days no other test uses (each project its own), so the chart's table of numbers is taller than
 * its frame; each is delivered or expired, out of the "to confirm" counts other tests watch. Returns the last day.
 */
function ordersOfOwnDays(projectName: string): string {
  const first = projectName === "mobile" ? 39 : 48;
  const days = Array.from({ length: 9 }, (_, i) => istDaysAgo(first - i));
  insertOrders(
    days.flatMap((day) => [
      { created_at: ist(day, "10:00"), paid_at: ist(day, "10:02"), status: "delivered", profit_paise: 2_000 },
      { created_at: ist(day, "15:00"), status: "expired", customer_name: "Asha" },
    ]),
  );
  return days.at(-1)!;
}

test("the dashboard, with its chart's numbers, navigation, user menu and date picker", async ({
  page,
  isMobile,
}, info) => {
  const day = ordersOfOwnDays(info.project.name);
  await page.goto(`/admin/dashboard?timeRange=custom&startDate=${istDaysAgo(49)}&endDate=${day}`);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expectAccessible(page, "/admin/dashboard");
  await page.getByText("Show the numbers").click();
  await expect(page.getByRole("table").last()).toBeVisible();
  await expectAccessible(page, "/admin/dashboard, the chart's numbers shown");
  await openAdminMenu(page, isMobile, "/admin/dashboard");

  await page.getByRole("button", { name: /remaining/ }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectAccessible(page, "user menu open", { within: OPEN_MENU });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();

  await page.getByRole("button", { name: /\w{3} \d{2}, \d{4} - / }).click();
  await expect(page.getByRole("grid").first()).toBeVisible();
  await expectAccessible(page, "date picker open", { within: OPEN_DIALOG });
});

test("the orders list, with its export menu, customer dialog and delete confirmation", async ({ page }, info) => {
  ordersOfOwnDays(info.project.name);
  await page.goto("/admin/orders?range=all");
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
  await expectAccessible(page, "/admin/orders");

  await page.getByRole("button", { name: "Export Data" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectAccessible(page, "export menu open", { within: OPEN_MENU });
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "User Data" }).first().click();
  await expect(page.getByRole("dialog", { name: "Customer Information" })).toBeVisible();
  await expectAccessible(page, "customer dialog", { within: OPEN_DIALOG });
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Delete Order" }).first().click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectAccessible(page, "delete order confirmation", { within: OPEN_DIALOG });
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
});

test("an order's details, with its confirmation dialogs", async ({ page }, info) => {
  const day = istDaysAgo(info.project.name === "mobile" ? 38 : 47);
  const [orderId] = insertOrders([{ created_at: ist(day, "09:00"), status: "expired", customer_name: "Asha" }]);
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole("region", { name: "Actions" })).toBeVisible();
  await expectAccessible(page, "order details");

  await page.getByRole("button", { name: "Cancel order…" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectAccessible(page, "cancel order confirmation", { within: OPEN_DIALOG });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("alertdialog")).toBeHidden();

  await page.getByRole("button", { name: "Erase customer data" }).click();
  await expect(page.getByRole("alertdialog", { name: "Erase customer data?" })).toBeVisible();
  await expectAccessible(page, "erase customer data confirmation", { within: OPEN_DIALOG });
  await page.keyboard.press("Escape");
});

test("the plans, with the plan dialog and the delete confirmation", async ({ page }) => {
  await page.goto("/admin/plans");
  await expect(page.getByRole("heading", { name: "Plans" })).toBeVisible();
  await expectAccessible(page, "/admin/plans");

  await page.getByRole("link", { name: "Add Plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Plan" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "add plan dialog", { within: OPEN_DIALOG });
  await dialog.getByRole("button", { name: "Add Plan" }).click();
  await expectAccessible(page, "add plan dialog with its errors", { within: OPEN_DIALOG });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page
    .getByRole("button", { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectAccessible(page, "delete plan confirmation", { within: OPEN_DIALOG });
  await page.keyboard.press("Escape");
});

test("the settings and the danger zone's confirmations", async ({ page }) => {
  await page.goto("/admin/settings");
  const zone = page.getByRole("region", { name: "Dangerous Zone" });
  await expect(zone).toBeVisible();
  await expectAccessible(page, "/admin/settings");

  await zone.getByLabel("All Service Plans").click();
  await zone.getByRole("button", { name: /Delete Selected Data/ }).click();
  await expect(page.getByRole("alertdialog", { name: "Confirm Selective Deletion" })).toBeVisible();
  await expectAccessible(page, "selective deletion confirmation");
  await page.keyboard.press("Escape");
  await zone.getByLabel("All Service Plans").click();

  await zone.getByRole("button", { name: "Delete ALL Data (Everything)" }).click();
  await expect(page.getByRole("alertdialog").first()).toBeVisible();
  await expectAccessible(page, "delete everything confirmation", { within: OPEN_DIALOG });
  await page.keyboard.press("Escape");
});

test("/admin/social-proof with its add dialogs", async ({ page }) => {
  await page.goto("/admin/social-proof");
  await expect(page.getByRole("heading", { level: 1, name: "Social proof" })).toBeVisible();
  await expectAccessible(page, "/admin/social-proof");
  for (const name of ["Add testimonial", "Add proof card"]) {
    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, `/admin/social-proof, ${name} dialog`, { within: OPEN_DIALOG });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  }
});

for (const [path, heading] of [
  ["/admin/payments", "Payments"],
  ["/admin/audit", "Audit log"],
  ["/admin/account", "My Account"],
  ["/admin/health", "Health"],
] as const) {
  test(path, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, `${path} (${heading})`);
  });
}
