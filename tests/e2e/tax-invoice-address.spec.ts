import { readFile } from "node:fs/promises";
import type { Browser, Locator, Page } from "@playwright/test";
import { BILLING_MESSAGES } from "~/domain/receipts/billing-address";
import { writeSettings } from "~/domain/settings/settings.server";
import { en } from "~/locales/en";
import { hi } from "~/locales/hi";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { expectAccessible } from "./a11y-support";
import { expect, shot, test } from "./fixtures";
import { hydrated } from "./storefront-support";

/**
 * Tax invoices that name the buyer (issue 51, point 2; docs/receipts.md, "The buyer's address"): in a
 * GST-registered shop (a shop of its own, so the shared shop's order forms never change under other
 * tests), the buyer on a phone gives a billing address, PIN code and State in the order dialog, in English
 * and Hindi; a wrong PIN or no State is refused under its field and nothing is ordered; the tax invoice
 * names them and charges IGST for another State, CGST and SGST for the shop's own. The operator at a
 * laptop refunds an invoiced order, the buyer's receipt shows its credit note, and Admin → Payments lists
 * both documents and exports them as CSV.
 */
test.describe.configure({ mode: "serial" });

const OWNER = { username: "owner", password: "tax-invoice-owner-1" };
const GSTIN = "27AAPFU0939F1ZV";
let shop: TestShop;

test.beforeAll(async () => {
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: OWNER,
    prepare: (handle) =>
      writeSettings(handle.db, {
        upiId: "shop@okaxis",
        merchantName: "Boost Shop",
        autoSendPaidOrders: false,
        gstin: GSTIN,
        legalName: "Boost Growth Private Limited",
        registeredAddress: "12 MG Road, Pune 411001, Maharashtra",
      }),
  });
});

test.afterAll(async () => {
  await shop?.stop();
});

const ordersCount = async () => (await shop.db.db.selectFrom("orders").select("order_id").execute()).length;

/** From the followers page to the dialog of Popular Followers, in the language of `texts`. */
async function openDialog(page: Page, lang: "en" | "hi", username: string, billing = true): Promise<Locator> {
  const texts = lang === "hi" ? hi : en;
  await page.goto(`${shop.url}${lang === "hi" ? "/hi" : ""}/followers`);
  await hydrated(page);
  await page.getByLabel(lang === "hi" ? /Instagram यूज़रनेम/ : "Instagram username").fill(username);
  await page.getByRole("button", { name: lang === "hi" ? /पैकेज देखें/ : "Show packages" }).click();
  await page.getByRole("button", { name: /Popular Followers/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: texts.order.dialog.title })).toBeVisible();
  await expect(dialog.getByRole("group", { name: texts.order.billing.title })).toHaveCount(billing ? 1 : 0);
  return dialog;
}

/** The order paid (its invoice is issued with the payment) through the operator's API. */
async function confirm(orderId: string) {
  await shop.db.db
    .updateTable("orders")
    .set({ status: "payment_claimed", utr: `41234${String(Date.now()).slice(-7)}` })
    .where("order_id", "=", orderId)
    .execute();
  const confirmed = await fetch(`${shop.url}/api/admin/orders/${orderId}/confirm-payment`, {
    method: "POST",
    headers: { cookie: shop.cookie, origin: shop.url },
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
}

async function openReceipt(page: Page, lang: "en" | "hi", orderId: string, phone: string) {
  const texts = lang === "hi" ? hi : en;
  await page.goto(`${shop.url}${lang === "hi" ? "/hi" : ""}/receipt?order=${orderId}`);
  await page.getByLabel(texts.track.phone).fill(phone);
  await page.getByRole("button", { name: texts.receipt.open }).click();
  await expect(page.getByTestId("receipt-kind")).toHaveText(texts.receipt.taxInvoice);
  return page.locator("[data-receipt]");
}

test("on a phone, the buyer gives a billing address, PIN and State, and the invoice names them, in English and Hindi", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "mobile", "the buyer orders on a phone");
  test.setTimeout(120_000);

  // English: a buyer in Karnataka.
  let dialog = await openDialog(page, "en", "karnataka.buyer");
  await dialog.getByLabel(en.order.dialog.name).fill("Ravi Kumar");
  await dialog.getByLabel(en.order.dialog.phone).fill("9812300611");
  await dialog.getByLabel(en.order.billing.address).fill("4 Residency Road, Bengaluru");
  const pin = dialog.getByLabel(en.order.billing.pin);
  await pin.fill("056002");
  await dialog.getByLabel(en.order.billing.state).selectOption({ label: "Karnataka" });
  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: en.order.dialog.submit }).click();
  // Refused under the PIN field, which takes the focus; nothing ordered.
  await expect(pin).toHaveAttribute("aria-invalid", "true");
  await expect(pin).toHaveAccessibleDescription(BILLING_MESSAGES.pinInvalid);
  await expect(pin).toBeFocused();
  expect(await ordersCount()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, "the order dialog with the billing address on a phone");

  await pin.fill("560 025");
  await shot(page, "billing-address-dialog");
  await dialog.getByRole("button", { name: en.order.dialog.submit }).click();
  await expect(page).toHaveURL(/\/checkout\?order=[A-Z0-9]{12}$/);
  const away = new URL(page.url()).searchParams.get("order")!;
  expect(
    await shop.db.db
      .selectFrom("orders")
      .select(["billing_address", "billing_pin", "billing_state"])
      .where("order_id", "=", away)
      .executeTakeFirstOrThrow(),
  ).toEqual({ billing_address: "4 Residency Road, Bengaluru", billing_pin: "560025", billing_state: "29" });

  await confirm(away);
  let receipt = await openReceipt(page, "en", away, "9812300611");
  const recipient = page.getByTestId("recipient");
  await expect(recipient).toContainText(en.receipt.billedTo);
  await expect(recipient).toContainText("Ravi Kumar");
  await expect(recipient).toContainText("4 Residency Road, Bengaluru – 560025");
  await expect(recipient).toContainText("29 Karnataka");
  await expect(page.getByTestId("place-of-supply")).toHaveText("29 Karnataka");
  await expect(receipt).toContainText("IGST 18%");
  await expect(receipt).not.toContainText("CGST");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("receipt-pdf").click()]);
  const pdf = (await readFile(await download.path())).toString("latin1");
  expect(pdf).toContain("(4 Residency Road, Bengaluru - 560025) Tj");
  expect(pdf).toContain("(IGST 18%) Tj");

  // Hindi: no State chosen is refused in Hindi; a buyer in Maharashtra, the shop's own State.
  dialog = await openDialog(page, "hi", "pune.buyer");
  await dialog.getByLabel(hi.order.dialog.name).fill("सुनीता पाटिल");
  await dialog.getByLabel(hi.order.dialog.phone).fill("9812300612");
  await dialog.getByLabel(hi.order.billing.address).fill("फ़्लैट 3, कोथरूड, पुणे");
  await dialog.getByLabel(hi.order.billing.pin).fill("411038");
  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: hi.order.dialog.submit }).click();
  const state = dialog.getByLabel(hi.order.billing.state);
  await expect(state).toHaveAttribute("aria-invalid", "true");
  await expect(state).toHaveAccessibleDescription(hi.errors.billing.stateRequired);
  expect(await ordersCount()).toBe(1);
  await state.selectOption({ label: hi.order.billing.states["27"] });
  await dialog.getByRole("button", { name: hi.order.dialog.submit }).click();
  await expect(page).toHaveURL(/\/hi\/checkout\?order=[A-Z0-9]{12}$/);
  const home = new URL(page.url()).searchParams.get("order")!;
  await confirm(home);
  receipt = await openReceipt(page, "hi", home, "9812300612");
  await expect(page.getByTestId("recipient")).toContainText(hi.receipt.billedTo);
  await expect(page.getByTestId("recipient")).toContainText("फ़्लैट 3, कोथरूड, पुणे – 411038");
  await expect(page.getByTestId("place-of-supply")).toHaveText(`27 ${hi.order.billing.states["27"]}`);
  await expect(receipt).toContainText("CGST 9%");
  await expect(receipt).toContainText("SGST 9%");
  await expectAccessible(page, "a Hindi tax invoice naming the buyer on a phone");
});

/** What the shop answers a checkout without an address for a plan it does not have: the address is asked first. */
async function addressAsked(): Promise<boolean> {
  const reply = await fetch(`${shop.url}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify({ planId: 999_999, customerName: "Probe", customerPhone: "9812300699", agreedToTerms: true }),
  });
  return ((await reply.json()) as { field?: string }).field === "billingAddress";
}

test("on a phone, a GSTIN set while the buyer's dialog is open: the shop asks for the address and the box appears", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "mobile", "the buyer orders on a phone");
  await writeSettings(shop.db.db, { gstin: "" });
  await expect.poll(addressAsked).toBe(false);
  try {
    const dialog = await openDialog(page, "en", "late.gstin", false);
    await dialog.getByLabel(en.order.dialog.name).fill("Meera Iyer");
    await dialog.getByLabel(en.order.dialog.phone).fill("9812300614");
    await dialog.getByRole("checkbox").click();
    await writeSettings(shop.db.db, { gstin: GSTIN });
    await expect.poll(addressAsked).toBe(true);
    const before = await ordersCount();
    await dialog.getByRole("button", { name: en.order.dialog.submit }).click();
    const address = dialog.getByLabel(en.order.billing.address);
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(address).toHaveAccessibleDescription(new RegExp(BILLING_MESSAGES.addressRequired));
    expect(await ordersCount()).toBe(before);
    await address.fill("7 Anna Salai, Chennai");
    await dialog.getByLabel(en.order.billing.pin).fill("600002");
    await dialog.getByLabel(en.order.billing.state).selectOption({ label: "Tamil Nadu" });
    await dialog.getByRole("button", { name: en.order.dialog.submit }).click();
    await expect(page).toHaveURL(/\/checkout\?order=[A-Z0-9]{12}$/);
  } finally {
    await writeSettings(shop.db.db, { gstin: GSTIN });
  }
});

/** The operator, signed in, at a laptop. */
async function operator(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const [name, ...value] = shop.cookie.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: shop.url }]);
  return { tab: await context.newPage(), close: () => context.close() };
}

test("at a laptop, the operator refunds an invoiced order: a credit note, listed and exported with the invoices", async ({
  browser,
}, info) => {
  test.skip(info.project.name !== "desktop", "the operator's side, at a laptop");
  test.setTimeout(120_000);
  const phone = "9812300613";
  const created = await fetch(`${shop.url}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify({
      planId: shop.planIds["Popular Followers"],
      username: "refund.buyer",
      customerName: "Asha Verma",
      customerPhone: phone,
      agreedToTerms: true,
      billingAddress: "22 Park Street, Kolkata",
      billingPin: "700016",
      billingState: "19",
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const orderId = ((await created.json()) as { order: { orderId: string } }).order.orderId;
  await confirm(orderId);
  // Stopped before the panel had it: the whole price is due back; the operator records the refund paid.
  await shop.db.db
    .updateTable("orders")
    .set({ status: "refund_due", refund_due_paise: 34_900, cancelled_by: "panel" })
    .where("order_id", "=", orderId)
    .execute();
  const refunded = await fetch(`${shop.url}/api/admin/orders/${orderId}/mark-refunded`, {
    method: "POST",
    headers: { cookie: shop.cookie, origin: shop.url, "content-type": "application/json" },
    body: JSON.stringify({ reference: "512345678901" }),
  });
  expect(refunded.status, await refunded.clone().text()).toBe(200);

  const { tab, close } = await operator(browser);
  try {
    await tab.goto(`${shop.url}/admin/payments`);
    const section = tab.getByRole("region", { name: "Tax invoices and credit notes" });
    await expect(section.getByRole("row")).toHaveCount(3);
    await expect(section).toContainText("CN/");
    await expect(section).toContainText("19 West Bengal");
    await expectAccessible(tab, "the tax documents on Admin → Payments");
    const [download] = await Promise.all([
      tab.waitForEvent("download"),
      section.getByTestId("tax-documents-export").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tax_documents_[\d_-]+\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"Document","Number","Date (IST)","Order ID","Against invoice","Place of supply"');
    expect(csv).toContain(`"Credit note","CN/`);
    // Another State than the shop's: IGST alone (the amount is the plan's ₹349 less the few paise that make it unique).
    expect(csv).toMatch(/"19 West Bengal","\d+\.\d\d","0\.00","0\.00","5\d\.\d\d","34\d\.\d\d"/);

    // The buyer's receipt shows the credit note under the invoice.
    const buyer = await tab.context().browser()!.newPage();
    await openReceipt(buyer, "en", orderId, phone);
    await expect(buyer.getByTestId("credit-note-kind")).toHaveText(en.receipt.creditNote);
    await expect(buyer.getByTestId("credit-note-number")).toHaveText(/^CN\/\d\d-\d\d\/000001$/);
    await expect(buyer.getByTestId("credit-note-total")).toHaveText(/^₹34\d/);
    await buyer.close();
  } finally {
    await close();
  }
});
