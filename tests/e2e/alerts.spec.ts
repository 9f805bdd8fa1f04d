import { createServer } from "node:net";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { type TelegramDouble, startTelegramDouble } from "../support/telegram-double";
import { expect, test } from "./fixtures";
import { TEST_ADMIN } from "../support/test-accounts";

/**
 * The operator sets up alerts in Settings → Alerts: Telegram through a local
 * Bot API double, e-mail through an SMTP server in the test process. "Send
 * test" answers in the channel's own words: sent, or why not.
 */

let shop: TestShop;
let telegram: TelegramDouble;
let smtp: SmtpSink;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test.beforeAll(async ({}, info) => {
  if (info.project.name !== "desktop") return;
  telegram = await startTelegramDouble();
  smtp = await startSmtpSink();
  shop = await startTestShop({
    engine: sqliteDatabase,
    signIn: false,
    jobs: "running",
    // The test's SMTP server is on this machine, without TLS.
    env: { TELEGRAM_API_BASE: telegram.url, MAIL_ALLOW_PRIVATE_ADDRESSES: "true" },
  });
});
test.afterAll(async () => {
  await shop?.stop();
  await telegram?.stop();
  await smtp?.stop();
});
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "desktop", "set up once, at a desk");
});

test("the operator connects Telegram and e-mail, and Send test says what each channel answered", async ({ page }) => {
  await page.goto(`${shop.url}/admin/settings`);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await page.getByLabel("Username").fill("owner");
  await page.getByLabel("Password").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const card = page.getByRole("region", { name: "Alerts", exact: true });

  await card.getByLabel("Bot token (from @BotFather)").fill(telegram.token);
  await card.getByLabel("Chat id").fill("-1001234567890");
  // Only these Telegram users' presses of "Confirm payment" count (security round 3, finding 4).
  await card.getByLabel(/Your Telegram user id/).fill("111");
  await card.getByLabel("Send alerts to Telegram").check();
  await card.getByRole("button", { name: "Save Telegram" }).click();
  await expect(page.getByText("Telegram alerts saved")).toBeVisible();
  await expect(card.getByTestId("telegram-webhook")).toHaveText("Confirm button: connected");
  await card.getByTestId("alerts-test-telegram").locator("..").getByRole("button", { name: "Send test" }).click();
  await expect(card.getByTestId("alerts-test-telegram")).toHaveText("Telegram: test alert sent");
  // Only the test alert (after the evening summary's hour, the day's summary goes out as soon as a channel works).
  const testAlerts = () =>
    telegram.callsOf("sendMessage").filter((call) => String(call.body.text).startsWith("Test alert"));
  expect(testAlerts()).toHaveLength(1);

  const nowhere = await closedPort();
  await card.getByLabel("Send alerts by e-mail").check();
  await card.getByLabel("SMTP host").fill("127.0.0.1");
  await card.getByLabel("Port", { exact: true }).fill(String(nowhere));
  await card.getByLabel("Security").selectOption("none");
  await card.getByLabel("From", { exact: true }).fill("Shop alerts <alerts@shop.example.in>");
  await card.getByLabel("To (your address)").fill("owner@shop.example.in");
  await card.getByRole("button", { name: "Save e-mail" }).click();
  await expect(page.getByText("E-mail alerts saved")).toBeVisible();
  const emailTest = card.getByTestId("alerts-test-email");
  await emailTest.locator("..").getByRole("button", { name: "Send test" }).click();
  await expect(emailTest).toContainText(`Could not reach the SMTP server 127.0.0.1:${nowhere}`);

  await card.getByLabel("Port", { exact: true }).fill(String(smtp.port));
  await card.getByRole("button", { name: "Save e-mail" }).click();
  await emailTest.locator("..").getByRole("button", { name: "Send test" }).click();
  await expect(emailTest).toHaveText("E-mail: test alert sent");
  expect(smtp.messages.map((m) => m.subject).filter((subject) => subject?.includes("Test alert"))).toHaveLength(1);
});
