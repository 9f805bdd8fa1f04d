import { expect, test } from "./fixtures";
import { expectScrolledUnderBar, hydrated, publishHomeSocialProof, swipeLeft } from "./storefront-support";

test.beforeAll(publishHomeSocialProof);

test.describe("home page", () => {
  test("has the ten sections in order, with their anchors", async ({ page }) => {
    await page.goto("/");
    const headings = await page.locator("main h1, main h2").allTextContents();
    expect(headings).toEqual([
      "Grow your Instagram with followers, likes, views and comments",
      "Pick what your profile needs",
      "Real Results, Real Proof",
      "See where each package shows up",
      "Simple, honest and built for India",
      "Four simple steps",
      "What our customers say",
      "Frequently asked questions",
      "Ready to grow your Instagram?",
    ]);
    for (const id of ["services", "how-it-works", "customer-testimonials", "faq"]) {
      await expect(page.locator(`main section#${id}`)).toHaveCount(1);
    }
    await expect(page.locator("main + footer")).toBeVisible();
  });

  test("states one consistent set of claims, from the settings and plans", async ({ page }) => {
    await page.goto("/");
    const text = await page.locator("main").innerText();
    // No count is claimed until enough orders were delivered (tests/e2e/social-proof.spec.ts).
    expect(text).not.toMatch(/creators boosted|3,000\+/i);
    expect(text).toContain("starts within 30 minutes of confirmed payment");
    expect(text).toMatch(/Packages from ₹\d+/);
    expect(text).not.toMatch(/24\/7|instant delivery|guarantee|secure gateway|real active|30 sec/i);
  });

  test("the hero buttons scroll to the services and to the proof", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: "Explore Services" }).click();
    await expectScrolledUnderBar(page, "services");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("link", { name: "See Real Results" }).click();
    await expectScrolledUnderBar(page, "results");
    await expect(page.getByRole("heading", { name: "Real Results, Real Proof" })).toBeInViewport();
  });

  test("the services grid links the four service pages with their starting prices", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator("#services li a");
    await expect(cards).toHaveCount(4);
    const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/followers", "/likes", "/views", "/comments"]);
    for (const card of await cards.all()) await expect(card).toContainText(/from ₹\d/);
    await cards.nth(2).click();
    await expect(page).toHaveURL(/\/views$/);
  });

  test("the proof carousel moves, wraps around, swipes and throws confetti", async ({ page, isMobile }) => {
    test.slow(true, "confetti drawn in software rendering makes every input event slow on a busy machine");
    await page.goto("/");
    await hydrated(page);
    const carousel = page.getByRole("region", { name: "Before and after results" });
    await expect(carousel.getByRole("group")).toHaveCount(3);
    await carousel.scrollIntoViewIfNeeded();
    const position = carousel.getByText(/^\d of 3$/);
    await expect(position).toHaveText("1 of 3");

    await carousel.getByRole("button", { name: "Next result" }).click();
    await expect(position).toHaveText("2 of 3");
    // Two seconds of bursts, then the pieces fall out of sight.
    const bursting = page.locator('canvas[data-confetti="running"]');
    await expect(bursting).toHaveCount(1);
    await expect(bursting).toHaveCount(0, { timeout: 4_000 });

    await carousel.getByRole("button", { name: "Previous result" }).click();
    await expect(position).toHaveText("1 of 3");
    await carousel.getByRole("button", { name: "Previous result" }).click();
    await expect(position).toHaveText("3 of 3");
    await carousel.getByRole("button", { name: "Next result" }).click();
    await expect(position).toHaveText("1 of 3");

    await swipeLeft(page, carousel.locator("[data-carousel-viewport]"), isMobile);
    await expect(position).toHaveText("2 of 3");
    await expect(bursting).toHaveCount(1);
  });

  test("the testimonials carousel shows the published ones in three languages, confetti on the first change only", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const carousel = page.getByRole("region", { name: "Customer testimonials" });
    // At least the eight published for these tests; another spec may publish one more.
    const count = await carousel.getByRole("group").count();
    expect(count).toBeGreaterThanOrEqual(8);
    for (const lang of ["en-IN", "hi", "hi-Latn"])
      await expect(carousel.locator(`blockquote[lang="${lang}"]`).first()).toBeAttached();
    await carousel.scrollIntoViewIfNeeded();
    const position = carousel.getByText(/^\d+ of \d+$/);
    await expect(position).toHaveText(`1 of ${count}`);
    await carousel.getByRole("button", { name: "Previous testimonial" }).click();
    await expect(position).toHaveText(`${count} of ${count}`);
    await expect(page.locator("canvas[data-confetti]")).toHaveCount(1);
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    await expect(position).toHaveText(`2 of ${count}`);
    await expect(page.locator("canvas[data-confetti]")).toHaveCount(1);
  });

  test("the carousel hint arrows disappear after 5 seconds", async ({ page }) => {
    // The page runs on the test's clock: the five seconds pass when the test says, not in real time.
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const hints = page.locator("[data-carousel-hint]");
    await expect(hints).toHaveCount(2);
    await expect(hints.first()).toBeVisible();
    await page.clock.fastForward(5_000);
    await expect(hints.first()).toBeHidden();
    await expect(hints.last()).toBeHidden();
  });

  test("the carousel and confetti code is not part of the first load", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto("/");
    await hydrated(page);
    expect(scripts.some((u) => /confetti/.test(u))).toBe(false);
    const html = await page.content();
    expect(html).not.toMatch(/modulepreload[^>]*(embla|confetti)/);
  });

  test("the FAQ keeps one answer open at a time and closes an open one on click", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const faq = page.locator("#faq");
    const first = faq.getByRole("button", { name: "Do you need my Instagram password?" });
    const third = faq.getByRole("button", { name: "How fast will my order be delivered?" });
    await expect(faq.getByRole("region")).toHaveCount(0);

    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(faq.getByText("We never ask for your password")).toBeVisible();

    await third.click();
    await expect(third).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(faq.getByText("We never ask for your password")).toBeHidden();
    // The placeholder is filled from the delivery-time setting.
    await expect(faq.getByText(/usually starts within 30 minutes of confirmed payment/)).toBeVisible();
    await expect(faq.getByRole("region")).toHaveCount(1);

    await third.click();
    await expect(third).toHaveAttribute("aria-expanded", "false");
    await expect(faq.getByRole("region")).toHaveCount(0);
  });

  test("the closing call to action leads to the services and to order tracking", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const cta = page.locator("section", { has: page.getByRole("heading", { name: "Ready to grow your Instagram?" }) });
    await expect(cta.getByRole("link", { name: "Track your order" })).toHaveAttribute("href", "/track");
    await cta.getByRole("link", { name: "Get Started" }).click();
    await expectScrolledUnderBar(page, "services");
  });
});

test.describe("footer", () => {
  const LINKS = [
    ["Instagram Followers", "/followers"],
    ["Instagram Likes", "/likes"],
    ["Instagram Views", "/views"],
    ["Instagram Comments", "/comments"],
    ["Track your order", "/track"],
    ["Contact Us", "/contact-us"],
    ["Blog", "/blog"],
    ["Terms of Service", "/terms-of-service"],
    ["Privacy Policy", "/privacy-policy"],
    ["Refund Policy", "/refund-policy"],
    ["Delivery Policy", "/delivery-policy"],
  ] as const;

  test("links every public page and shows the support contacts from settings", async ({ page }) => {
    await page.goto("/privacy-policy");
    const footer = page.locator("footer");
    for (const [label, href] of LINKS)
      await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    await expect(footer.getByRole("link", { name: "support@boostkaro.in" })).toHaveAttribute(
      "href",
      "mailto:support@boostkaro.in",
    );
    await expect(footer.getByRole("link", { name: "+91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
    await expect(footer).toContainText("New Delhi, India");
  });

  for (const [label, path] of LINKS.filter(([, p]) => /policy|terms|contact/.test(p))) {
    test(`"${label}" opens ${path}`, async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      await page.locator("footer").getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(label);
    });
  }
});
