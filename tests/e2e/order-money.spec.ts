import type { Page } from "@playwright/test";
import { hi } from "~/locales/hi";
import { expectAccessible } from "./a11y-support";
import { deleteOrdersBetween, insertOrders, ist, istDaysAgo, signIn, uniqueUtr, withDb } from "./admin-support";
import { decodeQr } from "./buying-support";
import { expect, test } from "./fixtures";
import { trackOrder } from "./self-service-support";
import { hydrated } from "./storefront-support";

/**
 * Money the operator can reconcile (issue 33), at 1280×800 and 390×844: a
 * profit net of its refund on the list and the order; a buyer found by the
 * phone, name or UTR they give; a refund paid from its QR, with its
 * reference; a paid order deleted only with its id typed, and the dashboard
 * saying it is missing; a cancellation that reads as the buyer's own on
 * /track, in English and Hindi, and a full refund when the shop cancels.
 */

/** Each project has its own day and its own buyers, so desktop and mobile never see each other's orders. */
function fixture(projectName: string) {
  const mobile = projectName === "mobile";
  const day = istDaysAgo(mobile ? 120 : 127);
  return {
    day,
    from: ist(day, "00:00"),
    to: ist(day, "23:59") + 60_000,
    marker: mobile ? "moneym" : "moneyd",
    // Numbers no other test uses: a phone search finds every order placed with it.
    phone: mobile ? "7012398761" : "7012398762",
    otherPhone: mobile ? "7012398763" : "7012398764",
  };
}

const rupees = (paise: number) =>
  paise % 100 === 0 ? `₹${paise / 100}` : `₹${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;

/** Columns insertOrders leaves out, set as the lifecycle would have. */
function setOrder(orderId: string, fields: Record<string, string | number | null>) {
  const names = Object.keys(fields);
  withDb((db) =>
    db
      .prepare(`update orders set ${names.map((n) => `${n} = @${n}`).join(", ")} where order_id = @orderId`)
      .run({ ...fields, orderId }),
  );
}

function clearDay(from: number, to: number) {
  deleteOrdersBetween(from, to);
  withDb((db) => db.prepare("delete from deleted_orders where created_at >= ? and created_at < ?").run(from, to));
}

async function noSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("the operator finds a buyer by phone, name or UTR, sees the profit net of the refund and pays the refund from its QR", async ({
  page,
}, info) => {
  const f = fixture(info.project.name);
  clearDay(f.from, f.to);
  const utr = uniqueUtr();
  // ₹198.99 paid, never at the panel, cancelled by its buyer: ₹189.04 owed, ₹9.95 kept.
  const [cancelled, delivered] = insertOrders([
    {
      created_at: ist(f.day, "10:00"),
      paid_at: ist(f.day, "10:02"),
      status: "refund_due",
      price_paise: 19_899,
      profit_paise: 19_899,
      refund_due_paise: 18_904,
      customer_name: `Rahul ${f.marker}`,
      customer_phone: `+91${f.phone}`,
      utr,
      target: `${f.marker}.cancelled`,
    },
    {
      created_at: ist(f.day, "11:00"),
      paid_at: ist(f.day, "11:02"),
      status: "delivered",
      price_paise: 34_900,
      profit_paise: 30_000,
      customer_name: `Meera ${f.marker}`,
      customer_phone: `+91${f.otherPhone}`,
      target: `${f.marker}.delivered`,
    },
  ]);
  setOrder(cancelled!, { refund_fee_paise: 995, cancelled_by: "buyer", paid_by: "bank-alert:email" });
  // Its bank alert named the UPI id the money came from.
  withDb((db) =>
    db
      .prepare(
        `insert into payment_credits (source, dedupe_key, amount_paise, utr, payer_vpa, credited_at, received_at,
          evidence, status, order_id) values ('email', ?, 19899, ?, ?, ?, ?, '{}', 'confirmed', ?)`,
      )
      .run(`utr:${utr}`, utr, `rahul.${f.marker}@okaxis`, ist(f.day, "10:01"), ist(f.day, "10:01"), cancelled!),
  );

  // The phone as the buyer says it, over all time: only their order.
  await signIn(page, "/admin/orders?range=all");
  const search = page.getByPlaceholder("Search orders...");
  await expect(page.getByText("Finds an order id, a phone number (any form), a name, a UTR")).toBeVisible();
  for (const typed of [`+91 ${f.phone.slice(0, 5)} ${f.phone.slice(5)}`, `0${f.phone}`]) {
    await search.fill(typed);
    await expect(page.getByText("Showing 1–1 of 1 order")).toBeVisible();
    await expect(page.getByRole("link", { name: cancelled! })).toBeVisible();
  }
  // Their name, and the UTR with the spaces a bank app shows.
  await search.fill(`rahul ${f.marker}`);
  await expect(page.getByText("Showing 1–1 of 1 order")).toBeVisible();
  await search.fill(`${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`);
  await expect(page.getByText("Showing 1–1 of 1 order")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: cancelled! });
  // The list's profit is net of the refund: ₹198.99 − ₹189.04.
  await expect(row).toContainText("₹9.95");
  await noSidewaysScroll(page);

  // Today (the default) has nothing of theirs; the list offers all time.
  await page.goto(`/admin/orders?q=${f.otherPhone}`);
  await hydrated(page);
  await expect(page.getByText("No orders found")).toBeVisible();
  await page.getByRole("button", { name: `Search all time for “${f.otherPhone}”` }).click();
  await expect(page.getByRole("link", { name: delivered! })).toBeVisible();

  // The order's page: the same profit, why, and what paying the refund takes.
  await page.goto(`/admin/orders/${cancelled}`);
  await hydrated(page);
  await expect(page.getByTestId("order-profit")).toHaveText("₹9.95");
  await expect(page.getByText("₹198.99 after the panel's charge, less the ₹189.04 refund")).toBeVisible();
  await expect(page.getByText("The buyer (cancelled it)")).toBeVisible();
  const actions = page.getByRole("region", { name: "Actions" });
  await expect(actions).toContainText("Refund due: ₹189.04 (the price less the cancellation fee of ₹9.95");
  const pay = actions.getByTestId("refund-pay");
  await expect(pay).toContainText(`Pay ₹189.04 to rahul.${f.marker}@okaxis (the UPI id the payment came from)`);
  const link = `upi://pay?pa=rahul.${f.marker}@okaxis&pn=Rahul%20${f.marker}&am=189.04&cu=INR&tn=Refund%20for%20order%20${cancelled}`;
  await expect(pay.getByRole("link", { name: "Open UPI app to pay ₹189.04" })).toHaveAttribute("href", link);
  // The QR holds exactly that payment, as a phone's camera reads it.
  expect(await decodeQr(pay.getByRole("img", { name: /UPI QR code to pay ₹189\.04/ }))).toBe(link);
  await noSidewaysScroll(page);
  await expectAccessible(page, "a refund due, with its QR");

  // Another UPI id, typed after asking the buyer: a QR for it; nonsense is refused where it was typed.
  await pay.getByLabel("Pay a different UPI id").fill("not an id");
  await pay.getByRole("button", { name: "Show QR" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "“not an id” is not a UPI id" })).toBeVisible();
  await pay.getByLabel("Pay a different UPI id").fill(`Rahul.${f.marker}@OKSBI`);
  await pay.getByRole("button", { name: "Show QR" }).click();
  await expect(pay).toContainText(`Pay ₹189.04 to rahul.${f.marker}@oksbi (the UPI id you entered`);

  // Paid: its reference is kept and shown.
  await actions.getByLabel("Refund UPI reference (12 digits)").fill("712345678901");
  await actions.getByRole("button", { name: "Mark refunded" }).click();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Refund recorded")).toBeVisible();
  await expect(page.getByTestId("refund-reference")).toHaveText("UPI ref 712345678901");
  await expect(page.getByTestId("refund-pay")).toHaveCount(0);
});

test("a paid order is deleted only with its id typed, and the dashboard says a deleted sale is missing", async ({
  page,
}, info) => {
  const f = fixture(info.project.name);
  const day = istDaysAgo(info.project.name === "mobile" ? 121 : 128);
  clearDay(ist(day, "00:00"), ist(day, "23:59") + 60_000);
  const [sale] = insertOrders([
    {
      created_at: ist(day, "09:00"),
      paid_at: ist(day, "09:02"),
      status: "delivered",
      price_paise: 34_900,
      profit_paise: 30_000,
      target: `${f.marker}.sale`,
    },
  ]);
  const dashboard = `/admin/dashboard?timeRange=custom&startDate=${day}&endDate=${day}`;
  await signIn(page, dashboard);
  await expect(page.getByTestId("card-Total Revenue (₹)")).toHaveText("₹349");
  await expect(page.getByTestId("deleted-sales")).toHaveCount(0);

  await page.goto(`/admin/orders?range=all&q=${f.marker}.sale`);
  await hydrated(page);
  const row = page.getByRole("row").filter({ hasText: sale! });
  await row.getByRole("button", { name: "Delete Order" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this order?");
  await expect(confirm).toContainText("This order was paid (₹349)");
  const remove = confirm.getByRole("button", { name: "Delete" });
  await expect(remove).toBeDisabled();
  const typed = confirm.getByLabel(`Type the order id ${sale} to delete it`);
  await typed.fill(sale!.slice(0, 6));
  await expect(remove).toBeDisabled();
  await typed.fill(sale!.toLowerCase());
  await expectAccessible(page, "deleting a paid order");
  await remove.click();
  await expect(page.getByText(/Order deleted successfully\. A backup was written first: backup-/)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: sale! })).toHaveCount(0);

  await page.goto(dashboard);
  await expect(page.getByText("No data available")).toBeVisible();
  await expect(page.getByTestId("deleted-sales")).toHaveText(
    "1 paid order (₹349 revenue) of this range was deleted and is not counted here. Its backup is in Settings → Backups.",
  );
  await noSidewaysScroll(page);
});

test("the operator says who cancels a paid order: the shop refunds in full, the buyer's request keeps the fee", async ({
  page,
}, info) => {
  const f = fixture(info.project.name);
  const day = istDaysAgo(info.project.name === "mobile" ? 122 : 129);
  clearDay(ist(day, "00:00"), ist(day, "23:59") + 60_000);
  // The panel never answered and has no order for them: the operator may stop them.
  const [byShop, byBuyer] = insertOrders(
    ["shop", "buyer"].map((who, i) => ({
      created_at: ist(day, `1${i}:00`),
      paid_at: ist(day, `1${i}:02`),
      status: "placement_unknown",
      price_paise: 50_000,
      target: `${f.marker}.${who}`,
    })),
  );
  await signIn(page, `/admin/orders/${byShop}`);
  await page.getByRole("button", { name: "Cancel order…" }).click();
  let dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("radio", { name: /The shop is cancelling it/ })).toBeChecked();
  await expect(dialog).toContainText(
    "The buyer gets ₹525 back: the price plus the 5% cancellation fee, which the shop pays when it cancels.",
  );
  await expect(dialog).toContainText("The buyer gets ₹475 back: the price less the 5% cancellation fee.");
  await expectAccessible(page, "who is cancelling");
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("region", { name: "Actions" })).toContainText(
    "Refund due: ₹525 (the price plus ₹25, the cancellation fee the shop pays: you stopped the order)",
  );

  await page.goto(`/admin/orders/${byBuyer}`);
  // A click before React runs would open no dialog.
  await hydrated(page);
  await page.getByRole("button", { name: "Cancel order…" }).click();
  dialog = page.getByRole("alertdialog");
  await dialog.getByRole("radio", { name: /The buyer asked to cancel/ }).check();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("region", { name: "Actions" })).toContainText(
    "Refund due: ₹475 (the price less the cancellation fee of ₹25: the buyer cancelled)",
  );
  // No UPI id known for a payment confirmed by hand: the page asks for it.
  await expect(page.getByTestId("refund-pay")).toContainText("We do not know the UPI id the buyer paid from");
  await noSidewaysScroll(page);
});

test("on /track a buyer's own cancellation reads as theirs, in English and Hindi; the shop's refunds in full", async ({
  page,
}, info) => {
  const f = fixture(info.project.name);
  const day = istDaysAgo(info.project.name === "mobile" ? 123 : 130);
  clearDay(ist(day, "00:00"), ist(day, "23:59") + 60_000);
  const phone = info.project.name === "mobile" ? "7012398765" : "7012398766";
  const [own, shops] = insertOrders(
    [0, 1].map((i) => ({
      created_at: ist(day, `1${i}:00`),
      paid_at: ist(day, `1${i}:02`),
      status: "refund_due",
      price_paise: 19_899,
      refund_due_paise: i === 0 ? 18_904 : 19_899,
      customer_phone: `+91${phone}`,
      target: `${f.marker}.track${i}`,
    })),
  );
  setOrder(own!, { refund_fee_paise: 995, cancelled_by: "buyer" });
  setOrder(shops!, { refund_fee_paise: 0, cancelled_by: "shop" });

  const track = (orderId: string, locale: "en" | "hi") => trackOrder(page, "", orderId, phone, locale);

  let region = await track(own!, "en");
  await expect(region.getByTestId("order-stage")).toHaveText("You cancelled this order");
  await expect(region.getByText("We could not deliver this order.")).toHaveCount(0);
  await expect(region.getByTestId("refund-due")).toHaveText(rupees(18_904));
  await expect(region.getByText("the ₹198.99 you paid, less our cancellation fee (₹9.95)")).toBeVisible();
  await expect(region.getByText("Our refund policy keeps this fee when you cancel an order yourself.")).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page, "/track, cancelled by the buyer");

  region = await track(own!, "hi");
  await expect(region.getByTestId("order-stage")).toHaveText(hi.order.stage.you_cancelled);
  await expect(region.getByText(/हमारी कैंसलेशन फ़ीस \(₹9\.95\) काटकर/)).toBeVisible();

  region = await track(shops!, "en");
  await expect(region.getByTestId("order-stage")).toHaveText("Not delivered");
  await expect(region.getByText("We cancelled this order.")).toBeVisible();
  await expect(region.getByTestId("refund-due")).toHaveText(rupees(19_899));
  await expect(region.getByText("the ₹198.99 you paid, in full.")).toBeVisible();
  await expect(region.getByText(/processing fee/)).toHaveCount(0);

  region = await track(shops!, "hi");
  await expect(region.getByText(hi.order.explain.shopCancelled)).toBeVisible();
  await expect(region.getByText(/बिना किसी कटौती के/)).toBeVisible();

  // The refund policy says the same.
  await page.goto("/refund-policy");
  await expect(page.getByTestId("cancellation-terms")).toContainText("If you cancel an order yourself");
  await expect(page.getByTestId("cancellation-terms")).toContainText("If we cancel a paid order ourselves");
  await expect(page.getByText(/we refund everything you paid, never less/).first()).toBeVisible();
});
