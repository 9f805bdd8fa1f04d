import { createPlan } from "~/domain/plans/admin.server";
import { writeSettings } from "~/domain/settings/settings.server";
import { sqliteDatabase } from "../support/databases";
import { type PanelDouble, startPanelDouble } from "../support/panel-doubles";
import { type TestShop, startTestShop } from "../support/test-shop";
import { expect, shot, test } from "./fixtures";
import { TEST_ADMIN } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";

/**
 * A custom-comments order (issue 32, point 4), walked on a phone (390×844):
 * the buyer writes their comments in the order dialog (a short list is refused
 * with the reason), sees them on the checkout and on /track, the operator sees
 * them on the order page, and the PerfectPanel double's Custom Comments
 * service receives exactly those texts as `comments`, one per line.
 */
test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
const PHONE = "9812300451";
const POST = "https://www.instagram.com/p/Cx1AbCd/";
const COMMENTS = Array.from({ length: 100 }, (_, i) =>
  i % 2 === 0 ? `Beautiful picture ${i + 1} 😍🔥` : `बहुत सुंदर ${i + 1} 👏🏽`,
);
let shop: TestShop;
let panel: PanelDouble;

// Skipped before the tests' pages are made (a skip in beforeEach comes after the page fixture opened one).
test.beforeAll(({}, info) => {
  test.skip(
    info.project.name !== "mobile",
    "fulfilment, not layout: walked once, on the phone the buyer types the comments on",
  );
});

test.beforeAll(async () => {
  panel = await startPanelDouble("perfectpanel");
  shop = await startTestShop({
    engine: sqliteDatabase,
    admin: OWNER,
    signIn: false,
    env: { PANEL_ALLOW_PRIVATE_ADDRESSES: "true" },
    prepare: (handle) =>
      writeSettings(handle.db, {
        upiId: "shop@okaxis",
        merchantName: "Shop",
        panelUrl: panel.apiUrl,
        panelApiKey: panel.apiKey,
        panelServiceFollowers: "1",
        panelServiceLikes: "2",
        panelServiceViews: "3",
        panelServiceComments: "4",
        panelServiceCustomComments: "5",
        panelCurrency: "USD",
      }),
  });
  await createPlan(
    shop.db.db,
    { name: OWNER.username },
    {
      serviceType: "comments",
      name: "Your Own Comments",
      amount: 100,
      price: 79_900,
      tags: [],
      refillDays: 0,
      dripRuns: 0,
      dripInterval: 0,
      customComments: true,
    },
  );
});

test.afterAll(async () => {
  await shop?.stop();
  await panel?.close();
});

test("the buyer's own comments go from the order dialog to the checkout, /track, the order page and the panel", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${shop.url}/comments`);
  await page.getByLabel("Instagram username").fill("priya.bakes");
  await page.getByLabel("Post or reel link").fill(POST);
  await page.getByRole("button", { name: "Show packages" }).click();
  await expect(page.getByText("You write the comments")).toBeVisible();
  await page.getByRole("button", { name: /Your Own Comments/ }).click();

  const dialog = page.getByRole("dialog");
  const field = dialog.getByLabel("Your comments (one per line)");
  await field.fill(COMMENTS.slice(0, 99).join("\n"));
  await expect(dialog.getByTestId("comments-written")).toHaveText("99 of 100 comments written");
  await dialog.getByLabel("Your name").fill("Priya Sharma");
  await dialog.getByLabel("Phone number").fill(PHONE);
  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  // The refusal stands under the field (issue 45), not in a toast.
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(/Write exactly as many comments as this package has, one per line/);
  await expect(field).toBeFocused();
  expect(panel.count("add")).toBe(0);

  // A blank line and a stray tab pasted with them do not count.
  await field.fill(`${COMMENTS.slice(0, 50).join("\n")}\n\n${COMMENTS.slice(50).join("\n")}\t`);
  await expect(dialog.getByTestId("comments-written")).toHaveText("100 of 100 comments written");
  await shot(page, "comments-dialog");
  await dialog.getByRole("button", { name: "Proceed to Pay" }).click();
  await expect(page).toHaveURL(/\/checkout\?order=[A-Z0-9]{12}$/);
  const orderId = new URL(page.url()).searchParams.get("order")!;
  const onCheckout = page.getByTestId("order-comments");
  await onCheckout.getByText("Your comments (100)").click();
  await expect(onCheckout.getByRole("listitem")).toHaveCount(100);
  await expect(onCheckout.getByRole("listitem").first()).toHaveText(COMMENTS[0]!);
  await expect(onCheckout.getByRole("listitem").last()).toHaveText(COMMENTS[99]!);

  // The payment arrived a minute ago (past the automatic sender's settling time); its next round sends the order.
  await shop.db.db
    .updateTable("orders")
    .set({ status: "paid", paid_at: Date.now() - 60_000, paid_by: "owner" })
    .where("order_id", "=", orderId)
    .execute();
  await shop.runJobs();
  const adds = panel.calls.filter((c) => c.action === "add");
  expect(adds).toHaveLength(1);
  expect(adds[0]!.params).toEqual({ action: "add", service: "5", link: POST, comments: COMMENTS.join("\n") });

  await page.goto(`${shop.url}/track?order=${orderId}`);
  await page.getByLabel("Phone number used for the order").fill(PHONE);
  await page.getByRole("button", { name: "Track order" }).click();
  const tracked = page.getByRole("region", { name: `Order ${orderId}` }).getByTestId("order-comments");
  await tracked.getByText("Your comments (100)").click();
  await expect(tracked.getByRole("listitem").nth(1)).toHaveText(COMMENTS[1]!);
  await shot(page, "comments-track");

  await page.goto(`${shop.url}/admin/orders/${orderId}`);
  await submitSignIn(page, OWNER);
  const onAdmin = page.getByTestId("admin-order-comments");
  await onAdmin.getByText("100 custom comments").first().click();
  await expect(onAdmin.getByRole("listitem").nth(2)).toHaveText(COMMENTS[2]!);

  // The plans table says which plan asks the buyer for comments.
  await page.goto(`${shop.url}/admin/plans`);
  await expect(
    page
      .getByTestId("plan-row")
      .filter({ hasText: "Your Own Comments" })
      .getByText("Custom comments: the buyer writes them"),
  ).toBeVisible();
});
