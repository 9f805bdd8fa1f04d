import type { Page } from "@playwright/test";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { expect, test } from "./fixtures";
import { hydrated } from "./storefront-support";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";

/**
 * A plan's panel service and what it costs there (issue 32, point 2), walked
 * at 1280×800 and 390×844: the operator fetches the panel's services
 * (Test connection), sees each plan's cost and margin, picks a service for a
 * new plan from the list and sees its terms and this plan's margin as they
 * type, and cannot save a plan below its cost or enable one.
 */

test.describe.configure({ mode: "serial" });
const OWNER = TEST_ADMIN;
let shop: TestShop;

test.beforeAll(async () => {
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: OWNER,
    signIn: false,
    simulator: true,
    jobs: "off",
  });
});

test.afterAll(async () => shop?.stop());

async function signIn(page: Page, path: string) {
  await page.goto(`${shop.url}${path}`);
  await submitSignIn(page, OWNER);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await hydrated(page);
}

test("the operator sees each plan's cost at the panel, and cannot sell below it", async ({ page }) => {
  await signIn(page, "/admin/panels");
  // The services list is stored once the panel has answered (Admin → Panels, ADR 0024).
  await page.getByRole("button", { name: "Refresh services" }).first().click();
  await expect(page.getByText(/: 5 services fetched/)).toBeVisible();

  await page.goto(`${shop.url}/admin/plans`);
  await hydrated(page);
  // The simulator's followers service 101 costs ₹45 per 1000: Popular Followers (1,000 for ₹349) keeps ₹304.
  const popular = page.getByTestId("plan-row").filter({ hasText: "Popular Followers" });
  await expect(popular).toContainText("Service 101");
  await expect(popular).toContainText("Cost ₹45 · margin ₹304");

  await page.getByRole("link", { name: "Add Plan" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Service Type").selectOption("followers");
  await dialog.getByLabel("Name").fill("Cheap Followers");
  await dialog.getByLabel("Quantity").fill("2,000");
  await dialog.getByLabel("Price (₹)").fill("80");
  // The id is picked from the panel's services, searched on the server a page at a time (issue 45 point 12).
  await dialog.getByRole("button", { name: /^Choose the service from .*'s services$/ }).click();
  await dialog.getByRole("searchbox", { name: /Search .*'s services/ }).fill("followers real");
  const list = dialog.getByRole("list", { name: /'s services$/ });
  await expect(list.getByRole("button")).toHaveCount(1);
  await expect(list).toContainText("45.00 INR per 1000 · takes 50–1,00,000 · Refill yes");
  await list.getByRole("button", { name: /^101 · Instagram Followers/ }).click();
  await expect(dialog.getByLabel("Panel service")).toHaveValue("101");
  await expect(list).toBeHidden();
  const terms = dialog.getByTestId("panel-service-terms");
  await expect(terms).toContainText("101: Instagram Followers [Real Mixed] [30 Days Refill]");
  await expect(terms).toContainText("45.00 INR per 1000 · takes 50–1,00,000");
  await expect(terms).toContainText("Refill yes");
  await expect(terms).toContainText("This plan costs ₹90 there; you keep -₹10");
  // A fallback must be another service: the refusal is said under its field.
  await dialog.getByLabel("Fallback service (optional)").fill("101");
  await expect(dialog.getByTestId("fallback-service-terms")).toContainText("101: Instagram Followers");
  await dialog.getByRole("button", { name: "Add Plan" }).click();
  await expect(dialog.getByRole("alert")).toHaveText([
    "The fallback must be another service, or a service at another panel, than the plan's own",
  ]);
  await expect(dialog.getByLabel("Fallback service (optional)")).toBeFocused();
  await dialog.getByLabel("Fallback service (optional)").fill("");
  await dialog.getByRole("button", { name: "Add Plan" }).click();
  await expect(dialog.getByRole("alert")).toHaveText([
    "Price is below the panel's cost of ₹90 for this quantity: raise it or choose another service",
  ]);
  await expect(dialog.getByLabel("Price (₹)")).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Price (₹)").fill("129");
  await expect(terms).toContainText("This plan costs ₹90 there; you keep ₹39");
  await dialog.getByRole("button", { name: "Add Plan" }).click();
  await expect(page.getByText("Plan added successfully")).toBeVisible();
  const cheap = page.getByTestId("plan-row").filter({ hasText: "Cheap Followers" });
  await expect(cheap).toContainText("Cost ₹90 · margin ₹39");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
