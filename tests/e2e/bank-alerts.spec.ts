import { hdfcCreditSms } from "../support/sms";
import { expect } from "./fixtures";
import { adminTest } from "./signed-in";
import { hydrated } from "./storefront-support";

/**
 * The operator checks, in Settings, how the shop reads their bank's alerts: one pasted alert, or a
 * month of them at once, read exactly as the SMS endpoint reads them, each with why it was not read.
 */
const test = adminTest;

test("Settings reads many pasted alerts at once and says which would be read as credits, and why not", async ({
  page,
}) => {
  await page.goto("/admin/settings");
  // Try answers from React's state: a click before React runs the page would be lost.
  await hydrated(page);
  const card = page.getByRole("region", { name: "Payment alerts" });
  const text = card.getByLabel("Alert text");
  const sender = card.getByLabel(/^Sender/);

  await text.fill(
    [
      hdfcCreditSms(34_897, "514212345678"),
      "Rs 500.00 debited from A/c XX1234 on 21-05-25 to VPA shop@okaxis (UPI Ref No 514212345679)",
      "123456 is your OTP to receive Rs 348.97 in A/c XX1234. Do not share it.",
    ].join("\n\n"),
  );
  await sender.fill("VM-HDFCBK");
  await card.getByRole("button", { name: "Try", exact: true }).click();
  const result = card.getByTestId("try-result");
  await expect(result).toContainText("1 of 3 alerts read as credits");
  const rows = result.getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText("Yes");
  await expect(rows.nth(1)).toContainText("514212345678");
  await expect(rows.nth(2)).toContainText(/not a credit: it says "debited"/);
  await expect(rows.nth(3)).toContainText(/OTP/);

  // One alert in a bank's words from a look-alike of its sender id: not read, and the reason says so.
  await text.fill(hdfcCreditSms(34_897, "514212345678"));
  await sender.fill("VM-HDFCBX");
  await card.getByRole("button", { name: "Try", exact: true }).click();
  await expect(result).toContainText("looks like HDFC Bank's HDFCBK but is not it");
});
