import { devices } from "@playwright/test";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { insertOrders, ist, istDaysAgo, signIn, uniqueUtr, withDb } from "./admin-support";
import { orderCheapestPlan } from "./buying-support";
import { expect, test, watchForErrors } from "./fixtures";

/**
 * The operator runs the shop from a phone (390×844): an alert about a payment
 * to confirm leads to the order, where one tap confirms it; the orders list
 * is a stack of cards with each order's next step in reach; and no admin page
 * scrolls sideways, whatever the buyers typed.
 */

const ALERTS_KEY = "ALERTS_SETTINGS";
let smtp: SmtpSink;
let saved: string | undefined;
const inserted: string[] = [];

test.beforeAll(async ({}, info) => {
  // Skipped here, before the tests' pages are made (a skip in beforeEach comes after the page fixture opened one).
  test.skip(info.project.name !== "mobile", "the operator's phone: 390×844");
  smtp = await startSmtpSink();
  // E-mail alerts to the SMTP server in this process, for payments to confirm only. The alert settings are read
  // from the database at each event (never cached), so writing them here is what saving them in Settings does.
  const settings = {
    events: ["payment_claimed"],
    email: {
      enabled: true,
      host: "127.0.0.1",
      port: smtp.port,
      security: "none",
      user: "",
      from: "Shop alerts <alerts@shop.example.in>",
      to: "owner@shop.example.in",
    },
  };
  withDb((db) => {
    saved = (db.prepare("select value from settings where key = ?").get(ALERTS_KEY) as { value: string } | undefined)
      ?.value;
    db.prepare(
      "insert into settings (key, value, updated_at) values (?, ?, ?) on conflict(key) do update set value = excluded.value, updated_at = excluded.updated_at",
    ).run(ALERTS_KEY, JSON.stringify(settings), Date.now());
  });
});

test.afterAll(async ({}, info) => {
  if (info.project.name !== "mobile") return;
  // The shared shop goes back to how it was: no alerts to a sink that is gone, none of this file's orders.
  withDb((db) => {
    if (saved === undefined) db.prepare("delete from settings where key = ?").run(ALERTS_KEY);
    else db.prepare("update settings set value = ? where key = ?").run(saved, ALERTS_KEY);
    for (const id of inserted) db.prepare("delete from orders where order_id = ?").run(id);
  });
  await smtp?.stop();
});

test("the alert's link opens the order on the phone, and one tap confirms the payment", async ({
  page,
  browser,
  baseURL,
  pageErrors,
}) => {
  test.setTimeout(60_000);
  // The buyer, on a phone of their own, orders and says they paid.
  const buyerContext = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    baseURL,
  });
  const buyer = await buyerContext.newPage();
  watchForErrors(buyer, pageErrors);
  await buyer.goto("/followers");
  await buyer.getByLabel("Instagram username").fill("phone.operator.check");
  await buyer.getByRole("button", { name: "Show packages" }).click();
  const orderId = await orderCheapestPlan(buyer, /Starter Followers/);
  inserted.push(orderId);
  const utr = uniqueUtr();
  await buyer.getByLabel(/12-digit UPI reference/).fill(utr);
  await buyer.getByRole("button", { name: "I have paid" }).click();
  const stage = buyer.getByTestId("order-stage");
  await expect(stage).toHaveText("Payment received, being confirmed");

  // The operator's e-mail alert arrives, with the order's link in it.
  await expect
    .poll(() => smtp.messages.find((m) => m.subject?.includes(orderId))?.text, { timeout: 20_000 })
    .toContain(utr);
  const mail = smtp.messages.find((m) => m.subject?.includes(orderId))!;
  expect(mail.subject).toContain("Payment to confirm");
  const link = new URL(/\bhttps?:\/\/\S+/.exec(mail.text!)![0]);
  expect(link.pathname).toBe(`/admin/orders/${orderId}`);

  // Opened on the phone (this shop's Public Base URL is not its test address: the link's path on it), signed in.
  await signIn(page, link.pathname);
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  const actions = page.getByRole("region", { name: "Actions" });
  await expect(actions).toContainText(utr);
  const confirm = actions.getByRole("button", { name: "Confirm payment" });
  // The page the alert opens has its one action in view at once, with no scrolling.
  await expect(confirm).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // One tap, no second question.
  await confirm.tap();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Payment confirmed")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Order Information" })).toContainText("Paid, not sent");
  await expect(confirm).toHaveCount(0);

  // The buyer's open checkout follows. (This shop has no SMM panel, so the paid order waits to be sent.)
  await expect(stage).toHaveText("Payment received – sending your order for delivery", { timeout: 12_000 });
  await buyerContext.close();
});

const LONG_TARGET = `https://www.instagram.com/p/${"C".repeat(60)}/?igsh=${"x".repeat(60)}`;
const LONG_NAME = `Venkataramanarayanaswamysubrahmanyamkrishnamurthy${"a".repeat(30)} Chakravarthy`;

test("the orders list is a stack of cards, each with its next step in reach", async ({ page }) => {
  const marker = `phonecards${Date.now()}`;
  const day = istDaysAgo(50);
  const [claimed, paid] = insertOrders([
    {
      created_at: ist(day, "10:00"),
      status: "payment_claimed",
      utr: uniqueUtr(),
      target: `${marker}.claimed`,
      customer_name: "Asha Rao",
      price_paise: 14_900,
    },
    {
      created_at: ist(day, "09:00"),
      status: "paid",
      paid_at: ist(day, "09:02"),
      target: `${marker}.paid`,
      customer_name: LONG_NAME,
    },
  ]);
  inserted.push(claimed!, paid!);

  await signIn(page, `/admin/orders?range=all&q=${marker}`);
  await expect(page.getByText("Showing 1–2 of 2 orders")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Qty" })).toBeHidden();

  const card = page.getByRole("row").filter({ hasText: claimed! });
  // This test shop is not ready for buyers, so warnings stand above the list; the whole card fits on the screen.
  await card.evaluate((row) => row.scrollIntoView({ block: "center", behavior: "instant" }));
  for (const text of [claimed!, "Test plan", `${marker}.claimed`, "Asha Rao", "₹149", "Payment to confirm"]) {
    await expect(card.getByText(text, { exact: false }).first()).toBeInViewport();
  }
  await expect(card.getByText(/^Created \d{4}-\d\d-\d\d \d\d:\d\d$/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Confirm payment" })).toBeInViewport({ ratio: 1 });
  const details = card.getByRole("link", { name: "Details" });
  await expect(details).toHaveAccessibleDescription(claimed!);
  await expect(details).toBeInViewport({ ratio: 1 });

  const paidCard = page.getByRole("row").filter({ hasText: paid! });
  await expect(paidCard).toContainText(LONG_NAME);
  const send = paidCard.getByRole("button", { name: "Send to panel" });
  await send.scrollIntoViewIfNeeded();
  await expect(send).toBeInViewport({ ratio: 1 });
  await expect(paidCard.getByRole("button", { name: "Confirm payment" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The card's primary action is the list's own: one tap confirms the payment there too.
  await card.getByRole("button", { name: "Confirm payment" }).tap();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Payment confirmed")).toBeVisible();
  await expect(card).toContainText("Paid, not sent");
  await expect(card.getByRole("button", { name: "Send to panel" })).toBeInViewport({ ratio: 1 });

  await details.tap();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${claimed}$`));
  await expect(page.getByRole("heading", { name: `Order ${claimed}` })).toBeVisible();
});

test("no admin page scrolls sideways on a phone, whatever the buyers typed", async ({ page }) => {
  test.setTimeout(60_000);
  const day = istDaysAgo(51);
  const long = { target: LONG_TARGET, customer_name: LONG_NAME };
  const ids = insertOrders([
    { ...long, created_at: ist(day, "08:00"), status: "payment_claimed", utr: uniqueUtr(), service_type: "likes" },
    { ...long, created_at: ist(day, "09:00"), status: "paid", paid_at: ist(day, "09:01"), target: "x".repeat(90) },
    { ...long, created_at: ist(day, "10:00"), status: "placement_unknown", paid_at: ist(day, "10:01") },
    {
      ...long,
      created_at: ist(day, "11:00"),
      status: "refund_due",
      paid_at: ist(day, "11:01"),
      refund_due_paise: 12_345_600,
      price_paise: 12_345_600,
      service_type: "views",
    },
    {
      ...long,
      created_at: ist(day, "12:00"),
      status: "delivered",
      paid_at: ist(day, "12:01"),
      price_paise: 99_999_900,
    },
  ]);
  inserted.push(...ids);

  await signIn(page, "/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const pages = [
    "/admin",
    "/admin/dashboard?timeRange=all",
    "/admin/orders?range=all",
    ...ids.map((id) => `/admin/orders/${id}`),
    "/admin/payments",
    "/admin/plans",
    "/admin/audit",
    "/admin/settings",
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Neither the page nor a box inside it (a table's frame) scrolls sideways.
    const sideways = await page.evaluate(() => {
      const wide = [...document.querySelectorAll("body *")].filter(
        (e) => e.scrollWidth > e.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(e).overflowX),
      );
      return {
        page: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
        boxes: wide.map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
      };
    });
    expect(sideways, path).toEqual({ page: 0, boxes: [] });
  }
});
