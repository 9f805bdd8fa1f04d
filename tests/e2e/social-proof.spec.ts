import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { expect, test } from "./fixtures";
import { hydrated } from "./storefront-support";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";

// A shop of our own in production (no simulator): what it shows depends on what its operator published.
test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
const content = (file: string) =>
  JSON.parse(readFileSync(`content/home/${file}`, "utf8")) as Array<{ name: string; title: string }>;
const testimonialsJson = content("testimonials.json");
const proofJson = content("proof.json");
const SAMPLE_NAMES = [...testimonialsJson.map((t) => t.name), ...proofJson.map((p) => p.title)];
let shop: TestShop;
const dbFile = () => shop.dbFile!;

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "desktop", "one browser is enough for what this shop's operator changes");
  shop = await startTestShop({ engine: sqliteDatabase, admin: OWNER, signIn: false, jobs: "off" });
});

test.afterAll(async () => shop?.stop());

test("in production the samples stay off the site, and sections with nothing to show are hidden", async ({ page }) => {
  await page.goto(`${shop.url}/`);
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  for (const name of SAMPLE_NAMES) await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "What our customers say" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Real Results, Real Proof" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See Real Results" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Testimonials" })).toHaveCount(
    0,
  );
  await expect(main).not.toContainText(/orders delivered|creators boosted/i);
});

test("the operator publishes a testimonial and it appears on the home page", async ({ page }) => {
  await page.goto(`${shop.url}/admin/dashboard`);
  await submitSignIn(page, OWNER);
  await page.getByRole("link", { name: "Social proof" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Social proof" })).toBeVisible();

  const testimonials = page.getByRole("region", { name: "Testimonials" });
  const samples = testimonials.locator('[data-sample="true"]');
  await expect(samples).toHaveCount(testimonialsJson.length);
  await expect(samples.first()).toContainText("Sample");
  await expect(samples.first().getByRole("button")).toHaveCount(0);

  await testimonials.getByRole("link", { name: "Add testimonial" }).click();
  const dialog = page.getByRole("dialog", { name: "Add testimonial" });
  await dialog.getByLabel("Customer name").fill("Kavya Reddy");
  await dialog.getByLabel("Instagram handle").fill("not a handle!");
  await dialog.getByLabel("What they said").fill("Ordered likes for my painting reel; they came in over the evening.");
  await dialog.getByLabel("Date given").fill("2026-10-01");
  await dialog.getByRole("button", { name: "Save Draft" }).click();
  await expect(dialog.getByText("A handle is @ and up to 30 letters, digits, dots or underscores")).toBeVisible();
  await dialog.getByLabel("Instagram handle").fill("@kavya.paints");
  await dialog.getByRole("button", { name: "Save Draft" }).click();
  await expect(dialog).toBeHidden();

  const mine = testimonials.getByTestId("testimonial-item").filter({ hasText: "Kavya Reddy" });
  await expect(mine).toContainText("Draft");
  await mine.getByRole("button", { name: /^Publish testimonial/ }).click();
  await expect(mine).toContainText("Published");

  await page.goto(`${shop.url}/`);
  await hydrated(page);
  const carousel = page.getByRole("region", { name: "Customer testimonials" });
  await expect(carousel).toContainText("Kavya Reddy");
  await expect(carousel).toContainText("they came in over the evening");
  for (const name of SAMPLE_NAMES) await expect(page.getByText(name)).toHaveCount(0);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Testimonials" }).click();
  await expect(page.getByRole("heading", { name: "What our customers say" })).toBeInViewport();
});

test("the counter shows the delivered orders, rounded down", async ({ page }) => {
  const now = Date.now();
  const db = new Database(dbFile());
  try {
    const insert = db.prepare(`insert into orders (order_id, service_type, plan_name, target, quantity, price_paise,
      status, payment_deadline_at, created_at, updated_at)
      values (?, 'likes', 'Basic Likes', 'https://www.instagram.com/p/abc/', 500, 7900, ?, ?, ?, ?)`);
    db.transaction(() => {
      for (let i = 0; i < 1_240; i++) {
        const status = i < 1_234 ? "delivered" : "refunded";
        insert.run(`SP${String(i).padStart(8, "0")}`, status, now, now - i, now - i);
      }
      // Written behind the shop's back: say the public pages changed, as the shop's own writes do, so the
      // cached home page (up to a minute old otherwise, ADR 0008) is rendered again.
      db.prepare("update public_pages_generation set generation = generation + 1 where id = 1").run();
    })();
  } finally {
    db.close();
  }
  // Every instance looks at the generation about once a second.
  await expect
    .poll(async () => (await (await fetch(`${shop.url}/`)).text()).includes("orders delivered"), { timeout: 10_000 })
    .toBe(true);
  await page.goto(`${shop.url}/`);
  await expect(page.locator("main")).toContainText("1,200+ orders delivered");
  await page.goto(`${shop.url}/followers`);
  await expect(page.getByRole("list", { name: "Why buyers trust us" })).toContainText("1,200+ Orders Delivered");
});
