import type { Page } from "@playwright/test";
import { expect, shot } from "./fixtures";
import { adminTest as test } from "./signed-in";

/**
 * Issue 45, point 9 for the other record dialogs (Plans and Panels: newcomer-dialogs.spec.ts): Coupons,
 * Payments' receiving accounts and Social proof's testimonials and proof cards open from a link and post as a
 * whole page before the page's scripts run; a refusal comes back as typed with the message under its field,
 * a success says so. Laptop screen.
 */
test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

/** The field says its refusal under itself, marked invalid. */
async function refusedAt(page: Page, field: ReturnType<Page["getByLabel"]>, message: RegExp) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
  await shot(page, "refused");
}

test("Coupons: Add Coupon opens in the page, a refusal keeps what was typed, a success says so", async ({
  page,
}, info) => {
  await page.goto("/admin/coupons");
  await page.getByRole("link", { name: "Add Coupon" }).click();
  await expect(page).toHaveURL(/\/admin\/coupons\?coupon=new$/);
  const form = page.locator("form#coupon-add");
  await form.getByLabel("Code").fill("x!");
  await form.getByLabel("Percent (%)").fill("15");
  await form.getByLabel("Minimum order (₹)").fill("199");
  await form.getByRole("button", { name: "Add Coupon" }).click();
  await expect(page).toHaveURL(/\/admin\/coupons\?coupon=new#coupon-add$/);
  await refusedAt(page, form.getByLabel("Code"), /3 to 30 letters/);
  await expect(form.getByLabel("Code")).toHaveValue("x!");
  await expect(form.getByLabel("Percent (%)")).toHaveValue("15");
  await expect(form.getByLabel("Minimum order (₹)")).toHaveValue("199");

  const code = `NOJS${info.project.name.toUpperCase()}${Date.now() % 100000}`;
  await form.getByLabel("Code").fill(code);
  await form.getByRole("button", { name: "Add Coupon" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Coupon ${code} added` })).toBeVisible();
  await expect(page.locator("form#coupon-add")).toHaveCount(0);
  // Edit is a link to the coupon's own dialog.
  await page.getByRole("link", { name: `Edit ${code}` }).click();
  await expect(page.locator("form[id^=coupon-edit-]").getByLabel("Code")).toHaveValue(code);
});

test("Payments: Add account opens in the page, and a bad UPI ID comes back as typed, said under its field", async ({
  page,
}) => {
  await page.goto("/admin/payments");
  await page.getByRole("link", { name: "Add account" }).click();
  await expect(page).toHaveURL(/\/admin\/payments\?account=new$/);
  const form = page.locator("form#account-add");
  await form.getByLabel("UPI ID").fill("not a upi id");
  await form.getByLabel("Kind").selectOption("personal");
  await form.getByLabel("Account's last digits, as its alerts print them").fill("4321");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(page).toHaveURL(/\/admin\/payments\?account=new#account-add$/);
  await refusedAt(page, form.getByLabel("UPI ID"), /name@bank/);
  await expect(form.getByLabel("UPI ID")).toHaveValue("not a upi id");
  await expect(form.getByLabel("Kind")).toHaveValue("personal");
  await expect(form.getByLabel("Account's last digits, as its alerts print them")).toHaveValue("4321");
  await form.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
});

test("Social proof: testimonial and proof card open in the page, keep what was typed, and save as drafts", async ({
  page,
}) => {
  await page.goto("/admin/social-proof");
  await page.getByRole("link", { name: "Add testimonial" }).click();
  await expect(page).toHaveURL(/\/admin\/social-proof\?testimonial=new$/);
  const testimonial = page.locator("form#testimonial-add");
  await testimonial.getByLabel("Instagram handle").fill("@priya.creates");
  await testimonial.getByLabel("What they said").fill("Followers came in two days, all real-looking.");
  await testimonial.getByRole("button", { name: "Save Draft" }).click();
  await refusedAt(page, testimonial.getByLabel("Customer name"), /customer's name/);
  await expect(testimonial.getByLabel("Instagram handle")).toHaveValue("@priya.creates");
  await expect(testimonial.getByLabel("What they said")).toHaveValue("Followers came in two days, all real-looking.");
  await testimonial.getByLabel("Customer name").fill("Priya");
  await testimonial.getByLabel("Date given").fill("2026-11-20");
  await testimonial.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Testimonial saved as a draft" })).toBeVisible();

  await page.getByRole("link", { name: "Add proof card" }).click();
  await expect(page).toHaveURL(/\/admin\/social-proof\?proof=new$/);
  const proof = page.locator("form#proof-add");
  await proof.getByLabel("Description").fill("A new page grew in a week.");
  await proof.getByRole("button", { name: "Save Draft" }).click();
  await refusedAt(page, proof.getByLabel("Title"), /Enter a title/);
  await expect(proof.getByLabel("Description")).toHaveValue("A new page grew in a week.");
});
