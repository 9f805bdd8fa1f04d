import { sqliteDatabase } from "../support/databases";
import { type PanelDouble, startPanelDouble } from "../support/panel-doubles";
import { addTestPanel, panelAt } from "../support/panels";
import { type TestShop, startTestShop } from "../support/test-shop";
import { expectAccessible } from "./a11y-support";
import { expect, shot, test } from "./fixtures";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";

/**
 * The Panels page (issue 32 point 2), at 1280×800 and 390×844: the shop runs
 * on a PerfectPanel double; the operator adds a SmartPanel one (a bad name
 * and URL are refused at their fields, nothing saved), tests it, sees it
 * listed with its balance and services and without its key, and makes it the default.
 */
test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
let shop: TestShop;
let jap: PanelDouble;
let smart: PanelDouble;

test.beforeAll(async () => {
  jap = await startPanelDouble("perfectpanel");
  smart = await startPanelDouble("smartpanel");
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: OWNER,
    signIn: false,
    env: { PANEL_ALLOW_PRIVATE_ADDRESSES: "true" },
    prepare: async (handle) => {
      await addTestPanel(handle.db, {
        ...panelAt(jap.apiUrl, jap.apiKey, { followers: "1", likes: "2", views: "3", comments: "4" }),
        name: "JAP",
        currency: "USD",
      });
    },
  });
});

test.afterAll(async () => {
  await shop?.stop();
  await jap?.close();
  await smart?.close();
});

test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "desktop") await page.setViewportSize({ width: 1280, height: 800 });
});

test("the operator adds a second panel, tests it and makes it the default", async ({ page }) => {
  await page.goto(`${shop.url}/admin/panels`);
  await submitSignIn(page, OWNER);
  await expect(page.getByRole("heading", { name: "Panels", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "JAP" }).getByText("Default")).toBeVisible();
  await expectAccessible(page, "/admin/panels");

  await page.getByRole("link", { name: "Add panel" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("JAP");
  await dialog.getByLabel("API URL").fill(smart.apiUrl);
  await dialog.getByLabel("API key").fill(smart.apiKey);
  await dialog.getByRole("button", { name: "Add panel" }).click();
  await expect(dialog.getByText("Another panel already has this name")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await expectAccessible(page, "add panel dialog with its error");
  await dialog.getByLabel("Name").fill("Smart");
  await dialog.getByLabel("INR per unit (non-INR panels)").fill("-1");
  await dialog.getByRole("button", { name: "Add panel" }).click();
  await expect(dialog.getByText("INR rate must be a positive number like 83.25")).toBeVisible();
  await dialog.getByLabel("INR per unit (non-INR panels)").fill("");
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await expect(dialog.getByText("Connected.")).toBeVisible();
  await dialog.getByRole("button", { name: "Add panel" }).click();
  await expect(page.getByText("Panel Smart added")).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("region", { name: "Smart" });
  await card.getByRole("button", { name: "Refresh services" }).click();
  await expect(page.getByText(/Smart: \d+ services fetched/)).toBeVisible();
  await expect(card.getByText(new URL(smart.apiUrl).host)).toBeVisible();
  expect(await page.content()).not.toContain(smart.apiKey);
  await card.getByRole("button", { name: "Make default" }).click();
  await expect(page.getByText("Smart is now the default panel")).toBeVisible();
  await expect(card.getByText("Default")).toBeVisible();
  await shot(page, "panels");
});
