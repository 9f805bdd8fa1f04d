import type { Page } from "@playwright/test";
import { type SmsGatewayDouble, startSmsGatewayDouble } from "../support/sms-gateway-double";
import { expect, shot } from "./fixtures";
import { adminTest as test } from "./signed-in";

/**
 * Issue 45, point 9 for the record dialogs: Admin → Plans and Admin → Panels
 * open their dialogs and post them before the page's scripts run (a link
 * followed, a whole-page post), and a refusal keeps what was typed with the
 * message under its field, as Settings' forms do; no placeholder reads as a
 * value. Point 12: Settings → Payment alerts connects SMS Gateway for Android
 * (a double of its API) instead of a curl to the phone. Laptop and phone.
 */
test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "desktop") await page.setViewportSize({ width: 1280, height: 800 });
});

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.interactive === "true");

test.describe("before the page's scripts run", () => {
  test.use({ javaScriptEnabled: false });

  test("Add Plan opens in the page, and a refused plan comes back as typed with the refusal under its field", async ({
    page,
  }) => {
    await page.goto("/admin/plans");
    await page.getByRole("link", { name: "Add Plan" }).click();
    await expect(page).toHaveURL(/\/admin\/plans\?plan=new$/);
    const form = page.locator("form#plan-add");
    await form.getByLabel("Service Type").selectOption("likes");
    await form.getByLabel("Quantity").fill("1,500");
    await form.getByLabel("Price (₹)").fill("99");
    await form.getByLabel("Refill guarantee (days)").fill("30");
    // The name left empty: the browser's own check is off before the scripts run, so the server says it.
    await form.getByRole("button", { name: "Add Plan" }).click();
    await expect(page).toHaveURL(/\/admin\/plans\?plan=new#plan-add$/);
    await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Name")).toHaveAccessibleDescription(/./);
    await expect(form.getByLabel("Service Type")).toHaveValue("likes");
    await expect(form.getByLabel("Quantity")).toHaveValue("1,500");
    await expect(form.getByLabel("Price (₹)")).toHaveValue("99");
    await expect(form.getByLabel("Refill guarantee (days)")).toHaveValue("30");
    await expect(form).toBeInViewport();
    await shot(page, "plan-refused-no-scripts");
    // Cancel is a link back to the list.
    await form.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/plans$/);
    await expect(page.locator("form#plan-add")).toHaveCount(0);
  });

  test("a refused panel keeps what was typed, asks for the key again and says why under the URL", async ({ page }) => {
    await page.goto("/admin/panels");
    await page.getByRole("link", { name: "Add panel" }).click();
    const form = page.locator("form#panel-add");
    await form.getByLabel("Name").fill("Typed Panel");
    await form.getByLabel("API URL").fill("not an address");
    await form.getByLabel("API key").fill("typed-secret-key-123");
    await form.getByRole("button", { name: "Add panel" }).click();
    await expect(page).toHaveURL(/\/admin\/panels\?panel=new#panel-add$/);
    await expect(form.getByLabel("Name")).toHaveValue("Typed Panel");
    await expect(form.getByLabel("API URL")).toHaveValue("not an address");
    await expect(form.getByLabel("API URL")).toHaveAttribute("aria-invalid", "true");
    const key = form.getByLabel("API key");
    await expect(key).toHaveValue("");
    await expect(key).toHaveAccessibleDescription(/Type it again/);
    expect(await page.content()).not.toContain("typed-secret-key-123");
    await shot(page, "panel-refused-no-scripts");
  });
});

test("with the page's scripts, Add Plan is a dialog again, and the dialogs' placeholders read as examples", async ({
  page,
}) => {
  await page.goto("/admin/plans");
  await hydrated(page);
  await page.getByRole("link", { name: "Add Plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Plan" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  const placeholders = async () =>
    (await dialog.locator("[placeholder]").evaluateAll((els) => els.map((e) => e.getAttribute("placeholder")!))).filter(
      (p) => p !== "",
    );
  for (const text of await placeholders()) expect(text).toMatch(/^(e\.g\. |Empty means |Type a |Search )/);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/admin/panels");
  await hydrated(page);
  await page.getByRole("link", { name: "Add panel" }).click();
  await expect(dialog.or(page.getByRole("dialog", { name: "Add panel" }))).toBeVisible();
  const panel = page.getByRole("dialog", { name: "Add panel" });
  const texts = (
    await panel.locator("[placeholder]").evaluateAll((els) => els.map((e) => e.getAttribute("placeholder")!))
  ).filter((p) => p !== "");
  expect(texts.length).toBeGreaterThan(2);
  for (const text of texts) expect(text).toMatch(/^(e\.g\. |Empty means |Saved: )/);
});

test.describe("Connect SMS Gateway for Android", () => {
  let phone: SmsGatewayDouble;
  test.beforeAll(async () => {
    // The app's Insecure build takes this shop's http:// test address (the secure build asks for https://).
    phone = await startSmsGatewayDouble({ insecure: true });
  });
  test.afterAll(async () => {
    await phone?.stop();
  });

  test("registers the shop's webhook from Settings, once, and says a wrong password under its field", async ({
    page,
  }) => {
    await page.goto("/admin/settings#payment-alerts");
    await hydrated(page);
    const card = page.getByRole("region", { name: "Payment alerts" });
    const form = card.locator("form#sms-gateway");
    await form.getByLabel("App address").fill(phone.address.replace("http://", ""));
    await form.getByLabel("Username").fill(phone.username);
    await form.getByLabel("Password").fill("not-the-password");
    await form.getByRole("button", { name: "Connect" }).click();
    await expect(form.getByLabel("Password")).toHaveAccessibleDescription(/The app refused the username or password/);
    await expect(form.getByLabel("App address")).toHaveValue(phone.address.replace("http://", ""));
    expect(phone.webhooks).toHaveLength(0);

    await form.getByLabel("Password").fill(phone.password);
    await form.getByRole("button", { name: "Connect" }).click();
    await expect(
      page.getByText(/Connected: the app sends each SMS it receives to .*\/api\/payments\/sms-alert/),
    ).toBeVisible();
    // (Laptop and phone run at once on one shop, each with its own phone: either address may be the last saved.)
    await expect(card.getByTestId("sms-gateway-status")).toContainText("Connected to http://127.0.0.1:");
    await shot(page, "sms-gateway-connected");
    // The password is never sent back to the page: only that one is saved.
    await expect(form.getByLabel("Password")).toHaveAttribute("placeholder", /^saved, ending …/);
    expect(await page.content()).not.toContain(phone.password);
    // Pressed again: still one webhook, for received SMS, signed with the shop's secret.
    await form.getByRole("button", { name: "Connect" }).click();
    await expect(card.getByTestId("sms-gateway-status")).toContainText("Connected to");
    expect(phone.webhooks).toHaveLength(1);
    expect(phone.webhooks[0]).toMatchObject({ event: "sms:received" });
    expect(phone.signingKey()).toMatch(/^[0-9a-f]{64}$/);
  });
});
