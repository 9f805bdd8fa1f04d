import { readFileSync } from "node:fs";
import { formatDayLabel } from "../../app/lib/ist-time";
import { deleteOrdersBetween, insertOrders, ist, istDaysAgo, signIn, uniqueUtr, withDb } from "./admin-support";
import { expect, test } from "./fixtures";
import { hydrated } from "./storefront-support";
import { adminNav } from "./admin-nav";

/** Each project gets its own three past days, so desktop and mobile runs never see each other's orders. */
function days(projectName: string) {
  const back = projectName === "mobile" ? 90 : 100;
  return { d1: istDaysAgo(back), d2: istDaysAgo(back - 1), d3: istDaysAgo(back - 2) };
}

/** What a paid order carries: confirmed shortly after it was placed. */
const paid = (created_at: number) => ({ created_at, paid_at: created_at + 120_000 });

test("signing in returns to the page that was asked for; logging out ends the session", async ({ page }) => {
  await signIn(page, "/admin/orders?range=all");
  await expect(page).toHaveURL(/\/admin\/orders\?range=all$/);
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
  await expect(page.getByText(/^\d+ h( \d+ min)? remaining$/)).toBeVisible();

  await (await adminNav(page)).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await page.getByRole("button", { name: /Admin/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByText("Logged out successfully").first()).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard/);
});

test("dashboard cards add up the orders of the chosen range and status", async ({ page }, info) => {
  const { d1, d2, d3 } = days(info.project.name);
  deleteOrdersBetween(ist(d1, "00:00"), ist(d3, "23:59") + 60_000);
  // Orders are paid orders: a payment waiting for confirmation is pending, an unpaid checkout counts for nothing.
  insertOrders([
    { ...paid(ist(d1, "00:00")), status: "delivered", price_paise: 10_000, profit_paise: 4_000 },
    {
      ...paid(ist(d2, "10:00")),
      status: "delivered",
      price_paise: 30_000,
      profit_paise: 6_000,
      service_type: "likes",
    },
    { created_at: ist(d2, "23:59"), status: "payment_claimed", price_paise: 50_000, utr: uniqueUtr() },
    { created_at: ist(d3, "09:00"), status: "expired", price_paise: 70_000 },
  ]);
  await signIn(page, `/admin/dashboard?timeRange=custom&startDate=${d1}&endDate=${d3}`);
  const card = (label: string) => page.getByTestId(`card-${label}`);
  await expect(card("Total Orders")).toHaveText("2");
  await expect(card("Success Orders")).toHaveText("2");
  await expect(card("Pending Orders")).toHaveText("1");
  await expect(card("Total Revenue (₹)")).toHaveText("₹400");
  await expect(card("Net Profit (₹)")).toHaveText("₹100");
  await expect(card("Success Rate (%)")).toHaveText("100.00%");
  await expect(card("Avg. Order Value (₹)")).toHaveText("₹200");
  await expect(page.getByRole("img", { name: /₹400 revenue and 2 orders/ })).toBeVisible();

  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Pending" }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(card("Total Orders")).toHaveText("0");
  await expect(card("Pending Orders")).toHaveText("1");
  await expect(card("Total Revenue (₹)")).toHaveText("₹0");

  await page.goto(`/admin/dashboard?timeRange=custom&startDate=${d2}&endDate=${d2}`);
  await expect(card("Total Orders")).toHaveText("1");
  await expect(card("Pending Orders")).toHaveText("1");
  await expect(page.getByRole("button", { name: formatDayLabel(d2).slice(0, 3) })).toContainText(formatDayLabel(d2));

  await page.goto("/admin/dashboard?timeRange=custom&startDate=2023-06-01&endDate=2023-06-02");
  await expect(page.getByText("No data available")).toBeVisible();
  await page.getByRole("button", { name: "All Time" }).click();
  await expect(page).toHaveURL(/timeRange=all/);
  await expect(card("Total Orders")).not.toHaveText("0");
});

test("orders list searches, filters and pages on the server; customer dialog; delete; export", async ({
  page,
}, info) => {
  const { d1, d3 } = days(info.project.name);
  deleteOrdersBetween(ist(d1, "00:00"), ist(d3, "23:59") + 60_000);
  const marker = `shop${info.project.name}`;
  // Four paid orders the panel did not deliver (a refund is due), the rest delivered.
  const rows = Array.from({ length: 30 }, (_, i) => ({
    ...paid(ist(d1, "08:00") + i * 60_000),
    target: `${marker}.${String(i).padStart(2, "0")}`,
    status: i < 4 ? "refund_due" : "delivered",
    refund_due_paise: i < 4 ? 9_500 : null,
    customer_name: `Buyer ${i}`,
    customer_phone: "+919812345678",
  }));
  insertOrders(rows);
  insertOrders([{ created_at: ist(d3, "08:00"), target: "someone.else" }]);

  const base = `/admin/orders?range=custom&startDate=${d1}&endDate=${d3}`;
  await signIn(page, base);
  await expect(page.getByText("Showing 1–25 of 31 orders")).toBeVisible();
  await page.getByPlaceholder("Search orders...").fill("someone.else");
  await expect(page.getByText("Showing 1–1 of 1 order", { exact: true })).toBeVisible();

  await page.getByPlaceholder("Search orders...").fill(marker.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`q=${marker.toUpperCase()}`));
  await expect(page.getByText("Showing 1–25 of 30 orders")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Showing 26–30 of 30 orders")).toBeVisible();
  await expect(page.getByRole("link", { name: `@${marker}.04` })).toHaveAttribute(
    "href",
    `https://instagram.com/${marker}.04`,
  );

  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Refunds" }).click();
  await expect(page.getByText("Showing 1–4 of 4 orders")).toBeVisible();
  await expect(page).toHaveURL(/status=refunds/);

  // A bookmarked view opens as it was left.
  await page.reload();
  await expect(page.getByText("Showing 1–4 of 4 orders")).toBeVisible();
  // The list is in the server's HTML before React runs; a click before hydration would reach no handler.
  await hydrated(page);

  const row = page.getByRole("row").filter({ hasText: `${marker}.03` });
  await row.getByRole("button", { name: "User Data" }).click();
  const dialog = page.getByRole("dialog", { name: "Customer Information" });
  await expect(dialog).toContainText("Buyer 3");
  await expect(dialog.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", "https://wa.me/919812345678");
  await page.keyboard.press("Escape");

  // Export honours the filters on screen: the four refund orders only.
  await page.getByRole("button", { name: "Export Data" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "CSV (.csv)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^orders_export_[\\d_-]+_custom_refunds_${marker}\\.csv$`, "i"),
  );
  const csv = readFileSync(await download.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(csv[0]).toContain('"Order ID","Customer Name","Phone Number"');
  expect(
    csv
      .slice(1)
      .map((l) => l.split(",")[4]!.replaceAll('"', ""))
      .sort(),
  ).toEqual([0, 1, 2, 3].map((i) => `${marker}.0${i}`));
  await expect(page.getByText("Exported 4 filtered orders to Excel")).toBeVisible();

  const id = (await row.getByRole("link", { name: /^BK/ }).textContent())!;
  await row.getByRole("button", { name: "Delete Order" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this order?");
  await expect(confirm).toContainText("This action cannot be undone. This will permanently delete the order.");
  // It was paid: its id is typed again first.
  await expect(confirm.getByRole("button", { name: "Delete" })).toBeDisabled();
  await confirm.getByLabel(`Type the order id ${id} to delete it`).fill(id);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Order deleted successfully")).toBeVisible();
  await expect(page.getByText("Showing 1–3 of 3 orders")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `${marker}.03` })).toHaveCount(0);

  await page.getByPlaceholder("Search orders...").fill("no-such-order-anywhere");
  await expect(page.getByText("No orders found")).toBeVisible();
});

test("order details show the order, its payment and the actions its state allows", async ({ page }, info) => {
  const { d1 } = days(info.project.name);
  const utr = uniqueUtr();
  const [id] = insertOrders([
    {
      created_at: ist(d1, "07:00"),
      status: "payment_claimed",
      utr,
      target: "detail.check",
      customer_name: "Asha Rao",
    },
  ]);
  await signIn(page, `/admin/orders/${id}`);
  await expect(page.getByRole("heading", { name: "Order Information" })).toBeVisible();
  await expect(page.getByText("Asha Rao")).toBeVisible();
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment).toContainText(utr);
  await expect(payment).toContainText("Not confirmed");
  // A claimed payment: confirm it (the main action), or send or cancel after a question. Nothing to resend yet.
  const actions = page.getByRole("region", { name: "Actions" });
  await expect(actions.getByRole("button", { name: "Confirm payment" })).toBeEnabled();
  await expect(actions.getByRole("button", { name: "Send without confirmed payment…" })).toBeEnabled();
  await expect(actions.getByRole("button", { name: "Send to panel again" })).toHaveCount(0);
  await actions.getByRole("button", { name: "Cancel order…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel this order?" });
  await expect(dialog).toContainText("No payment was confirmed for this order. It will be closed.");
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("Order cancelled").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Order Information" }).getByText("Cancelled")).toBeVisible();
  await expect(actions.getByRole("button", { name: "Cancel order…" })).toHaveCount(0);
  // A late payment can still be confirmed on a cancelled order.
  await expect(actions.getByRole("button", { name: "Confirm payment" })).toBeEnabled();

  await page.goto("/admin/orders/BK0000000000");
  await expect(page.getByText("Order not found")).toBeVisible();
  await page.getByRole("link", { name: "Back to orders" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
});

test("a confirmation stays open, busy, until its action answers: a refusal shows in it, a double click sends once", async ({
  page,
}, info) => {
  const { d2 } = days(info.project.name);
  const [id] = insertOrders([{ created_at: ist(d2, "07:30"), status: "payment_claimed", target: "confirm.wait" }]);
  await signIn(page, `/admin/orders/${id}`);
  await hydrated(page);
  // The action's answer is held back until the test lets it go, so what the operator sees meanwhile can be checked.
  let sent = 0;
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**/admin/orders/${id}.data*`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    sent++;
    await held;
    await route.continue();
  });
  const actions = page.getByRole("region", { name: "Actions" });
  await actions.getByRole("button", { name: "Cancel order…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel this order?" });
  // Meanwhile the order was cancelled elsewhere (another tab, the API): this cancel will be refused.
  withDb((db) => db.prepare("update orders set status = 'cancelled' where order_id = ?").run(id));
  await dialog.getByRole("button", { name: "Cancel order" }).dblclick();
  await expect(dialog.getByRole("button", { name: "Cancel order" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Go back" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  answer();
  // Refused: said in the dialog, which stays open; the action was sent once.
  await expect(dialog.getByRole("alert")).not.toBeEmpty();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel order" })).toBeEnabled();
  expect(sent).toBe(1);
  await dialog.getByRole("button", { name: "Go back" }).click();
  await expect(dialog).toBeHidden();
  // Asked again, the old refusal is gone.
  withDb((db) => db.prepare("update orders set status = 'payment_claimed' where order_id = ?").run(id));
  await page.reload();
  await hydrated(page);
  await actions.getByRole("button", { name: "Cancel order…" }).click();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  // Done: the dialog closes only now, with the order cancelled.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Order Information" }).getByText("Cancelled")).toBeVisible();
  expect(sent).toBe(2);
});

test("plans show price, status and actions without scrolling sideways, on a phone too", async ({ page }) => {
  await signIn(page, "/admin/plans");
  const first = page.getByTestId("plan-row").first();
  for (const part of [
    first.getByText(/₹\d/),
    first.getByText(/^(Enabled|Disabled)$/),
    first.getByRole("button", { name: /^Delete / }),
  ]) {
    await expect(part).toBeInViewport();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
