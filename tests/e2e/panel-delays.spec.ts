import type { Locator, Page } from "@playwright/test";
import { hi } from "~/locales/hi";
import { sqliteDatabase } from "../support/databases";
import { type PanelDouble, startPanelDouble } from "../support/panel-doubles";
import { type TestShop, startTestShop } from "../support/test-shop";
import { expectAccessible } from "./a11y-support";
import { withDb } from "./buying-support";
import { expect, test } from "./fixtures";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";

/**
 * A shop of its own fulfilling through a SmartPanel (smm-panel-script) double on
 * loopback, walked on a phone (390×844), as operator and buyer use it: the operator
 * pastes the panel's address and Test connection offers its API URL; the panel
 * goes down and a paid order waits, "delayed" on the buyer's /track in English
 * and Hindi, then goes out by itself; an answer lost after the panel created an
 * order is never sent again until the operator confirms they checked the panel.
 * The background jobs run when the test asks (`runJobs`), and a retry's due
 * time is moved to now in the database instead of waiting for it.
 */
test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
const PHONE = "9876543210";
let shop: TestShop;
let panel: PanelDouble;

// Skipped before the tests' pages are made (a skip in beforeEach comes after the page fixture opened one).
test.beforeAll(({}, info) => {
  test.skip(
    info.project.name !== "mobile",
    "fulfilment, not layout: walked once, on the phone the operator and the buyer use",
  );
});

test.beforeAll(async () => {
  panel = await startPanelDouble("smartpanel", { pendingMs: 60_000, runMs: 600_000 });
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: OWNER,
    signIn: false,
    env: {
      // The double listens on loopback, which a real shop refuses unless told.
      PANEL_ALLOW_PRIVATE_ADDRESSES: "true",
      PANEL_TIMEOUT_MS: "3000",
      PANEL_RETRY_BASE_MS: "1000",
    },
  });
});

test.afterAll(async () => {
  await shop?.stop();
  await panel?.close();
});

/** The panel's next try for the order is due now, as if its wait had passed; the jobs then take their turn. */
async function retryDueNow(orderId: string) {
  withDb(shop.dbFile!, (db) =>
    db.prepare("update orders set panel_retry_at = ? where order_id = ?").run(Date.now() - 1, orderId),
  );
  await shop.runJobs();
}

async function signIn(page: Page, path: string) {
  await page.goto(`${shop.url}${path}`);
  await submitSignIn(page, OWNER);
  await expect(page.getByText("Login successful")).toBeVisible();
}

/** A buyer's followers order, as the storefront's API creates it (the buyer's pages are tested elsewhere). */
async function newOrder(username: string): Promise<string> {
  const plans = (await (await fetch(`${shop.url}/api/plans?serviceType=followers`)).json()) as {
    plans: Array<{ _id: string; name: string; serviceType?: string }>;
  };
  const plan = plans.plans.find((p) => p.name === "Starter Followers")!;
  const res = await fetch(`${shop.url}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify({
      planId: Number(plan._id),
      username,
      customerName: "Priya",
      customerPhone: PHONE,
      agreedToTerms: true,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { order: { orderId: string } }).order.orderId;
}

/** It ends before the right edge of the screen and does not scroll sideways itself (on a phone, nothing sideways). */
async function fitsScreen(page: Page, element: Locator) {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  // What is wider (the services table) scrolls inside its own box.
  expect(await element.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
}

async function track(page: Page, orderId: string, hindi = false) {
  await page.goto(`${shop.url}${hindi ? "/hi" : ""}/track?order=${orderId}`);
  await page.getByLabel(hindi ? hi.track.phone : "Phone number used for the order").fill(PHONE);
  await page.getByRole("button", { name: hindi ? hi.track.submit : "Track order" }).click();
  const region = page.getByRole("region", { name: hindi ? `ऑर्डर ${orderId}` : `Order ${orderId}` });
  await expect(region).toBeVisible();
  return region;
}

test("the operator pastes the panel's address; Test connection offers its API URL, and the shop uses what is saved", async ({
  page,
}) => {
  // Panels are set up on Admin → Panels (ADR 0024): the shop has none yet.
  await signIn(page, "/admin/panels");
  await page.getByRole("link", { name: "Add panel" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("SmartPanel");
  await dialog.getByLabel("API key").fill(panel.apiKey);
  // The address of the panel's site, not its API.
  await dialog.getByLabel("API URL").fill(panel.origin);
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await expect(dialog.getByRole("alert")).toContainText("answered with a web page instead of JSON");
  const suggestion = dialog.getByText(`The panel's API answers at ${panel.origin}/api/v1`);
  await expect(suggestion).toBeVisible();
  // Nothing changed by itself: the field still holds what was pasted until the operator accepts.
  await expect(dialog.getByLabel("API URL")).toHaveValue(panel.origin);
  const use = dialog.getByRole("button", { name: `Use ${panel.origin}/api/v1` });
  // On a phone too, the offer fits the screen.
  await fitsScreen(page, use);
  await use.click();
  await expect(dialog.getByLabel("API URL")).toHaveValue(`${panel.origin}/api/v1`);
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await expect(dialog.getByText("Connected.")).toBeVisible();
  await expect(dialog).toContainText("$50.00");

  for (const [label, id] of [
    ["Followers", "31"],
    ["Likes", "32"],
    ["Views", "33"],
    ["Comments", "34"],
  ] as const) {
    await dialog.getByLabel(`${label} service ID`, { exact: true }).fill(id);
  }
  await dialog.getByLabel("Currency", { exact: true }).fill("USD");
  await dialog.getByLabel("INR per unit (non-INR panels)").fill("88");
  await dialog.getByRole("button", { name: "Add panel" }).click();
  await expect(page.getByText("Panel SmartPanel added")).toBeVisible();
});

test("a panel down for a while: the order waits, /track says it is delayed (English, Hindi), and it goes out by itself", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const username = `delayed.${test.info().project.name}`;
  const orderId = await newOrder(username);
  await signIn(page, `/admin/orders/${orderId}`);
  const actions = page.getByRole("region", { name: "Actions" });
  const addsBefore = panel.count("add");

  // The panel's server is down (connections refused) when the payment is confirmed and the order goes out.
  await panel.pause();
  await actions.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Payment confirmed")).toBeVisible();
  const info = page.getByRole("region", { name: "Order Information" });
  await expect(info.getByText("Waiting for panel")).toBeVisible({ timeout: 15_000 });
  await expect(actions.getByTestId("panel-wait")).toContainText(
    "The panel is not answering; the order is sent again by itself once it does.",
  );
  await expect(actions.getByRole("button", { name: "Send to panel now" })).toBeVisible();

  // The buyer, meanwhile: delayed, in plain words, with nothing to do; in Hindi too.
  const region = await track(page, orderId);
  await expect(region.getByTestId("order-stage")).toHaveText("Delivery delayed – it starts by itself");
  await expect(region).toContainText("Your payment is safe.");
  await expect(region).toContainText("You do not need to pay again or do anything.");
  await expectAccessible(page, "/track, an order delayed by the panel");
  const hindi = await track(page, orderId, true);
  await expect(hindi.getByTestId("order-stage")).toHaveText(hi.order.stage.delayed);
  await expect(hindi).toContainText(hi.order.explain.delayed);

  // The panel comes back: when the wait is over, the jobs' next try places the order, with nobody clicking anything.
  await panel.resume();
  await retryDueNow(orderId);
  const again = await track(page, orderId);
  await expect(again.getByTestId("order-stage")).toHaveText("Delivery in progress");
  expect(panel.count("add")).toBe(addsBefore + 1);
  const placed = panel.orders().filter((o) => o.link === `https://www.instagram.com/${username}/`);
  expect(placed).toHaveLength(1);

  // The operator's page says what happened, attempt by attempt.
  await page.goto(`${shop.url}/admin/orders/${orderId}`);
  await expect(page.getByRole("region", { name: "Order Information" }).getByText("Sent to panel")).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("Panel could not take it yet (will retry)").first()).toBeVisible();
  await expect(history.getByText("Accepted by the panel")).toBeVisible();
  await expect(history.getByText(`Panel order ${placed[0]!.id}`)).toBeVisible();
});

test("an answer lost after the panel created the order: Send again stays off until the operator has checked the panel", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const username = `unknown.${test.info().project.name}`;
  const link = `https://www.instagram.com/${username}/`;
  const orderId = await newOrder(username);
  await signIn(page, `/admin/orders/${orderId}`);
  const actions = page.getByRole("region", { name: "Actions" });

  // The panel creates the order, then fails with HTTP 500 and a JSON error.
  panel.setFault({ kind: "error-after-create", namesOrder: false });
  await actions.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("region", { name: "Order Information" }).getByText("Check panel")).toBeVisible({
    timeout: 15_000,
  });
  panel.setFault({ kind: "none" });
  expect(panel.orders().filter((o) => o.link === link)).toHaveLength(1);

  // What was sent, when, and where to look: on the page, and in the dialog.
  const panelInfo = page.getByRole("region", { name: "SMM Panel Information" });
  await expect(panelInfo.getByTestId("sent-to-panel")).toContainText(link);
  await actions.getByRole("button", { name: "Send to panel again…" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Sending it again could place it twice");
  await expect(dialog.getByTestId("sent-to-panel")).toContainText(link);
  await expect(dialog.getByTestId("sent-to-panel")).toContainText(`${panel.origin}/api/v1`);
  await expect(dialog.getByRole("link", { name: "Open the panel's order list" })).toHaveAttribute(
    "href",
    `${panel.origin}/order/log`,
  );
  const sendAgain = dialog.getByRole("button", { name: "Send again" });
  await expect(sendAgain).toBeDisabled();
  await expectAccessible(page, "the order page's dialog for an order of unknown outcome");
  await dialog.getByRole("button", { name: "Go back" }).click();

  // The buyer is told it is being checked; the jobs run meanwhile and send nothing.
  const region = await track(page, orderId);
  await expect(region.getByTestId("order-stage")).toHaveText("We are checking your order");
  await shop.runJobs();
  await shop.runJobs();
  expect(panel.orders().filter((o) => o.link === link)).toHaveLength(1);

  // The operator looks in the panel's list and (suppose its staff deleted it) does not find it: confirmed, sent once.
  panel.remove(panel.orders().find((o) => o.link === link)!.id);
  await page.goto(`${shop.url}/admin/orders/${orderId}`);
  await actions.getByRole("button", { name: "Send to panel again…" }).click();
  await dialog.getByLabel("I looked in the panel's order list and this order is not there.").check();
  await expect(sendAgain).toBeEnabled();
  await sendAgain.click();
  await expect(
    page.getByRole("region", { name: /Notifications/ }).getByText("Order sent to the SMM panel"),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Order Information" }).getByText("Sent to panel")).toBeVisible();
  expect(panel.calls.filter((c) => c.action === "add" && c.params.link === link)).toHaveLength(2);
  expect(panel.orders().filter((o) => o.link === link)).toHaveLength(1);
});
