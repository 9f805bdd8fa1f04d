import type { Page } from "@playwright/test";
import { deleteOrdersBetween, insertOrders, ist, istDayOfLastMonth, istDaysAgo, signIn, withDb } from "./admin-support";
import { expect, shot, test } from "./fixtures";

test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "desktop") await page.setViewportSize({ width: 1280, height: 800 });
});

const paid = (created_at: number) => ({ created_at, paid_at: created_at + 120_000, status: "delivered" });

test("order details show the panel's charge in its own currency", async ({ page }, info) => {
  const day = istDaysAgo(info.project.name === "mobile" ? 60 : 61);
  const [inr, usd] = insertOrders([paid(ist(day, "10:00")), paid(ist(day, "11:00"))]);
  withDb((db) => {
    const set = db.prepare(
      "update orders set panel_order_id = ?, panel_status = 'Completed', panel_charge = ?, panel_currency = ? where order_id = ?",
    );
    set.run("5501", "45.00000", "INR", inr);
    set.run("5502", "0.0450", "USD", usd);
  });

  await signIn(page, `/admin/orders/${inr}`);
  await expect(page.getByTestId("panel-charge")).toHaveText("₹45.00");
  await shot(page, "order-details-inr", { fullPage: true });
  await page.goto(`/admin/orders/${usd}`);
  await expect(page.getByTestId("panel-charge")).toHaveText("$0.045");
  await shot(page, "order-details-usd", { fullPage: true });
  // What is stored stays exactly as the panel sent it.
  expect(withDb((db) => db.prepare("select panel_charge from orders where order_id = ?").get(usd))).toEqual({
    panel_charge: "0.0450",
  });
});

test("the dashboard charts one day by the hour and 30 days by the day, with an axis", async ({ page }, info) => {
  const mobile = info.project.name === "mobile";
  const oneDay = istDaysAgo(mobile ? 140 : 105);
  const first = istDaysAgo(mobile ? 170 : 135);
  const last = istDaysAgo(mobile ? 141 : 106);
  deleteOrdersBetween(ist(oneDay, "00:00"), ist(oneDay, "23:59") + 60_000);
  deleteOrdersBetween(ist(first, "00:00"), ist(last, "23:59") + 60_000);
  insertOrders([
    { ...paid(ist(oneDay, "00:10")), price_paise: 34_900 },
    { ...paid(ist(oneDay, "14:05")), price_paise: 1_23_400 },
    { ...paid(ist(oneDay, "14:40")), price_paise: 9_900 },
    { ...paid(ist(oneDay, "23:50")), price_paise: 49_900 },
  ]);
  insertOrders(
    Array.from({ length: 30 }, (_, i) => ({
      ...paid(ist(first, "12:00") + i * 86_400_000),
      price_paise: 10_000 + ((i * 7) % 11) * 5_000,
    })),
  );

  await signIn(page, `/admin/dashboard?timeRange=custom&startDate=${oneDay}&endDate=${oneDay}`);
  const chart = page.getByRole("figure");
  await expect(chart.getByText("Revenue and orders per hour (IST)")).toBeVisible();
  await expect(chart.getByTestId("chart-bar")).toHaveCount(24);
  await expect(page.getByRole("img", { name: /₹2,181 revenue and 4 orders on .*, by IST hour/ })).toBeVisible();
  await expect(chart.getByText("12:00", { exact: true })).toBeVisible();
  await expect(chart.getByTestId("chart-y-tick").first()).toHaveText("₹0");
  await chart.getByText("Show the numbers").click();
  await expect(chart.getByRole("row")).toHaveCount(4);
  await expect(chart.getByRole("row", { name: /14:00–15:00 2 ₹1,333/ })).toBeVisible();
  await expectNoOverlap(page);
  await shot(page, "dashboard-one-day", { fullPage: true });

  await page.goto(`/admin/dashboard?timeRange=custom&startDate=${first}&endDate=${last}`);
  await expect(chart.getByText("Revenue and orders per day")).toBeVisible();
  await expect(chart.getByTestId("chart-bar")).toHaveCount(30);
  await expectNoOverlap(page);
  await shot(page, "dashboard-30-days", { fullPage: true });
});

/** The axis labels on screen never overlap each other, and nothing runs off the page sideways. */
async function expectNoOverlap(page: Page) {
  const boxes = await page.getByTestId("chart-x-label").evaluateAll((els) =>
    els
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .map((r) => [r.left, r.right] as const),
  );
  expect(boxes.length).toBeGreaterThan(2);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]![0]).toBeGreaterThan(boxes[i - 1]![1]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the date picker uses the shop's colours and shows which day has focus", async ({ page }, info) => {
  // Inside one month: the picker shows the start's month, and a range that ran on into the next would show no
  // day between its ends (a start on the 31st, as on 29 November).
  const start = istDayOfLastMonth(mobile(info) ? 3 : 13);
  const end = istDayOfLastMonth(mobile(info) ? 9 : 19);
  await signIn(page, `/admin/dashboard?timeRange=custom&startDate=${start}&endDate=${end}`);
  await page.getByRole("button", { name: /\w{3} \d{2}, \d{4} - / }).click();
  const grid = page.getByRole("grid");
  await expect(grid).toBeVisible();
  const startDay = grid.locator(".rdp-range_start .rdp-day_button");
  // The brand's own pink (brand-600), not the calendar library's blue.
  await expect(startDay).toHaveCSS("background-color", "rgb(184, 29, 94)");
  await expect(grid.locator(".rdp-range_middle").first()).toHaveCSS("background-color", "rgb(253, 242, 248)");

  await startDay.focus();
  await page.keyboard.press("ArrowRight");
  const focused = grid.locator(".rdp-day_button:focus-visible");
  await expect(focused).toHaveCount(1);
  await expect(focused).toHaveCSS("outline-style", "solid");
  await expect(focused).toHaveCSS("outline-color", "rgb(214, 36, 110)");
  await shot(page, "date-picker-open", { fullPage: true });
});

function mobile(info: { project: { name: string } }) {
  return info.project.name === "mobile";
}
