import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PLACEHOLDER_GRIEVANCE_OFFICER } from "../../app/domain/settings/registry";
import { hydrated } from "./storefront-support";

const POLICIES = [
  ["/privacy-policy", "Privacy Policy", /how long|anonymised/i],
  ["/terms-of-service", "Terms of Service", /18 years/],
  ["/delivery-policy", "Delivery Policy", /24 to 48 hours/],
  ["/refund-policy", "Refund Policy", /5%/],
] as const;

for (const [path, title, mustSay] of POLICIES) {
  test(`${path} renders the ${title} with the settings filled in and its own SEO tags`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const body = page.locator("main");
    await expect(body).toContainText(mustSay);
    await expect(body).toContainText("support@boostkaro.in");
    expect(await body.innerText()).not.toContain("{{");
    expect(await body.locator("h2").count()).toBeGreaterThan(2);
    await expect(page).toHaveTitle(`${title} | BoostKaro`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `http://localhost:3000${path}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${title} | BoostKaro`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  });
}

test("the privacy policy names the retention period and the grievance officer", async ({ page }) => {
  await page.goto("/privacy-policy");
  const body = page.locator("main");
  // 365 days by default (DPDP Rules 2025, rule 8(3): at least a year), from the setting, in the page's language.
  await expect(body.getByTestId("retention-terms")).toContainText("erased automatically 365 days after your order");
  await expect(body).toContainText("Erase my data");
  await expect(body).toContainText(PLACEHOLDER_GRIEVANCE_OFFICER);
  await expect(body).toContainText("grievance@boostkaro.in");
  await page.goto("/hi/privacy-policy");
  await expect(page.getByTestId("retention-terms")).toContainText("ऑर्डर के 365 दिन बाद अपने-आप मिटा दिए जाते हैं");
});

test("Contact Us offers WhatsApp and e-mail, the seller and the grievance officer", async ({ page }) => {
  await page.goto("/contact-us");
  await expect(page).toHaveTitle("Contact Us | BoostKaro");
  const whatsapp = page.getByRole("link", { name: /Chat on WhatsApp/ });
  const href = (await whatsapp.getAttribute("href"))!;
  const url = new URL(href);
  expect(url.origin + url.pathname).toBe("https://wa.me/919876543210");
  expect(url.searchParams.get("text")).toMatch(/^Hi BoostKaro, I need help with my order/);
  await expect(whatsapp).toHaveAttribute("rel", /noopener/);
  await expect(page.getByRole("link", { name: /Email support@boostkaro\.in/ })).toHaveAttribute(
    "href",
    /^mailto:support@boostkaro\.in/,
  );
  const seller = page.getByRole("region", { name: "Seller details" });
  await expect(seller).toContainText("BoostKaro");
  await expect(seller).toContainText("New Delhi, India");
  const officer = page.getByRole("region", { name: "Grievance Officer" });
  await expect(officer).toContainText(PLACEHOLDER_GRIEVANCE_OFFICER);
  await expect(officer).toContainText("Grievance Officer");
  await expect(officer.getByRole("link", { name: "grievance@boostkaro.in" })).toHaveAttribute(
    "href",
    "mailto:grievance@boostkaro.in",
  );
});

test("Contact Us's back button returns to the previous page, or home when opened directly", async ({ page }) => {
  await page.goto("/contact-us");
  await hydrated(page);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/refund-policy");
  await hydrated(page);
  await page.locator("footer").getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/refund-policy$/);
});

test("home has its title, description, canonical and social tags", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/BoostKaro/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", "http://localhost:3000/");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", "http://localhost:3000/");
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute("content", /BoostKaro/);
});

/** The page's link-preview tags, and its image as the browser decodes it. */
async function sharingCard(page: Page) {
  const tags: Record<string, string> = await page.evaluate(() =>
    Object.fromEntries<string>(
      [...document.querySelectorAll("meta[property^='og:'], meta[name^='twitter:']")].map((m) => [
        m.getAttribute("property") ?? m.getAttribute("name") ?? "",
        m.getAttribute("content") ?? "",
      ]),
    ),
  );
  // The tags name the public address (http://localhost:3000 here); the test server serves the same path.
  const size = await page.evaluate(
    async (path) => {
      const img = new Image();
      img.src = path;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    },
    new URL(tags["og:image"] ?? "").pathname,
  );
  return { tags, size };
}

for (const [path, status, title] of [
  ["/", 200, /Buy Instagram Followers, Likes and Views in India/],
  ["/followers", 200, /Buy Instagram Followers in India/],
  ["/definitely/not-here", 404, /Page not found/],
] as const) {
  test(`${path} offers a large link-preview card whose image is 1200×630`, async ({ page }) => {
    expect((await page.goto(path))?.status()).toBe(status);
    const { tags, size } = await sharingCard(page);
    expect(tags["og:title"]).toMatch(title);
    expect(tags["twitter:card"]).toBe("summary_large_image");
    expect(tags["og:image"]).toMatch(/^http:\/\/localhost:3000\/social\/[a-z-]+\.png$/);
    expect(tags["twitter:image"]).toBe(tags["og:image"]);
    expect(tags["og:image:alt"]).toMatch(title);
    expect([tags["og:image:width"], tags["og:image:height"]]).toEqual(["1200", "630"]);
    expect(size).toEqual([1200, 630]);
  });
}

test("an unknown address answers 404 in the site's look", async ({ page, isMobile }) => {
  const response = await page.goto("/definitely/not-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.locator("#site-header")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await hydrated(page);
  if (!isMobile) await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Go back home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
