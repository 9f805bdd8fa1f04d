import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { hashPassword } from "../../app/domain/auth/password.server";
import { istDate } from "../../app/lib/ist-time";
import { expect } from "./fixtures";

import { E2E_DB, E2E_PORT } from "./e2e-shop";
import { E2E_ADMIN } from "../support/test-accounts";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, type TestShopOptions, startTestShop } from "../support/test-shop";

export { E2E_DB, E2E_PORT };
export const ADMIN = E2E_ADMIN;

export function withDb<T>(fn: (db: Database.Database) => T, file = E2E_DB): T {
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** How many rows a table of a shop's database holds (the shared shop's unless `file` names another). */
export function countRows(table: string, file = E2E_DB): number {
  return withDb((db) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n, file);
}

/**
 * Forgets the admin's wrong current passwords on the shared shop. Tests that type one on purpose call it
 * after their refusal: the shop allows five per admin and address in fifteen minutes, and the laptop and
 * phone runs of those tests together reached five, locking later tests out.
 */
export function forgetWrongPasswords(): void {
  withDb((db) => db.prepare("delete from admin_login_failures where subject like 'admin:%'").run());
}

/** The e2e server starts without an admin; the first admin test to run creates one. */
export async function ensureAdmin(): Promise<void> {
  const hash = await hashPassword(ADMIN.password);
  withDb((db) =>
    db
      .prepare(
        "insert into admin_users (username, password_hash, created_at, updated_at) values (?, ?, ?, ?) on conflict(username) do nothing",
      )
      .run(ADMIN.username, hash, Date.now(), Date.now()),
  );
}

/** Fills the sign-in form the page shows (any admin page, signed out, shows it) and submits it. */
export async function submitSignIn(page: Page, admin: { username: string; password: string }): Promise<void> {
  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signIn(page: Page, path = "/admin/dashboard") {
  await ensureAdmin();
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await submitSignIn(page, ADMIN);
}

export interface TestOrder {
  order_id?: string;
  service_type?: string;
  target?: string;
  /** A lifecycle state (app/domain/orders/lifecycle.ts); by default unpaid, expired once its window is over. */
  status?: string;
  price_paise?: number;
  profit_paise?: number | null;
  customer_name?: string | null;
  customer_phone?: string | null;
  utr?: string | null;
  /** Set for every state after a confirmed payment (the dashboard counts those as orders). */
  paid_at?: number | null;
  refund_due_paise?: number | null;
  created_at: number;
}

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export function orderId(): string {
  return `BK${Array.from(randomBytes(10), (b) => ALPHABET[b % 32]).join("")}`;
}

/**
 * Inserts orders straight into the e2e database, as if buyers had placed them
 * and the lifecycle had moved them on. The server's jobs run meanwhile: give
 * an order a state they leave alone (an unpaid order past its window is
 * inserted as expired, which is what the expiry job would make it).
 */
export function insertOrders(orders: TestOrder[]): string[] {
  return withDb((db) => {
    const insert =
      db.prepare(`insert into orders (order_id, service_type, plan_name, target, quantity, price_paise, status,
      customer_name, customer_phone, utr, utr_submitted_at, payment_deadline_at, paid_at, paid_by, refund_due_paise,
      profit_paise, created_at, updated_at)
      values (@order_id, @service_type, 'Test plan', @target, 1000, @price_paise, @status, @customer_name, @customer_phone,
      @utr, @utr_submitted_at, @deadline, @paid_at, @paid_by, @refund_due_paise, @profit_paise, @created_at, @created_at)`);
    const ids: string[] = [];
    db.transaction(() => {
      for (const o of orders) {
        const id = o.order_id ?? orderId();
        const deadline = o.created_at + 300_000;
        ids.push(id);
        insert.run({
          service_type: "followers",
          target: "someone",
          status: deadline > Date.now() ? "awaiting_payment" : "expired",
          price_paise: 10_000,
          profit_paise: null,
          customer_name: "Test Buyer",
          customer_phone: "+919876500000",
          utr: null,
          paid_at: null,
          refund_due_paise: null,
          ...o,
          utr_submitted_at: o.utr ? o.created_at + 60_000 : null,
          paid_by: o.paid_at ? `operator:${ADMIN.username}` : null,
          order_id: id,
          deadline,
        });
      }
    })();
    return ids;
  });
}

/**
 * An IST calendar date `n` days back. Tests date their orders a few months
 * back, inside the retention period (the retention job would otherwise forget
 * the buyers' names while the tests look at them) and away from today's orders.
 */
export function istDaysAgo(n: number): string {
  return istDate(Date.now() - n * 86_400_000);
}

/** The IST calendar date of `day` (1-28) in the month before this one: a week from it stays in that month. */
export function istDayOfLastMonth(day: number): string {
  const [year, month] = istDate(Date.now()).split("-").map(Number) as [number, number];
  const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return `${last.year}-${String(last.month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A 12-digit UPI reference no other order has (the column is unique). */
export function uniqueUtr(): string {
  return String(100_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 900_000_000_000));
}

/** Epoch ms of hh:mm IST on an IST calendar date. */
export function ist(date: string, time = "12:00"): number {
  return Date.parse(`${date}T${time}:00+05:30`);
}

export function deleteOrdersBetween(from: number, to: number) {
  withDb((db) => db.prepare("delete from orders where created_at >= ? and created_at < ?").run(from, to));
}

/**
 * A test's own shop on SQLite, its backups in a folder of its own (`backupDir`), for specs that change
 * or delete the operator's data; `stop` stops it and removes the folder.
 */
export async function startOperatorShop(
  name: string,
  options: Omit<TestShopOptions, "engine"> = {},
): Promise<TestShop & { backupDir: string }> {
  const dir = mkdtempSync(join(tmpdir(), `shop-${name}-`));
  const backupDir = join(dir, "backups");
  try {
    const shop = await startTestShop({
      engine: sqliteDatabase,
      ...options,
      env: { BACKUP_DIR: backupDir, ...options.env },
    });
    const stopShop = shop.stop.bind(shop);
    return Object.assign(shop, {
      backupDir,
      async stop() {
        await stopShop();
        rmSync(dir, { recursive: true, force: true });
      },
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Delivered likes orders (₹79 for 500, Asha's) named `<prefix>000`, `<prefix>001`…, written into a shop's database. */
export function insertDeliveredOrders(file: string, prefix: string, n: number): void {
  const now = Date.now();
  withDb((db) => {
    const insert =
      db.prepare(`insert into orders (order_id, service_type, plan_name, target, quantity, price_paise, status,
      customer_name, customer_phone, payment_deadline_at, created_at, updated_at)
      values (?, 'likes', 'Basic Likes', 'https://www.instagram.com/p/abc/', 500, 7900, 'delivered', 'Asha', '+919812345678', ?, ?, ?)`);
    db.transaction(() => {
      for (let i = 0; i < n; i++) insert.run(`${prefix}${String(i).padStart(3, "0")}`, now, now - i, now - i);
    })();
  }, file);
}
