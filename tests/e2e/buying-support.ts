import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { withDb as withShopDb } from "./admin-support";
import { hydrated } from "./storefront-support";

import { E2E_DB, E2E_PORT } from "./e2e-shop";

export { E2E_DB, E2E_PORT };

/** Reads the QR code in an element the way a phone camera would: from pixels. */
export async function decodeQr(element: Locator): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "qr-"));
  try {
    const file = join(dir, "qr.png");
    writeFileSync(file, await element.screenshot());
    return execFileSync("zbarimg", ["--raw", "-q", file], { encoding: "utf8" }).replace(/\n$/, "");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Works on a shop's SQLite file (a test's own shop's `dbFile`) and closes it. */
export function withDb<T>(file: string, fn: (db: Database.Database) => T): T {
  return withShopDb(fn, file);
}

/**
 * The last digits the operator entered on the shop's first receiving account (Admin → Payments): an
 * alert confirms an order only when the account it names is the shop's, and the test alerts name xx1234.
 */
export function giveAccountDigits(file: string, digits = "1234"): void {
  withDb(file, (db) =>
    db
      .prepare("update receiving_accounts set account_digits = ? where id = (select min(id) from receiving_accounts)")
      .run(digits),
  );
}

/** What the seeded shop's QR must hold: the demo UPI id and merchant name, and the order's own amount. */
export function expectedUpiLink(orderId: string, amountPaise: number, service: string): string {
  const label = service.charAt(0).toUpperCase() + service.slice(1);
  const am = `${Math.floor(amountPaise / 100)}.${String(amountPaise % 100).padStart(2, "0")}`;
  const shown = amountPaise % 100 === 0 ? String(amountPaise / 100) : am;
  return `upi://pay?pa=placeholder-change-me@upi&pn=BoostKaro&am=${am}&cu=INR&tr=${orderId}&tn=${label}%20Service%20-%20%E2%82%B9${shown}`;
}

/** Picks a package and fills the order dialog; returns the order id from the checkout's address. */
export async function orderCheapestPlan(page: Page, planLabel: RegExp): Promise<string> {
  await page.getByRole("button", { name: planLabel }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Your name").fill("Priya Sharma");
  await dialog.getByLabel("Phone number").fill("98765-43210");
  await expect(dialog.getByTestId("phone-used")).toHaveText("We will use +91 98765 43210");
  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  await expect(page).toHaveURL(/\/checkout\?order=[A-Z0-9]{12}$/);
  return new URL(page.url()).searchParams.get("order")!;
}

/**
 * A buyer on a phone orders the Starter Followers plan for `username` on the shop at `shopUrl` (Asha,
 * 9123456780) and lands on the checkout with its UPI QR; returns the order id.
 */
export async function buyStarterFollowers(page: Page, shopUrl: string, username: string): Promise<string> {
  await page.goto(`${shopUrl}/followers`);
  // A click before React runs is a whole-page post, whose answer the next steps do not expect.
  await hydrated(page);
  await page.getByLabel("Instagram username").fill(username);
  await page.getByRole("button", { name: "Show packages" }).click();
  await page.getByRole("button", { name: /Starter Followers/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Your name").fill("Asha");
  await dialog.getByLabel("Phone number").fill("9123456780");
  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  await expect(page.getByTestId("upi-qr")).toBeVisible();
  return new URL(page.url()).searchParams.get("order")!;
}

/** What the order asks the buyer to pay (its exact amount, a few paise off) and the plan's listed price, in paise. */
export function orderAmounts(file: string, orderId: string): { amount: number; listed: number } {
  const row = withDb(file, (db) =>
    db.prepare("select price_paise, listed_price_paise from orders where order_id = ?").get(orderId),
  ) as { price_paise: number; listed_price_paise: number };
  return { amount: row.price_paise, listed: row.listed_price_paise };
}

/** The open checkout says the payment arrived, and asks for no UPI reference. */
export async function expectPaymentReceived(page: Page): Promise<void> {
  await expect(page.getByTestId("order-stage")).toHaveText("Payment received – sending your order for delivery", {
    timeout: 12_000,
  });
  await expect(page.getByLabel(/12-digit UPI reference/)).toHaveCount(0);
}

/** Settings written straight into a shop's database before a test, as the operator would have saved them. */
export function putSettings(file: string, settings: Record<string, string>): void {
  withDb(file, (db) => {
    const put = db.prepare(
      "insert into settings (key, value, updated_at) values (?, ?, ?) on conflict(key) do update set value = excluded.value",
    );
    for (const [key, value] of Object.entries(settings)) put.run(key, value, Date.now());
  });
}
