import { insertOrders, signIn } from "./admin-support";
import { expect, test } from "./fixtures";

const IMG = "<img src=x onerror=alert(1)>";
const SCRIPT = "<script>alert(2)</script>";

// Skipped before the tests' pages are made (a skip in beforeEach comes after the page fixture opened one).
test.beforeAll(({}, info) => {
  test.skip(info.project.name !== "desktop", "what the operator's screens show, not their layout: one size is enough");
});

/**
 * Whatever a buyer types reaches the operator's screens as text. The fixture
 * already fails on page errors and CSP reports (an injected handler would be
 * blocked and reported); here a JavaScript dialog, an injected <img>, or the
 * text not showing literally fails too.
 */
test("script-ish names and targets show as literal text in the orders list, customer dialog and order details", async ({
  page,
  request,
}, info) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // Through the real API: the name is stored as typed. A script-ish username is refused: Instagram has no such handle.
  const plans = (await (await request.get("/api/plans?serviceType=followers")).json()) as {
    plans: Array<{ _id: string }>;
  };
  const name = `${IMG} ${info.project.name}`;
  const refused = await request.post("/api/create-order", {
    data: {
      planId: Number(plans.plans[0]!._id),
      username: IMG,
      customerName: name,
      customerPhone: "9876543210",
      agreedToTerms: true,
    },
  });
  expect(refused.status()).toBe(400);
  const created = await request.post("/api/create-order", {
    data: {
      planId: Number(plans.plans[0]!._id),
      username: "xss.check",
      customerName: name,
      customerPhone: "9876543210",
      agreedToTerms: true,
    },
  });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as { order: { orderId: string } };

  // A stored legacy row whose target was never cleaned, as an old import could have left it.
  const legacyName = `${SCRIPT}${IMG} legacy ${info.project.name}`;
  const legacyTarget = `${SCRIPT}${IMG}`;
  const [legacy] = insertOrders([{ created_at: Date.now(), target: legacyTarget, customer_name: legacyName }]);

  await signIn(page, "/admin/orders?range=all");
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
  for (const [id, customer] of [
    [order.orderId, name],
    [legacy!, legacyName],
  ] as const) {
    await page.goto(`/admin/orders?range=all&q=${id}`);
    const row = page.getByRole("row").filter({ hasText: id });
    await expect(row).toHaveCount(1);
    if (id === legacy) await expect(row).toContainText(legacyTarget);

    await row.getByRole("button", { name: "User Data" }).click();
    const dialog = page.getByRole("dialog", { name: "Customer Information" });
    await expect(dialog.getByText(customer, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");

    await page.goto(`/admin/orders/${id}`);
    await expect(page.getByRole("heading", { name: "Order Information" })).toBeVisible();
    await expect(page.getByText(customer, { exact: true })).toBeVisible();
    if (id === legacy) await expect(page.getByText(legacyTarget).first()).toBeVisible();
    // The markup stayed text: no element was made from it.
    await expect(page.locator('img[src="x"], main script')).toHaveCount(0);
  }
  expect(dialogs).toEqual([]);
});

/**
 * A target is a link only when it is really Instagram (https, host
 * instagram.com or www.instagram.com, decided on the parsed address): a
 * lookalike that merely contains "instagram.com" is text the operator cannot click.
 */
test("lookalike Instagram targets show as text; a genuine one is a link", async ({ page }, info) => {
  const lookalike = `https://instagram.com.evillogin.in/accounts/${info.project.name}`;
  const userinfo = `instagram.com@evil.in/${info.project.name}`;
  const genuine = `https://www.instagram.com/p/${info.project.name}/`;
  const [fake, fakeAt, real] = insertOrders([
    { created_at: Date.now(), service_type: "likes", target: lookalike },
    { created_at: Date.now(), service_type: "followers", target: userinfo },
    { created_at: Date.now(), service_type: "likes", target: genuine },
  ]);

  await signIn(page, "/admin/orders?range=all");
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
  for (const [id, target, linked] of [
    [fake!, lookalike, false],
    [fakeAt!, userinfo, false],
    [real!, genuine, true],
  ] as const) {
    await page.goto(`/admin/orders?range=all&q=${id}`);
    const row = page.getByRole("row").filter({ hasText: id });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("link", { name: target.slice(0, 30) })).toHaveCount(linked ? 1 : 0);
    await expect(row.getByText(linked ? `${target.slice(0, 30)}...` : target, { exact: true })).toBeVisible();

    await row.getByRole("button", { name: "User Data" }).click();
    const dialog = page.getByRole("dialog", { name: "Customer Information" });
    await expect(dialog.getByRole("link", { name: target.slice(0, 30) })).toHaveCount(linked ? 1 : 0);
    await page.keyboard.press("Escape");

    await page.goto(`/admin/orders/${id}`);
    await expect(page.getByRole("heading", { name: "Order Information" })).toBeVisible();
    await expect(page.locator(`main a[href*="evil"]`)).toHaveCount(0);
    if (linked) await expect(page.locator(`main a[href="${genuine}"]`)).toHaveCount(1);
  }
});
