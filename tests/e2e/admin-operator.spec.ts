import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import type Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { type TestShop } from "../support/test-shop";
import { countRows, insertDeliveredOrders, startOperatorShop, withDb } from "./admin-support";
import { expect, test } from "./fixtures";
import { hydrated } from "./storefront-support";
import { NEW_PASSWORD, TEST_ADMIN, WRONG_PASSWORD } from "../support/test-accounts";

// A shop of our own: these tests delete data and change the admin password.
test.describe.configure({ mode: "serial" });

const OWNER: { username: string; password: string } = { ...TEST_ADMIN };
let shop: TestShop & { backupDir: string };
const dbFile = () => shop.dbFile!;
const backupDir = () => shop.backupDir;

const sql = <T>(fn: (db: Database.Database) => T): T => withDb(fn, dbFile());
const count = (table: string) => countRows(table, dbFile());

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "desktop", "operator screens; one browser is enough for the data they change");
  shop = await startOperatorShop("operator", {
    signIn: false,
    jobs: "off",
    // A mailbox on this machine may be saved (the bank e-mail card's test saves 127.0.0.1; nothing connects to it).
    env: { MAIL_ALLOW_PRIVATE_ADDRESSES: "true" },
  });
});

test.afterAll(async () => {
  await shop?.stop();
});

async function signIn(page: Page, path: string, password = OWNER.password) {
  await page.goto(`${shop.url}${path}`);
  await page.getByLabel("Username").fill(OWNER.username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function followersFromPrice(page: Page) {
  await page.goto(`${shop.url}/`);
  return page.locator('a[href="/followers"]').filter({ hasText: "from ₹" }).first().innerText();
}

test("plans: add, each field checked as it is typed, seen at once on the storefront", async ({ page }) => {
  await signIn(page, "/admin/plans");
  await expect(page.getByRole("heading", { name: "Plans", exact: true })).toBeVisible();
  await expect(page.getByTestId("plan-row")).toHaveCount(20);

  await page.getByRole("link", { name: "Add Plan" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Add New Plan")).toBeVisible();
  await expect(dialog.getByText("Create a new plan for your services.")).toBeVisible();
  await dialog.getByLabel("Service Type").selectOption("followers");
  const save = dialog.getByRole("button", { name: "Add Plan" });
  await save.click();
  // Each field says what is wrong with it, under itself.
  await expect(dialog.getByRole("alert")).toHaveText(["Name is required", "Quantity is required", "Price is required"]);
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  // After the first submit each field is checked again as it is typed in: an error goes as soon as it is put
  // right, and a new one shows at once, with no second submit.
  await dialog.getByLabel("Name").fill("Budget Followers");
  await dialog.getByLabel("Price (₹)").fill("9");
  await expect(dialog.getByRole("alert")).toHaveText(["Quantity is required"]);
  await dialog.getByLabel("Quantity").fill("50");
  await expect(dialog.getByRole("alert")).toHaveText(["Quantity must be at least 100"]);
  await expect(dialog.getByLabel("Quantity")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Quantity").fill("1,500");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(dialog.getByLabel("Quantity")).toHaveAttribute("aria-invalid", "false");
  await dialog.getByLabel("Quantity").fill("1,00");
  await dialog.getByLabel("Price (₹)").fill("9.999");
  await expect(dialog.getByRole("alert")).toHaveText(["Price must be a positive amount in rupees (up to 2 decimals)"]);
  await save.click();
  await expect(dialog.getByRole("alert")).toHaveText(["Price must be a positive amount in rupees (up to 2 decimals)"]);
  await dialog.getByLabel("Price (₹)").fill("9");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "new", exact: true }).click();
  await expect(dialog.getByLabel("Tag (one at most)")).toBeDisabled();
  await save.click();
  await expect(page.getByText("Plan added successfully")).toBeVisible();
  const row = page.getByTestId("plan-row").filter({ hasText: "Budget Followers" });
  await expect(row).toContainText("₹9");
  await expect(row).toContainText("new");
  expect(await followersFromPrice(page)).toContain("from ₹9");
});

// The plan added above, changed three ways (a test of its own: the whole journey is too long for one test's time
// on a slow machine).
test("plans: edit, toggle and delete, seen at once on the storefront", async ({ page }) => {
  await signIn(page, "/admin/plans");
  const row = page.getByTestId("plan-row").filter({ hasText: "Budget Followers" });
  await expect(row).toContainText("new");
  // A click before React runs would be lost.
  await hydrated(page);
  await page.getByRole("link", { name: "Edit Budget Followers" }).click();
  await expect(page.getByText("Update plan details.")).toBeVisible();
  await expect(page.getByLabel("Service Type")).toHaveCount(0);
  await page.getByLabel("Price (₹)").fill("12");
  await page.getByRole("button", { name: "Remove tag new" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Plan updated successfully")).toBeVisible();
  await expect(row).toContainText("No tags");
  expect(await followersFromPrice(page)).toContain("from ₹12");

  await page.goto(`${shop.url}/admin/plans`);
  await hydrated(page);
  await page.getByRole("button", { name: "Disable Budget Followers" }).click();
  await expect(page.getByText("Plan disabled successfully")).toBeVisible();
  await expect(row).toContainText("Disabled");
  expect(await followersFromPrice(page)).toContain("from ₹49");

  await page.goto(`${shop.url}/admin/plans`);
  await hydrated(page);
  await page.getByRole("button", { name: "Delete Budget Followers" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("Are you sure?")).toBeVisible();
  await expect(confirm).toContainText('"Budget Followers" for followers');
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Plan deleted successfully")).toBeVisible();
  await expect(page.getByTestId("plan-row")).toHaveCount(20);
});

test("settings: each card saves, the panels are on their own page, the password change takes effect", async ({
  page,
}) => {
  await signIn(page, "/admin/settings");
  // The SMM panels are records on Admin → Panels (ADR 0024): Settings only says where.
  await expect(page.getByRole("region", { name: "SMM Panel Settings" })).toHaveCount(0);
  const panels = page.getByRole("region", { name: "SMM panels" });
  await panels.getByRole("link", { name: "Set up your panels on Admin → Panels" }).click();
  await expect(page).toHaveURL(/\/admin\/panels$/);
  await expect(page.getByRole("heading", { name: "Panels", exact: true })).toBeVisible();
  await page.goto(`${shop.url}/admin/settings`);
  await hydrated(page);

  const payment = page.getByRole("region", { name: "Payment Settings" });
  await expect(payment.getByLabel("UPI ID")).toHaveAttribute("placeholder", "e.g. yourname@okaxis");
  await payment.getByLabel("UPI ID").fill("shop-without-handle");
  await payment.getByRole("button", { name: "Save Settings" }).click();
  // Checked in the browser with the schema the action saves with (the card's declarations): said at the field.
  await expect(payment.getByRole("alert")).toHaveText("UPI ID must look like name@bank");
  await expect(payment.getByLabel("UPI ID")).toHaveAttribute("aria-invalid", "true");
  await payment.getByLabel("UPI ID").fill("growly.shop@okaxis");
  await payment.getByLabel("Merchant Name").fill("Growly Media");
  await payment.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Payment settings saved successfully")).toBeVisible();

  const store = page.getByRole("region", { name: "Store Details" });
  await store.getByLabel("Brand Name").fill("Growly");
  await store.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Store details saved successfully")).toBeVisible();
  await page.goto(`${shop.url}/`);
  await expect(page.locator("header").first()).toContainText("Growly");

  await page.goto(`${shop.url}/admin/settings`);
  const auth = page.getByRole("region", { name: "Admin Authentication" });
  await auth.getByLabel("New Password (leave empty to keep)").fill(NEW_PASSWORD);
  await auth.getByLabel("Current Password").fill(WRONG_PASSWORD);
  await auth.getByRole("button", { name: "Save Settings" }).click();
  await expect(auth.getByText("Current password is incorrect")).toBeVisible();
  await auth.getByLabel("New Password (leave empty to keep)").fill(NEW_PASSWORD);
  await auth.getByLabel("Current Password").fill(OWNER.password);
  await auth.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Admin authentication settings saved successfully")).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, "/admin/settings", OWNER.password);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid credentials" })).toBeVisible();
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Settings", exact: true })).toBeVisible();
  OWNER.password = NEW_PASSWORD;
});

test("order details keep a history of admin actions and can erase the buyer's data", async ({ page }) => {
  const now = Date.now();
  sql((db) =>
    db
      .prepare(
        `insert into orders (order_id, service_type, plan_name, target, quantity, price_paise, status,
        customer_name, customer_phone, payment_deadline_at, created_at, updated_at)
        values ('BKHISTORY001', 'followers', 'Popular Followers', 'meera.art', 1000, 34900, 'awaiting_payment', 'Meera Iyer', '+919800011122', ?, ?, ?)`,
      )
      .run(now + 300_000, now, now),
  );
  await signIn(page, "/admin/orders/BKHISTORY001");
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("No changes yet.");
  await page.getByRole("button", { name: "Cancel order…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("Order cancelled").first()).toBeVisible();
  await expect(history).toContainText("Cancelled");
  await expect(history).toContainText(`by ${OWNER.username}`);

  // Asked first, in the shop's own dialog naming what goes; Cancel leaves the buyer's details as they were.
  await page.getByRole("button", { name: "Erase customer data" }).click();
  const ask = page.getByRole("alertdialog", { name: "Erase customer data?" });
  await expect(ask).toContainText("BKHISTORY001");
  await expect(ask).toContainText("Meera Iyer");
  await expect(ask).toContainText("+919800011122");
  await expect(ask).toContainText("This cannot be undone.");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole("region", { name: "Customer Information" })).toContainText("Meera Iyer");
  await expect(history).not.toContainText("Customer data erased");
  expect(sql((db) => db.prepare("select customer_name from orders where order_id = 'BKHISTORY001'").get())).toEqual({
    customer_name: "Meera Iyer",
  });

  await page.getByRole("button", { name: "Erase customer data" }).click();
  await ask.getByRole("button", { name: "Erase", exact: true }).click();
  await expect(page.getByText("Customer name and phone erased").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Customer Information" })).not.toContainText("Meera Iyer");
  await expect(history).toContainText("Customer data erased");
  const row = sql((db) =>
    db.prepare("select customer_name, customer_phone, price_paise from orders where order_id = 'BKHISTORY001'").get(),
  );
  expect(row).toEqual({ customer_name: null, customer_phone: null, price_paise: 34900 });
});

test("danger zone: delete orders only, then everything, then restore every order from the backup", async ({ page }) => {
  insertDeliveredOrders(dbFile(), "BKRESTORE", 30);
  expect(count("orders")).toBe(31);

  await signIn(page, "/admin/settings");
  const zone = page.getByRole("region", { name: "Dangerous Zone" });
  await expect(zone.getByText("Admin Authentication — protected, cannot be deleted")).toBeVisible();
  await expect(zone.getByRole("button", { name: /Delete Selected Data/ })).toHaveCount(0);

  await zone.getByLabel("All Settings & Configurations").click();
  await expect(zone.getByLabel("SMM Panel Settings")).toBeDisabled();
  await expect(zone.getByLabel("Payment Settings")).toBeDisabled();
  await zone.getByLabel("All Settings & Configurations").click();
  await expect(zone.getByLabel("SMM Panel Settings")).toBeEnabled();

  // The button counts what is ticked, in words the operator would write: "1 item", "2 items".
  await zone.getByLabel("All Orders & Order History").click();
  await zone.getByLabel("All Service Plans").click();
  await expect(zone.getByRole("button", { name: "Delete Selected Data (2 items)" })).toBeVisible();
  await zone.getByLabel("All Service Plans").click();
  await zone.getByRole("button", { name: "Delete Selected Data (1 item)" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirm Selective Deletion" });
  await expect(confirm).toContainText("All Orders & Order History");
  await confirm.getByRole("button", { name: "Delete Selected" }).click();
  await expect(page.getByText("Successfully deleted selected data: All Orders & Order History")).toBeVisible();
  expect(count("orders")).toBe(0);
  expect(count("plans")).toBe(20);
  await expect(zone.getByRole("button", { name: /Delete Selected Data/ })).toHaveCount(0);

  await zone.getByRole("button", { name: "Delete ALL Data (Everything)" }).click();
  const final = page.getByRole("alertdialog", { name: "Final Confirmation - Delete Everything" });
  await expect(final).toContainText("orders, customers, payments, plans and settings");
  await final.getByRole("button", { name: "Yes, Delete Everything" }).click();
  await expect(page.getByText("All data has been permanently deleted from the database")).toBeVisible();
  expect(count("plans")).toBe(0);
  expect(count("settings")).toBe(0);
  expect(count("admin_users")).toBe(1);

  const backups = page.getByRole("region", { name: "Backups" });
  await expect(backups.getByRole("link", { name: "Download" })).toHaveCount(2);
  const ordersBackup = readdirSync(backupDir()).find((n) => n.endsWith("-orders.jsonl.gz"))!;
  const output = execFileSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", ordersBackup], {
    env: { ...process.env, DATABASE_URL: `file:${dbFile()}`, BACKUP_DIR: backupDir() },
    encoding: "utf8",
  });
  expect(output).toContain("Restored 31 orders");
  expect(count("orders")).toBe(31);
  const restored = sql((db) =>
    db
      .prepare(
        "select order_id, price_paise, customer_name from orders where order_id like 'BKRESTORE%' order by order_id",
      )
      .all(),
  );
  expect(restored[0]).toEqual({ order_id: "BKRESTORE000", price_paise: 7900, customer_name: "Asha" });
});

// Last (these two): the danger zone above counts the settings rows left after deleting everything.
test("bank e-mail alerts: a refusal under its field saves nothing; a saved mailbox survives a reload", async ({
  page,
}) => {
  await signIn(page, "/admin/settings");
  await hydrated(page);
  const mailbox = page.getByRole("region", { name: "Bank e-mail alerts" });
  const host = mailbox.getByLabel("IMAP host");
  // The browser checks with the action's schema: a port of six digits never leaves the page.
  await mailbox.getByLabel("Port").fill("123456");
  await mailbox.getByRole("button", { name: "Save" }).click();
  await expect(mailbox.getByRole("alert")).toHaveText("The port is a whole number from 1 to 65535");
  await expect(mailbox.getByLabel("Port")).toHaveAttribute("aria-invalid", "true");
  // What only the server judges (a host name) is refused under its field, and focused there.
  await mailbox.getByLabel("Port").fill("993");
  await host.fill("not a host!");
  await mailbox.getByLabel("User name").fill("alerts@growly.in");
  await mailbox.getByRole("button", { name: "Save" }).click();
  await expect(mailbox.getByRole("alert")).toHaveText('"not a host!" is not a host name');
  await expect(host).toHaveAttribute("aria-invalid", "true");
  await expect(host).toBeFocused();
  await page.reload();
  await hydrated(page);
  await expect(host).toHaveValue("");
  await expect(mailbox.getByLabel("User name")).toHaveValue("");

  await host.fill("127.0.0.1");
  await mailbox.getByLabel("User name").fill("alerts@growly.in");
  await mailbox.getByLabel("Your alert address (the one the bank writes to)").fill("owner@growly.in");
  await mailbox.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Bank e-mail alerts saved (off)").first()).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(host).toHaveValue("127.0.0.1");
  await expect(mailbox.getByLabel("User name")).toHaveValue("alerts@growly.in");
  await expect(mailbox.getByLabel("Your alert address (the one the bank writes to)")).toHaveValue("owner@growly.in");
  await expect(mailbox.getByLabel("Read this mailbox")).not.toBeChecked();
});

test("payment-alert templates: a refusal under its field saves nothing; an added template survives a reload", async ({
  page,
}) => {
  await signIn(page, "/admin/settings");
  await hydrated(page);
  const alerts = page.getByRole("region", { name: "Payment alerts" });
  const add = alerts.locator("form").filter({ has: page.getByRole("button", { name: "Add template" }) });
  await add.getByLabel("Name").fill("Growly Bank");
  await add.getByLabel("Pattern", { exact: true }).fill("Rs (?<rupees>[0-9.]+) credited");
  await add.getByLabel("SMS sender ids (a regular expression)").fill("GROWLY$");
  await add.getByRole("button", { name: "Add template" }).click();
  await expect(add.getByRole("alert")).toContainText("the pattern must capture the amount");
  await expect(add.getByLabel("Pattern", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // A missing sender list is the sender field's refusal, not the pattern's.
  await add.getByLabel("Pattern", { exact: true }).fill("Rs (?<amount>[0-9.]+) credited");
  await add.getByLabel("SMS sender ids (a regular expression)").fill("");
  await add.getByRole("button", { name: "Add template" }).click();
  await expect(add.getByRole("alert")).toContainText("name the SMS sender ids");
  await expect(add.getByLabel("SMS sender ids (a regular expression)")).toHaveAttribute("aria-invalid", "true");
  await page.reload();
  await hydrated(page);
  await expect(alerts.getByRole("listitem")).toHaveCount(0);

  await add.getByLabel("Name").fill("Growly Bank");
  await add.getByLabel("Pattern", { exact: true }).fill("Rs (?<amount>[0-9.]+) credited");
  await add.getByLabel("SMS sender ids (a regular expression)").fill("GROWLY$");
  await add.getByRole("button", { name: "Add template" }).click();
  await expect(page.getByText('Template "Growly Bank" added').first()).toBeVisible();
  await expect(add.getByLabel("Name")).toHaveValue("");
  await page.reload();
  await expect(alerts.getByRole("listitem")).toHaveCount(1);
  await expect(alerts.getByRole("listitem")).toContainText("Growly Bank (SMS)");
});
