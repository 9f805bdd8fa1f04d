import { sqliteDatabase } from "../support/databases";
import { type SmsGatewayDouble, startSmsGatewayDouble } from "../support/sms-gateway-double";
import { TEST_ADMIN } from "../support/test-accounts";
import { type TestShop, startTestShop } from "../support/test-shop";
import { submitSignIn } from "./admin-support";
import { expect, shot, test } from "./fixtures";
import { hydrated } from "./storefront-support";

/**
 * Settings → Payment alerts: SMS Gateway for Android connected (a double of its API), then disconnected on the
 * operator's phone: the shop's webhook is deleted in the app and the card says it is not connected. A shop of
 * its own, since the connection is one setting of the shop (the shared shop's Connect test runs on both sizes).
 */
test.describe.configure({ mode: "serial" });

let shop: TestShop;
let phone: SmsGatewayDouble;

test.beforeAll(({}, info) => {
  test.skip(info.project.name !== "mobile", "one setting of the shop: walked once, on the operator's phone");
});

test.beforeAll(async () => {
  shop = await startTestShop({ engine: sqliteDatabase, admin: TEST_ADMIN, signIn: false, jobs: "off" });
  phone = await startSmsGatewayDouble({ insecure: true });
});

test.afterAll(async () => {
  await phone?.stop();
  await shop?.stop();
});

test("Disconnect deletes the shop's webhook in the app, and Connect is offered again", async ({ page }) => {
  await page.goto(`${shop.url}/admin/settings`);
  await submitSignIn(page, TEST_ADMIN);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await hydrated(page);
  const card = page.getByRole("region", { name: "Payment alerts" });
  await expect(card.getByTestId("sms-gateway-status")).toHaveText("Not connected.");
  await expect(card.getByRole("button", { name: "Disconnect" })).toHaveCount(0);

  const form = card.locator("form#sms-gateway");
  await form.getByLabel("App address").fill(phone.address);
  await form.getByLabel("Username").fill(phone.username);
  await form.getByLabel("Password").fill(phone.password);
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(card.getByTestId("sms-gateway-status")).toContainText(`Connected to ${phone.address}`);
  expect(phone.webhooks).toHaveLength(1);

  await card.getByRole("button", { name: "Disconnect" }).click();
  await expect(
    page.getByText(`Disconnected: the app at ${phone.address} no longer sends its SMS to this shop.`),
  ).toBeVisible();
  await expect(card.getByTestId("sms-gateway-status")).toHaveText("Not connected.");
  await expect(card.getByRole("button", { name: "Disconnect" })).toHaveCount(0);
  expect(phone.webhooks).toEqual([]);
  // The address and username stay for the next Connect; the password is asked again.
  await expect(form.getByLabel("App address")).toHaveValue(phone.address);
  await expect(form.getByLabel("Password")).not.toHaveAttribute("placeholder", /^saved/);
  await shot(page, "sms-gateway-disconnected");
});
