import type { Page } from "@playwright/test";
import { COUPON_MESSAGES } from "~/domain/coupons/coupon-messages";
import { en } from "~/locales/en";
import { hi } from "~/locales/hi";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { E2E_DB, withDb } from "./buying-support";
import { OPEN_DIALOG, expectAccessible } from "./a11y-support";
import { expect, test } from "./fixtures";
import { hydrated } from "./storefront-support";
import { makeOrder } from "../support/orders";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";

/**
 * Coupons (issue 51, point 6). The buyer, on a phone, applies a code in the
 * order dialog in English and in Hindi: refusals say why (unknown, expired,
 * below the minimum), an accepted code shows the price before and after, the
 * checkout asks for the discounted amount and /track shows the coupon. The
 * operator, on a laptop, adds, edits and disables a coupon in Admin → Coupons
 * and is warned when a code sells a plan below its panel's cost.
 */

/** Codes of the shared shop's buyer walk, named so that no other spec's data meets them. */
function addCoupons() {
  const now = Date.now();
  withDb(E2E_DB, (db) => {
    const insert = db.prepare(
      `insert or ignore into coupons (code, kind, amount, min_order_paise, starts_at, ends_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    insert.run("E2ESAVE20", "percent", 20, 0, null, null, now, now);
    insert.run("E2EGONE", "percent", 10, 0, null, now - 60_000, now, now);
    insert.run("E2EBIGONLY", "flat", 5_000, 10_000_000, null, null, now, now);
  });
}

/** From a service page to the order dialog of Popular Followers (₹349). */
async function openDialog(page: Page, path: string, labels: { username: string; show: string }) {
  await page.goto(path);
  await hydrated(page);
  await page.getByLabel(labels.username).fill("coupon.buyer");
  await page.getByRole("button", { name: labels.show }).click();
  await page.getByRole("button", { name: /Popular Followers/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("the buyer", () => {
  test.beforeEach(({}, info) => {
    test.skip(info.project.name !== "mobile", "the buyer applies codes on a phone-sized screen");
  });

  test("applies a code in English: refusals say why, the price before and after, the checkout and /track", async ({
    page,
  }) => {
    addCoupons();
    const dialog = await openDialog(page, "/followers", { username: "Instagram username", show: "Show packages" });
    await dialog.getByRole("button", { name: en.order.coupon.open }).click();
    const code = dialog.getByLabel(en.order.coupon.label);
    const apply = dialog.getByRole("button", { name: en.order.coupon.apply });
    await code.fill("NOSUCHCODE");
    await apply.click();
    await expect(dialog.getByText(COUPON_MESSAGES.unknown)).toBeVisible();
    await code.fill("e2egone");
    await apply.click();
    await expect(dialog.getByText(COUPON_MESSAGES.expired)).toBeVisible();
    await expectAccessible(page, "order dialog with a coupon refused", { within: OPEN_DIALOG });
    await code.fill("e2esave20");
    await apply.click();
    // ₹349 less 20% (₹69.80).
    await expect(dialog.getByTestId("coupon-before")).toHaveText("₹349");
    await expect(dialog.getByTestId("coupon-after")).toHaveText("₹279.20");
    await expect(dialog.getByText("E2ESAVE20 applied: you save ₹69.80")).toBeVisible();
    await expectAccessible(page, "order dialog with a coupon applied", { within: OPEN_DIALOG });

    await dialog.getByLabel("Your name").fill("Kavya Rao");
    await dialog.getByLabel("Phone number").fill("9811122233");
    await dialog.getByRole("checkbox").click();
    await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
    await expect(page).toHaveURL(/\/checkout\?order=[A-Z0-9]{12}$/);
    const orderId = new URL(page.url()).searchParams.get("order")!;
    // The amount to pay is the discounted price less the few paise that make it unique.
    const amount = await page.getByTestId("amount").innerText();
    const paise = Math.round(Number(amount.replace(/[₹,]/g, "")) * 100);
    expect(paise).toBeLessThan(27_920);
    expect(paise).toBeGreaterThan(27_920 - 200);
    const stored = withDb(E2E_DB, (db) =>
      db.prepare("select coupon_code, discount_paise, price_paise from orders where order_id = ?").get(orderId),
    );
    expect(stored).toEqual({ coupon_code: "E2ESAVE20", discount_paise: 6_980, price_paise: paise });

    await page.goto(`/track?order=${orderId}`);
    await page.getByLabel("Phone number used for the order").fill("9811122233");
    await page.getByRole("button", { name: "Track order" }).click();
    const region = page.getByRole("region", { name: `Order ${orderId}` });
    await expect(region.getByTestId("track-coupon")).toHaveText("E2ESAVE20 (you saved ₹69.80)");
  });

  test("applies a code in Hindi: the refusals and the price before and after in Hindi", async ({ page }) => {
    addCoupons();
    const dialog = await openDialog(page, "/hi/followers", {
      username: hi.service.form.username,
      show: hi.service.form.show,
    });
    await dialog.getByRole("button", { name: hi.order.coupon.open }).click();
    const code = dialog.getByLabel(hi.order.coupon.label);
    const apply = dialog.getByRole("button", { name: hi.order.coupon.apply });
    await code.fill("E2EGONE");
    await apply.click();
    await expect(dialog.getByText(hi.errors.coupon.expired)).toBeVisible();
    await code.fill("E2EBIGONLY");
    await apply.click();
    await expect(dialog.getByText("यह कूपन कोड ₹1,00,000 या उससे ज़्यादा के ऑर्डर के लिए है।")).toBeVisible();
    await code.fill("E2ESAVE20");
    await apply.click();
    await expect(dialog.getByTestId("coupon-before")).toHaveText("₹349");
    await expect(dialog.getByTestId("coupon-after")).toHaveText("₹279.20");
    await expect(dialog.getByText("E2ESAVE20 लग गया: आपकी बचत ₹69.80")).toBeVisible();
    await expect(dialog.getByText(hi.order.coupon.youPay)).toBeVisible();
  });
});

test.describe("the operator", () => {
  test.describe.configure({ mode: "serial" });
  const OWNER = TEST_ADMIN;
  let shop: TestShop | undefined;

  test.beforeAll(async ({}, info) => {
    if (info.project.name !== "desktop") return;
    shop = await startTestShop({ engine: sqliteDatabase, admin: OWNER, signIn: false, simulator: true, jobs: "off" });
  });
  test.afterAll(async () => shop?.stop());

  test("adds, edits and disables a coupon, warned when it sells below the panel's cost", async ({ page }, info) => {
    test.skip(info.project.name !== "desktop", "the operator works on a laptop screen");
    const url = shop!.url;
    await page.goto(`${url}/admin/panels`);
    await submitSignIn(page, OWNER);
    await expect(page).toHaveURL(/\/admin\/panels$/);
    await hydrated(page);
    // The plans' costs come from the panel's services list (the simulator's followers: ₹45 per 1000).
    await page.getByRole("button", { name: "Refresh services" }).first().click();
    await expect(page.getByText(/: 5 services fetched/)).toBeVisible();

    await page.getByRole("link", { name: "Coupons" }).click();
    await expect(page.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();
    await hydrated(page);
    await page.getByRole("link", { name: "Add Coupon" }).click();
    let dialog = page.getByRole("dialog");
    await expectAccessible(page, "add coupon dialog", { within: OPEN_DIALOG });
    await dialog.getByLabel("Code").fill("bigsale");
    await dialog.getByLabel("Percent (%)").fill("95");
    await dialog.getByLabel("Total uses").fill("100");
    await dialog.getByLabel("Uses per phone").fill("1");
    await dialog.getByLabel("Ends (IST)").fill("2030-12-31T23:59");
    await dialog.getByRole("button", { name: "Add Coupon" }).click();
    await expect(page.getByText("Coupon BIGSALE added")).toBeVisible();
    const warning = page.getByTestId("coupon-warning");
    // Popular Followers: ₹349 less 95% is ₹17.45, under the ₹45 the panel charges for 1,000.
    await expect(warning).toContainText("BIGSALE sells Popular Followers (1,000 followers) at ₹17.45");
    await expect(warning).toContainText("below the panel's cost of ₹45");
    const row = page.getByTestId("coupon-row").filter({ hasText: "BIGSALE" });
    await expect(row).toContainText("95% off");
    await expect(row).toContainText("2030-12-31 23:59");
    await expect(row).toContainText("0 of 100");
    await expectAccessible(page, "/admin/coupons with a below-cost warning");

    // A second coupon with the same code, in another case, is refused at the field.
    await page.getByRole("link", { name: "Add Coupon" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Code").fill("BigSale");
    await dialog.getByLabel("Percent (%)").fill("5");
    await dialog.getByRole("button", { name: "Add Coupon" }).click();
    await expect(dialog.getByText("A coupon with this code already exists")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Edited to a flat ₹50 off orders from ₹300: no plan it applies to goes below its cost, no warning.
    await row.getByRole("link", { name: "Edit BIGSALE" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Discount type").selectOption("flat");
    await dialog.getByLabel("Amount (₹)").fill("50");
    await dialog.getByLabel("Minimum order (₹)").fill("300");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Coupon BIGSALE saved")).toBeVisible();
    await expect(page.getByTestId("coupon-warning")).toHaveCount(0);
    await expect(row).toContainText("₹50 off");
    await expect(row).toContainText("orders from ₹300");

    await row.getByRole("button", { name: "Disable BIGSALE" }).click();
    await expect(page.getByText("Coupon BIGSALE disabled")).toBeVisible();
    await expect(row).toContainText("Disabled");

    // An order bought with it shows the code and the discount on its page.
    const order = await makeOrder(shop!.db.db, {
      target: "coupon.order",
      price_paise: 29_899,
      listed_price_paise: 29_900,
      coupon_code: "BIGSALE",
      discount_paise: 5_000,
    });
    await page.goto(`${url}/admin/orders/${order.order_id}`);
    await expect(page.getByTestId("order-coupon")).toHaveText("BIGSALE: ₹50 off the plan's ₹349");

    // Every change is in the audit.
    await page.goto(`${url}/admin/audit`);
    const entries = page.getByTestId("audit-entry");
    // Newest first: disabled, edited, added.
    await expect(entries.nth(0)).toContainText("coupon.disable");
    await expect(entries.nth(1)).toContainText("coupon.update");
    await expect(entries.nth(2)).toContainText("coupon.create");
  });
});
