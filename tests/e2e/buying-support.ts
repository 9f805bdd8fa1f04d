import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

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

export function withDb<T>(file: string, fn: (db: Database.Database) => T): T {
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
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
