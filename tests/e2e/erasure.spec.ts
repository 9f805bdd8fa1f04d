import { createHmac, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { hi } from "~/locales/hi";
import { insertOrders, signIn, withDb } from "./admin-support";
import { expect, test } from "./fixtures";

/**
 * "Erase my data" (issue 51, point 3): a buyer on a phone erases their data
 * from /track, in English and in Hindi, after one confirmation that says what
 * goes and what the law keeps; an order still being delivered waits and the
 * buyer is told so. The operator at a laptop finds the request in the audit,
 * which names orders only.
 */

const HOUR = 3_600_000;

function orders(phone: string, statuses: string[]): string[] {
  const now = Date.now();
  return insertOrders(
    statuses.map((status) => ({
      status,
      paid_at: now - 3 * HOUR,
      created_at: now - 3 * HOUR,
      customer_phone: `+91${phone}`,
      customer_name: "Asha Verma",
      target: "asha.sketches",
    })),
  );
}

async function track(page: Page, orderId: string, phone: string, locale: "en" | "hi" = "en") {
  await page.goto(`${locale === "hi" ? "/hi" : ""}/track?order=${orderId}`);
  await page.getByLabel(locale === "hi" ? hi.track.phone : "Phone number used for the order").fill(phone);
  await page.getByRole("button", { name: locale === "hi" ? hi.track.submit : "Track order" }).click();
  await expect(page.getByRole("region", { name: `${locale === "hi" ? "ऑर्डर" : "Order"} ${orderId}` })).toBeVisible();
}

function stored(orderId: string) {
  return withDb((db) =>
    db.prepare("select customer_name, customer_phone, target, price_paise from orders where order_id = ?").get(orderId),
  ) as { customer_name: string | null; customer_phone: string | null; target: string; price_paise: number };
}

test("a buyer on a phone erases their data from /track; a running order waits for its delivery", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "mobile", "the buyer's side, on a phone");
  const phone = "7012398781";
  const [done, running] = orders(phone, ["delivered", "delivering"]);

  await track(page, done!, phone);
  // One tap opens what goes and what the law keeps; the second confirms.
  await page.getByText("Erase my data", { exact: true }).click();
  const panel = page.getByTestId("erase-data");
  await expect(panel).toContainText("payment reference (UTR)");
  await expect(panel).toContainText("CGST Act, section 36");
  await panel.getByRole("button", { name: "Yes, erase my data" }).click();

  const outcome = page.getByTestId("erasure-done");
  await expect(outcome).toContainText(/Your data erasure request ERA-[2-9A-Z]{8} is recorded/);
  await expect(outcome).toContainText(`Erased now: ${done}.`);
  await expect(page.getByTestId("erasure-waiting")).toContainText(`Still running: ${running}.`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  expect(stored(done!)).toEqual({ customer_name: null, customer_phone: null, target: "", price_paise: 10_000 });
  expect(stored(running!)).toMatchObject({ customer_phone: `+91${phone}`, target: "asha.sketches" });

  // The erased order can no longer be looked up with the phone; the running one still can.
  await page.goto(`/track?order=${done}`);
  await page.getByLabel("Phone number used for the order").fill(phone);
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "No order matches this order ID and phone number" }),
  ).toBeVisible();
  await track(page, running!, phone);
});

test("a buyer erases their data in Hindi", async ({ page }, info) => {
  test.skip(info.project.name !== "mobile", "the buyer's side, on a phone");
  const phone = "7012398782";
  const [orderId] = orders(phone, ["delivered"]);
  await track(page, orderId!, phone, "hi");
  await page.getByText(hi.track.erase.open, { exact: true }).click();
  await expect(page.getByTestId("erase-data")).toContainText("CGST अधिनियम, धारा 36");
  await page.getByRole("button", { name: hi.track.erase.confirm }).click();
  const outcome = page.getByTestId("erasure-done");
  await expect(outcome).toContainText("डेटा मिटाने का आपका अनुरोध ERA-");
  await expect(outcome).toContainText(`अभी मिटाया गया: ${orderId}।`);
  expect(stored(orderId!)).toMatchObject({ customer_name: null, customer_phone: null });
});

test("the operator finds a buyer's erasure in the audit, with order ids and nothing erased", async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== "desktop", "the operator's side, at a laptop");
  const phone = "7012398783";
  const [orderId] = orders(phone, ["delivered"]);
  const buyer = await browser.newPage();
  await track(buyer, orderId!, phone);
  await buyer.getByText("Erase my data", { exact: true }).click();
  await buyer.getByRole("button", { name: "Yes, erase my data" }).click();
  const text = (await buyer.getByTestId("erasure-done").textContent()) ?? "";
  const reference = /ERA-[2-9A-Z]{8}/.exec(text)![0];
  await buyer.close();

  await signIn(page, "/admin/audit");
  const entry = page.getByText("privacy.erasureRequested", { exact: true }).filter({ visible: true }).first();
  await expect(entry).toBeVisible();
  const body = (await page.locator("main").textContent()) ?? "";
  expect(body).toContain(reference);
  expect(body).not.toContain(phone);
  expect(body).not.toContain("asha.sketches");
});

/** The e-mail's stop link as the shop signs it (app/domain/buyer-messages/stop-link.server.ts), with the shop's key. */
function stopLink(orderId: string, locale: "en" | "hi"): string {
  const key = withDb((db) => {
    db.prepare("insert or ignore into settings (key, value, updated_at) values (?, ?, ?)").run(
      "BUYER_STOP_LINK_KEY",
      randomBytes(32).toString("base64url"),
      Date.now(),
    );
    return (db.prepare("select value from settings where key = ?").get("BUYER_STOP_LINK_KEY") as { value: string })
      .value;
  });
  const token = createHmac("sha256", key).update(`stop-updates:${orderId}`).digest("base64url").slice(0, 32);
  return `${locale === "hi" ? "/hi" : ""}/stop-updates?order=${orderId}&t=${token}`;
}

test("the update e-mail's stop link stops the order's updates in one tap, in Hindi too", async ({ page }, info) => {
  test.skip(info.project.name !== "mobile", "the buyer's side, on a phone");
  const [orderId] = orders("7012398784", ["delivering"]);
  withDb((db) =>
    db.prepare("update orders set customer_email = ? where order_id = ?").run("asha@example.com", orderId),
  );
  const email = () =>
    (
      withDb((db) => db.prepare("select customer_email from orders where order_id = ?").get(orderId)) as {
        customer_email: string | null;
      }
    ).customer_email;

  await page.goto(stopLink(orderId!, "hi"));
  await expect(page.getByText(`ऑर्डर ${orderId} के बारे में`)).toBeVisible();
  expect(email()).toBe("asha@example.com");
  await page.getByRole("button", { name: hi.updates.stopPage.button }).click();
  await expect(page.getByTestId("stop-done")).toHaveText(hi.errors.stopUpdates.done);
  expect(email()).toBeNull();

  // A changed link is refused.
  await page.goto(stopLink(orderId!, "en").replace(/t=(.)/, (_, c: string) => `t=${c === "_" ? "-" : "_"}`));
  await page.getByRole("button", { name: "Stop updates" }).click();
  await expect(page.getByText("This link is not valid.")).toBeVisible();
});
