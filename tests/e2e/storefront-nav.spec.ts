import { expect, test } from "./fixtures";
import { expectScrolledUnderBar, hydrated, openNav, publishHomeSocialProof } from "./storefront-support";

const SERVICES = [
  ["Instagram Followers", "/followers"],
  ["Instagram Likes", "/likes"],
  ["Instagram Views", "/views"],
  ["Instagram Comments", "/comments"],
] as const;

const SECTIONS = [
  ["How It Works", "how-it-works"],
  ["Testimonials", "customer-testimonials"],
  ["FAQ", "faq"],
] as const;

// The header links to the testimonials only while the home page has some.
test.beforeAll(publishHomeSocialProof);

test.describe("navigation bar", () => {
  test("is sticky and turns more opaque once the page scrolls past 20 px", async ({ page }) => {
    await page.goto("/privacy-policy");
    await hydrated(page);
    const bar = page.locator("#site-header");
    const background = () => bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(bar).toHaveAttribute("data-scrolled", "false");
    const atTop = await background();
    await page.evaluate(() => window.scrollTo(0, 21));
    await expect(bar).toHaveAttribute("data-scrolled", "true");
    await expect(bar).toBeInViewport();
    await expect.poll(background).not.toBe(atTop);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toHaveAttribute("data-scrolled", "false");
  });

  test("the logo goes home", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    await expect(page.locator("#site-header img[src='/logo.svg']")).toBeVisible();
    await page.locator("#site-header").getByRole("link", { name: "BoostKaro" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Grow your Instagram");
  });

  test("a logo image that fails to load is hidden", async ({ page }) => {
    await page.route("**/logo.svg", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/contact-us");
    await hydrated(page);
    await expect(page.locator("#site-header img")).toHaveCount(0);
    await expect(page.locator("#site-header").getByRole("link", { name: "BoostKaro" })).toBeVisible();
  });

  test("the Services dropdown opens on hover and lists the four service pages", async ({ page, isMobile }) => {
    test.skip(isMobile, "hover only exists in the desktop layout; the mobile menu lists the services instead");
    await page.goto("/contact-us");
    await hydrated(page);
    await page.getByRole("button", { name: "Services" }).hover();
    for (const [label, path] of SERVICES) {
      await expect(page.getByRole("link", { name: label, exact: true }).first()).toHaveAttribute("href", path);
    }
    const menu = page.locator("#site-header").getByRole("link", { name: "Instagram Likes" });
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(page).toHaveURL(/\/likes$/);
  });

  test("the Services dropdown works with the keyboard", async ({ page, isMobile }) => {
    test.skip(isMobile, "the desktop bar is hidden in the mobile layout");
    await page.goto("/privacy-policy");
    await hydrated(page);
    const trigger = page.getByRole("button", { name: "Services" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const header = page.locator("#site-header");
    for (const [label] of SERVICES) await expect(header.getByRole("link", { name: label })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(header.getByRole("link", { name: "Instagram Followers" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/followers$/);
  });

  test("the mobile menu lists everything and closes on selection", async ({ page, isMobile }) => {
    test.skip(!isMobile, "the toggle exists only in the mobile layout");
    await page.goto("/privacy-policy");
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = await openNav(page, true);
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    for (const [label, path] of SERVICES)
      await expect(menu.getByRole("link", { name: label })).toHaveAttribute("href", path);
    for (const [label] of SECTIONS) await expect(menu.getByRole("link", { name: label })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Contact Us" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Get Started" })).toBeVisible();

    await menu.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(menu).toBeHidden();

    await openNav(page, true);
    await menu.getByRole("link", { name: "Instagram Comments" }).click();
    await expect(page).toHaveURL(/\/comments$/);
    await expect(menu).toBeHidden();

    await page.goto("/");
    await hydrated(page);
    await openNav(page, true);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });

  for (const [label, id] of SECTIONS) {
    test(`${label} scrolls smoothly to its home section, under the bar`, async ({ page, isMobile }) => {
      await page.goto("/");
      await hydrated(page);
      const nav = await openNav(page, isMobile);
      await nav.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(/\/$/);
      await expectScrolledUnderBar(page, id);
      if (isMobile) await expect(nav).toBeHidden();
    });

    // Another page's link is the home page's anchor: a whole new page, which the browser scrolls itself.
    test(`${label} from another page goes home and scrolls to the section`, async ({ page, isMobile }) => {
      await page.goto("/terms-of-service");
      await hydrated(page);
      const nav = await openNav(page, isMobile);
      await nav.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expectScrolledUnderBar(page, id);
    });
  }

  test("Get Started scrolls to the services, from home and from elsewhere", async ({ page, isMobile }) => {
    await page.goto("/");
    await hydrated(page);
    let nav = isMobile ? await openNav(page, true) : page.locator("#site-header");
    await nav.getByRole("link", { name: "Get Started" }).click();
    await expectScrolledUnderBar(page, "services");

    await page.goto("/delivery-policy");
    await hydrated(page);
    nav = isMobile ? await openNav(page, true) : page.locator("#site-header");
    await nav.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expectScrolledUnderBar(page, "services");
  });

  test("Contact Us opens the contact page and does nothing when already there", async ({ page, isMobile }) => {
    await page.goto("/");
    await hydrated(page);
    let nav = await openNav(page, isMobile);
    await nav.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await hydrated(page);
    const historyLength = await page.evaluate(() => history.length);
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    nav = await openNav(page, isMobile);
    await nav.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(await page.evaluate(() => "stayed" in window)).toBe(true);
  });

  test("Blog is a plain link that loads a full page", async ({ page, isMobile }) => {
    await page.goto("/");
    await hydrated(page);
    const nav = await openNav(page, isMobile);
    const blog = nav.getByRole("link", { name: "Blog" });
    await expect(blog).toHaveAttribute("href", "/blog");
    const documentRequest = page.waitForRequest(
      (r) => r.resourceType() === "document" && new URL(r.url()).pathname === "/blog",
    );
    await blog.click();
    await documentRequest;
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe("on a touch screen in the desktop layout", () => {
  test.use({ hasTouch: true, isMobile: false, viewport: { width: 1024, height: 768 } });

  test("a tap opens the Services dropdown", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "mobile", "the viewport is set here, so one project suffices");
    await page.goto("/privacy-policy");
    await hydrated(page);
    await page.getByRole("button", { name: "Services" }).tap();
    const views = page.locator("#site-header").getByRole("link", { name: "Instagram Views" });
    await expect(views).toBeVisible();
    await views.tap();
    await expect(page).toHaveURL(/\/views$/);
  });
});
