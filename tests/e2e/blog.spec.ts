import { expect, test } from "./fixtures";

test("a reader opens the blog, picks an article with Read More and reads it inside the site", async ({ page }) => {
  const response = await page.goto("/blog");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Instagram Growth Blog" })).toBeVisible();
  const readMore = page.getByRole("link", { name: /^Read More/ });
  await expect(readMore).toHaveCount(11);

  const firstCard = page.getByRole("listitem").filter({ has: readMore }).first();
  const title = (await firstCard.getByRole("heading", { level: 2 }).textContent())!.trim();
  await firstCard.getByRole("link", { name: /^Read More/ }).click();

  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByText(/\d+ min read/)).toBeVisible();
  const cta = page.getByRole("complementary", { name: "Want a head start while your content grows?" });
  await expect(cta.getByRole("link", { name: /Buy Instagram Followers/ })).toHaveAttribute("href", "/followers");
  await expect(cta.getByRole("link", { name: /Buy Instagram Likes/ })).toHaveAttribute("href", "/likes");
  await expect(cta.getByRole("link", { name: /Buy Instagram Views/ })).toHaveAttribute("href", "/views");

  await page.getByRole("main").getByRole("link", { name: "Back to Blog" }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("link", { name: /^Read More/ })).toHaveCount(11);
});

test("an article loaded directly has its SEO tags and the feed link", async ({ page }) => {
  const response = await page.goto("/blog/grow-instagram-followers-india");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "How to Grow Instagram Followers in India: A Practical 2026 Guide",
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/blog\/grow-instagram-followers-india$/,
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "href",
    "/blog/rss.xml",
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as {
    "@type"?: string;
  };
  expect(jsonLd["@type"]).toBe("Article");
  // An article is a static page: its one script runs, React never comes (ADR 0010).
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.interactive)).toBe("true");
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
});

test("an unknown article answers 404 with a way back to the blog", async ({ page }) => {
  const response = await page.goto("/blog/this-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 - Blog Post Not Found" })).toBeVisible();
  await expect(page.getByText("Sorry, the blog post you are looking for does not exist.")).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});
