import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { expect, shot, test } from "./fixtures";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";
import { adminNav } from "./admin-nav";

// A shop of our own, with a known audit log, on a phone (390×844) and a laptop (1280×800).
test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
const PLACED = 12;
const UPDATES = 60;
const LONG_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP2A.240805.005) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.6533.103 Mobile Safari/537.36";
let shop: TestShop;

test.beforeAll(async () => {
  shop = await startTestShop({ engine: sqliteDatabase, admin: OWNER, signIn: false, jobs: "off" });
  const db = new Database(shop.dbFile!);
  try {
    const insert = db.prepare(
      `insert into audit_log (at, actor, action, target_type, target_id, details, client_ip, user_agent)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const start = Date.now() - 2 * 86_400_000;
    db.transaction(() => {
      for (let i = 0; i < UPDATES; i++) {
        insert.run(
          start + i * 60_000,
          "owner",
          "plan.update",
          "plan",
          String(1 + (i % 20)),
          JSON.stringify({ before: { name: "Starter Followers", pricePaise: 9900 }, after: { pricePaise: 10900 + i } }),
          "203.0.113.24",
          LONG_AGENT,
        );
      }
      for (let i = 0; i < PLACED; i++) {
        insert.run(
          start + (UPDATES + i) * 60_000,
          i % 2 ? "owner" : "system",
          "order.place",
          "order",
          `BKAUDIT${String(i).padStart(5, "0")}`,
          JSON.stringify({ result: "Order placed in SMM panel and marked as completed" }),
          i % 2 ? "2001:db8:85a3::8a2e:370:7334" : null,
          i % 2 ? "Mozilla/5.0 (X11; Linux x86_64)" : null,
        );
      }
    })();
  } finally {
    db.close();
  }
});

test.afterAll(async () => shop?.stop());

test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "desktop") await page.setViewportSize({ width: 1280, height: 800 });
});

async function openAudit(page: Page) {
  await page.goto(`${shop.url}/admin/dashboard`);
  await submitSignIn(page, OWNER);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await (await adminNav(page)).getByRole("link", { name: "Audit" }).click();
  await expect(page.getByRole("heading", { name: "Audit", level: 1 })).toBeVisible();
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the operator reads the audit log, pages through it and filters it by action", async ({ page }) => {
  await openAudit(page);
  const entries = page.getByTestId("audit-entry");

  // Newest first: the sign-in that just happened, the admin account made from the environment
  // at start-up, then the seeded order placements.
  await expect(entries).toHaveCount(50);
  await expect(entries.first()).toContainText("login");
  await expect(entries.nth(1)).toContainText("admin.setup");
  await expect(entries.nth(2)).toContainText("order.place");
  await expect(entries.nth(2)).toContainText("BKAUDIT00011");
  await expect(entries.nth(2)).toContainText("2001:db8:85a3::8a2e:370:7334");
  await expect(entries.nth(2)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expectNoSidewaysScroll(page);
  await shot(page, "audit");
  await entries.nth(2).scrollIntoViewIfNeeded();
  await shot(page, "audit-entries");

  const pages = page.getByRole("navigation", { name: "Pagination" });
  await pages.getByRole("link", { name: "Older" }).click();
  await expect(entries).toHaveCount(2 + PLACED + UPDATES - 50);
  await expect(entries.last()).toContainText("plan.update");
  await expect(entries.last()).toContainText('after: {"pricePaise":10900}');
  await entries.last().scrollIntoViewIfNeeded();
  await shot(page, "audit-older");
  await expect(pages.getByRole("link", { name: "Older" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Newer" }).click();
  await expect(entries).toHaveCount(50);
  await expect(entries.first()).toContainText("login");
  await expect(pages.getByRole("link", { name: "Newer" })).toHaveCount(0);

  await page.getByLabel("Action").selectOption("order.place");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]action=order\.place/);
  await expect(entries).toHaveCount(PLACED);
  for (const entry of await entries.all()) await expect(entry).toContainText("order.place");
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shot(page, "audit-filtered");

  // An order target leads to the order.
  await entries.first().getByRole("link", { name: "BKAUDIT00011" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/BKAUDIT00011$/);
});
