import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { hi } from "~/locales/hi";
import { expectAccessible } from "./a11y-support";
import { writeSettings } from "~/domain/settings/settings.server";
import { sqliteDatabase } from "../support/databases";
import { makeOrder } from "../support/orders";
import { type TestShop, startTestShop } from "../support/test-shop";
import { insertOrders, uniqueUtr } from "./admin-support";
import { expect, test } from "./fixtures";

/**
 * Receipts (issue 51, point 2): a buyer on a phone opens the receipt of a paid
 * order from /track and from the success page, prints it and downloads its
 * PDF, in English and Hindi; an unpaid order has none. The operator at a
 * laptop sets a GSTIN in Settings, and the next order paid gets a numbered tax
 * invoice: in a shop of its own, since a GSTIN changes every buyer's order form.
 */

const HOUR = 3_600_000;
const GSTIN = "27AAPFU0939F1ZV";

function order(phone: string, extra: Parameters<typeof insertOrders>[0][0]): string {
  const [id] = insertOrders([{ customer_phone: `+91${phone}`, ...extra }]);
  return id!;
}

/** Downloads the open receipt's PDF and gives back its text (the writer keeps it uncompressed). */
async function pdfText(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("receipt-pdf").click()]);
  expect(download.suggestedFilename()).toMatch(/^receipt-[A-Za-z0-9-]+\.pdf$/);
  const bytes = await readFile(await download.path());
  return bytes.toString("latin1");
}

test("a buyer on a phone opens, prints and downloads the receipt from /track and the success page", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "mobile", "the buyer's side, on a phone");
  const phone = "7012398801";
  const now = Date.now();
  const utr = uniqueUtr();
  const orderId = order(phone, {
    status: "delivering",
    paid_at: now - HOUR,
    created_at: now - 2 * HOUR,
    utr,
    price_paise: 34_900,
  });

  // From /track, in English.
  await page.goto(`/track?order=${orderId}`);
  await page.getByLabel("Phone number used for the order").fill(phone);
  await page.getByRole("button", { name: "Track order" }).click();
  await page.getByRole("button", { name: "View or download your receipt" }).click();
  await expect(page.getByTestId("receipt-kind")).toHaveText("Receipt");
  const receipt = page.locator("[data-receipt]");
  await expect(receipt).toContainText(orderId);
  await expect(receipt).toContainText(utr);
  await expect(page.getByTestId("receipt-total")).toHaveText("₹349");
  await expect(receipt).toContainText("Grievance officer");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, "the receipt on a phone");

  // Print: the browser's print dialog, and only the receipt on paper.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await page.getByTestId("print-receipt").click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.getByTestId("print-receipt")).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  const pdf = await pdfText(page);
  expect(pdf.startsWith("%PDF-1.4")).toBe(true);
  expect(pdf).toContain("(RECEIPT) Tj");
  expect(pdf).toContain(`(${orderId}) Tj`);
  expect(pdf).toContain(`(${utr}) Tj`);
  expect(pdf).toContain("(Rs. 349.00) Tj");

  // In Hindi.
  await page.goto(`/hi/track?order=${orderId}`);
  await page.getByLabel(hi.track.phone).fill(phone);
  await page.getByRole("button", { name: hi.track.submit }).click();
  await page.getByRole("button", { name: hi.receipt.fromTrack }).click();
  await expect(page.getByTestId("receipt-kind")).toHaveText(hi.receipt.receipt);
  await expect(page.locator("[data-receipt]")).toContainText(hi.receipt.grievance);
  await expect(page.getByTestId("receipt-pdf")).toHaveText(hi.receipt.pdf);
  expect(await pdfText(page)).toContain(`(${orderId}) Tj`);

  // From the success page opened again later (the phone is not in this tab's history): it asks for the phone.
  await page.goto(`/checkout?order=${orderId}`);
  await page.getByRole("link", { name: "View or download your receipt" }).click();
  await expect(page.getByLabel("Order ID")).toHaveValue(orderId);
  await page.getByLabel("Phone number used for the order").fill("7012398000");
  await page.getByRole("button", { name: "Open receipt" }).click();
  await expect(page.getByTestId("receipt-error")).toHaveText("No order matches this order ID and phone number");
  await page.getByLabel("Phone number used for the order").fill(phone);
  await page.getByRole("button", { name: "Open receipt" }).click();
  await expect(page.getByTestId("receipt-kind")).toHaveText("Receipt");

  // An order never paid has no receipt, and says why.
  const unpaid = order(phone, { status: "expired", created_at: now - 2 * HOUR });
  await page.goto(`/hi/receipt?order=${unpaid}`);
  await page.getByLabel(hi.track.phone).fill(phone);
  await page.getByRole("button", { name: hi.receipt.open }).click();
  await expect(page.getByTestId("receipt-error")).toHaveText(hi.receipt.errors.RECEIPT_UNPAID);
});

test.describe("at a laptop", () => {
  // A shop of its own: a GSTIN on the shared shop would ask every other test's buyers for a billing address.
  const OWNER = { username: "owner", password: "receipts-gstin-owner-1" };
  let shop: TestShop;
  test.beforeAll(({}, info) => {
    test.skip(info.project.name !== "desktop", "the operator's side, at a laptop");
  });
  test.beforeAll(async () => {
    shop = await startTestShop({
      engine: sqliteDatabase,
      admin: OWNER,
      prepare: (handle) => writeSettings(handle.db, { autoSendPaidOrders: false }),
    });
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  test("the operator sets a GSTIN in Settings and the next order paid gets a tax invoice", async ({ page }) => {
    test.setTimeout(90_000);
    const phone = "7012398802";
    const [name, ...value] = shop.cookie.split("=");
    await page.context().addCookies([{ name: name!, value: value.join("="), url: shop.url }]);
    await page.goto(`${shop.url}/admin/settings`);
    const card = page.locator("#tax-settings");
    await expect(card).toBeVisible({ timeout: 15_000 });
    // A mistyped GSTIN is refused at its field, nothing saved.
    await card.getByLabel(/^GSTIN/).fill("27AAPFU0939F1ZW");
    await card.getByRole("button", { name: /save/i }).click();
    await expect(card).toContainText("GSTIN's last character does not match");
    await card.getByLabel(/^GSTIN/).fill(GSTIN);
    await card.getByLabel(/^Legal name/).fill("Boost Growth Private Limited");
    await card.getByLabel(/^Registered address/).fill("12 MG Road, Pune 411001, Maharashtra");
    await card.getByRole("button", { name: /save/i }).click();
    await expect(page.getByText("GST settings saved successfully")).toBeVisible();

    const utr = uniqueUtr();
    const { order_id: orderId } = await makeOrder(shop.db.db, {
      customer_phone: `+91${phone}`,
      status: "payment_claimed",
      utr,
      created_at: Date.now() - 60_000,
      price_paise: 11_800,
    });
    await page.goto(`${shop.url}/admin/orders/${orderId}`);
    const confirm = page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Confirm payment" });
    await confirm.click();
    await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Payment confirmed")).toBeVisible();
    await expect(confirm).toHaveCount(0);

    await page.goto(`${shop.url}/receipt?order=${orderId}`);
    await page.getByLabel("Phone number used for the order").fill(phone);
    await page.getByRole("button", { name: "Open receipt" }).click();
    await expect(page.getByTestId("receipt-kind")).toHaveText("Tax invoice");
    const number = (await page.getByTestId("invoice-number").textContent())!;
    expect(number).toMatch(/^INV\/\d\d-\d\d\/\d{6}$/);
    const invoice = page.locator("[data-receipt]");
    await expect(page.getByTestId("receipt-gstin")).toHaveText(GSTIN);
    await expectAccessible(page, "a tax invoice at a laptop");
    await expect(invoice).toContainText("Boost Growth Private Limited");
    await expect(invoice).toContainText("998361");
    await expect(invoice).toContainText("27 Maharashtra");
    await expect(invoice).toContainText("₹100");
    await expect(invoice).toContainText("CGST 9%");
    await expect(invoice).toContainText("Prices include GST.");
    const pdf = await pdfText(page);
    expect(pdf).toContain("(TAX INVOICE) Tj");
    expect(pdf).toContain(`(${number}) Tj`);
    expect(pdf).toContain(`(GSTIN: ${GSTIN}   State: 27 Maharashtra) Tj`);
  });
});
