import { execFileSync } from "node:child_process";
import { expect, shot, test } from "./fixtures";
import { E2E_DB, expectedUpiLink, withDb } from "./buying-support";
import { hydrated } from "./storefront-support";
import { TERMS_VERSION } from "~/domain/content/terms-version";

/**
 * What a buyer types, as they type it (issue 33): usernames Instagram would
 * accept, phone numbers with +91, 91 or 0, a pasted UTR, the first tap before
 * React runs, and a checkout that explains itself. Walked at 390×844 and
 * 1280×800; the screens are kept in the test's output.
 */
test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "desktop") await page.setViewportSize({ width: 1280, height: 800 });
});

const appScript = /\/assets\/entry\.client-[\w-]+\.js$/;

test("a username Instagram would refuse is refused with the reason, and a changed one is shown before the packages", async ({
  page,
}) => {
  await page.goto("/followers");
  await hydrated(page);
  const field = page.getByLabel("Instagram username");
  const submit = page.getByRole("button", { name: "Show packages" });

  for (const [typed, reason] of [
    ["😀😀", "❌ An Instagram username has only letters, numbers, full stops (.) and underscores (_)"],
    ["@@@", "❌ An Instagram username has only letters, numbers, full stops (.) and underscores (_)"],
    ["rahul..k", "❌ An Instagram username cannot have two full stops (..) in a row"],
    [".rahul", "❌ An Instagram username cannot start or end with a full stop (.)"],
    ["___", "❌ An Instagram username needs at least one letter or number"],
  ] as const) {
    await field.fill(typed);
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText(reason);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("heading", { name: "Choose your package" })).toHaveCount(0);
  }

  await field.fill("@rahul-k");
  await submit.click();
  // The order would go to @rahul_k: the buyer reads that before any package.
  await expect(page.getByTestId("username-read-as")).toHaveText(
    "We read this as @rahul_k. If that is your account, press Show packages again.",
  );
  await expect(field).toHaveValue("rahul_k");
  await expect(page.getByRole("heading", { name: "Choose your package" })).toHaveCount(0);
  await shot(page, "username-read-as");
  await submit.click();
  await expect(page.getByRole("heading", { name: "Choose your package" })).toBeVisible();
  await expect(page.getByText("@rahul_k")).toBeVisible();
  await expect(page).toHaveURL(/\/followers\?username=rahul_k$/);
});

test.describe("before React runs", () => {
  test.beforeEach(async ({ page }) => {
    // React's app never arrives (a slow or dropped connection): the page is only what the server sent.
    await page.route(appScript, () => new Promise<void>(() => {}));
  });

  test("the first Enter after pasting a handle shows the packages", async ({ page }) => {
    await page.goto("/followers");
    const field = page.getByLabel("Instagram username");
    await field.fill("@priya.creates");
    await field.press("Enter");
    await expect(page.getByRole("heading", { name: "Choose your package" })).toBeVisible();
    await expect(page.getByText("@priya.creates")).toBeVisible();
    // Choosing a package opens a dialog, which needs React: until it runs, the buttons are disabled
    // rather than taking a tap that does nothing.
    await expect(page.getByRole("button", { name: /Starter Followers/ })).toBeDisabled();
  });

  test("the first tap on Show packages is answered, with the same checks as in the browser", async ({ page }) => {
    await page.goto("/likes");
    const submit = page.getByRole("button", { name: "Show packages" });
    await expect(submit).toBeEnabled();
    await page.getByLabel("Instagram username").fill("rahul-k");
    await page.getByLabel(/link/).fill("https://www.instagram.com/rahul/");
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText("Invalid link! Enter a (post or reel) link");
    await expect(page.getByLabel("Instagram username")).toHaveValue("rahul-k");

    await page.getByLabel(/link/).fill("https://www.instagram.com/p/C8xYz12AbCd/");
    await page.getByRole("button", { name: "Show packages" }).click();
    await expect(page.getByTestId("username-read-as")).toContainText("We read this as @rahul_k.");
    await page.getByRole("button", { name: "Show packages" }).click();
    await expect(page.getByRole("heading", { name: "Choose your package" })).toBeVisible();
    await expect(page.getByText("@rahul_k")).toBeVisible();
    await shot(page, "packages-without-react");
  });
});

test("a phone number typed key by key with +91 or 0 is kept whole and shown back; a pasted UTR keeps its digits", async ({
  page,
  context,
}, info) => {
  await page.goto("/views?postLink=https%3A%2F%2Fwww.instagram.com%2Freel%2FC8xYz12AbCd%2F");
  await page.getByRole("button", { name: /Starter Views/ }).click();
  const dialog = page.getByRole("dialog");
  const phone = dialog.getByLabel("Phone number");
  await dialog.getByLabel("Your name").fill("Priya Sharma");

  // Typed as people type it, one key at a time: the field must not cut "+91 98765 43210" to "9198765432".
  await phone.pressSequentially("+91 98765 43210");
  await expect(phone).toHaveValue("+91 98765 43210");
  await expect(dialog.getByTestId("phone-used")).toHaveText("We will use +91 98765 43210");
  await phone.fill("");
  await phone.pressSequentially("09876543210");
  await expect(dialog.getByTestId("phone-used")).toHaveText("We will use +91 98765 43210");
  await phone.fill("98765 4321");
  await expect(dialog.getByTestId("phone-used")).toHaveCount(0);
  await phone.fill("");
  await phone.pressSequentially("919876543210");
  await expect(dialog.getByTestId("phone-used")).toHaveText("We will use +91 98765 43210");
  await shot(page, "phone-shown-back");

  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  await expect(page).toHaveURL(/\/checkout\?order=[A-Z0-9]{12}$/);
  const orderId = new URL(page.url()).searchParams.get("order")!;
  const row = withDb(E2E_DB, (db) =>
    db
      .prepare(
        "select customer_phone, price_paise, listed_price_paise, terms_agreed_at, terms_version from orders where order_id = ?",
      )
      .get(orderId),
  ) as {
    customer_phone: string;
    price_paise: number;
    listed_price_paise: number;
    terms_agreed_at: number;
    terms_version: string;
  };
  expect(row.customer_phone).toBe("+919876543210");
  // The agreement ticked in the dialog is on the order, with the terms it was given to.
  expect(row.terms_version).toBe(TERMS_VERSION);
  expect(Math.abs(row.terms_agreed_at - Date.now())).toBeLessThan(60_000);

  // The checkout says why the amount is a few paise under the plan's price.
  const amount = `₹${(row.price_paise / 100).toFixed(2)}`;
  await expect(page.getByTestId("amount")).toHaveText(amount);
  await expect(page.getByTestId("amount-why")).toHaveText(
    `The ₹${row.listed_price_paise / 100} plan, a few paise less, so we can recognise your payment.`,
  );

  // The UPI ID as text with a copy button, for a second phone or an iPhone.
  await expect(page.getByText("Or pay this UPI ID from any UPI app")).toBeVisible();
  await expect(page.getByTestId("upi-id")).toHaveText("placeholder-change-me@upi");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await hydrated(page);
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByText("UPI ID copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("placeholder-change-me@upi");

  // The QR saved as an image a gallery shows and a UPI app scans.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Save QR image" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`upi-qr-${orderId}.png`);
  const file = test.info().outputPath("saved-qr.png");
  await download.saveAs(file);
  const scanned = execFileSync("zbarimg", ["--raw", "-q", file], { encoding: "utf8" }).trim();
  expect(scanned).toBe(expectedUpiLink(orderId, row.price_paise, "views"));
  await shot(page, "checkout-explains");

  // A pasted UTR with the spaces a UPI app shows keeps all 12 digits; a short one says what is wrong.
  const utr = page.getByLabel("Paid already? Enter the 12-digit UPI reference (UTR)");
  await utr.fill("1234 5678 90");
  await expect(utr).toHaveValue("1234567890");
  await expect(page.getByText("10 of 12 digits")).toBeVisible();
  await page.getByRole("button", { name: "I have paid" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This UTR has fewer than 12 digits. Please copy the whole 12-digit UPI reference from your payment app",
  );
  await shot(page, "utr-too-short");
  const pasted = info.project.name === "mobile" ? "5566 7788 9900" : "5566-7788-9901";
  await utr.fill(pasted);
  await expect(utr).toHaveValue(pasted.replace(/\D/g, ""));
  await page.getByRole("button", { name: "I have paid" }).click();
  await expect(page.getByText("Payment reference received").first()).toBeVisible();
  const stored = withDb(E2E_DB, (db) => db.prepare("select utr from orders where order_id = ?").get(orderId)) as {
    utr: string;
  };
  expect(stored.utr).toBe(pasted.replace(/\D/g, ""));
});
