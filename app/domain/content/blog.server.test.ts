import { describe, expect, it } from "vitest";
import { articleHtml, findBlogPost, listBlogPosts, loadBlogPosts } from "./blog.server";
import { buildRssFeed, buildRobotsTxt, buildSitemap } from "./blog-feeds.server";
import { PUBLIC_PAGES } from "./public-pages";
import { localizedPath } from "~/lib/i18n/locale";

const ARTICLE_SLUGS = [
  "grow-instagram-followers-india",
  "instagram-algorithm-tips",
  "top-10-instagram-growth-hacks-india",
  "instagram-engagement-rate-guide",
  "instagram-analytics-growth-guide",
  "instagram-shadowban-guide",
  "best-time-to-post-instagram-india",
  "instagram-bio-ideas-india",
  "instagram-content-calendar-guide",
  "instagram-explore-page-guide",
  "instagram-giveaways-guide",
];

const site = { brandName: "BoostKaro", publicBaseUrl: "https://boost.example.in/" };

describe("blog articles", () => {
  const posts = listBlogPosts();

  it("has exactly the eleven articles listed in docs/product.md", () => {
    expect(posts.map((p) => p.slug).sort()).toEqual([...ARTICLE_SLUGS].sort());
  });

  it("lists them newest first", () => {
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.each(ARTICLE_SLUGS)("%s has at least 700 words, its front matter and links to the three services", (slug) => {
    const post = findBlogPost(slug)!;
    expect(post.words).toBeGreaterThanOrEqual(700);
    expect(post.title.length).toBeGreaterThan(10);
    expect(post.description.length).toBeGreaterThan(50);
    expect(post.excerpt.length).toBeGreaterThan(30);
    expect(post.author).not.toBe("");
    expect(post.readingMinutes).toBe(Math.ceil(post.words / 200));
    for (const path of ["/followers", "/likes", "/views"]) expect(post.html).toContain(`href="${path}"`);
    expect(post.html, "links to related articles").toMatch(/href="\/blog\/[a-z0-9-]+"/);
  });

  it("links only to articles that exist", () => {
    for (const post of posts) {
      for (const [, slug] of post.html.matchAll(/href="\/blog\/([^"]+)"/g)) {
        expect(findBlogPost(slug!), `${post.slug} links to /blog/${slug}`).toBeDefined();
      }
    }
  });

  it("takes the delivery-start claim from the settings, escaped", () => {
    const post = findBlogPost("grow-instagram-followers-india")!;
    expect(post.html).toContain("{{deliveryStartMinutes}}");
    const html = articleHtml(post, { deliveryStartMinutes: "45" });
    expect(html).toContain("within about 45 minutes");
    expect(html).not.toContain("{{");
    expect(articleHtml(post, { deliveryStartMinutes: "<b>" })).toContain("about &lt;b&gt; minutes");
  });

  it("is unknown for a slug with no file", () => {
    expect(findBlogPost("no-such-post")).toBeUndefined();
  });
});

describe("loading Markdown", () => {
  const doc = (slug: string, date: string) =>
    `---\nslug: "${slug}"\ntitle: "T"\ndescription: "D"\nexcerpt: "E"\ndate: ${date}\nauthor: "A"\n---\nOne two three.\n`;

  it("sorts by date, newest first, whatever the file order", () => {
    const posts = loadBlogPosts({
      "/content/blog/old.md": doc("old", '"2024-01-01"'),
      "/content/blog/new.md": doc("new", "2025-02-03"),
    });
    expect(posts.map((p) => [p.slug, p.date, p.readingMinutes])).toEqual([
      ["new", "2025-02-03", 1],
      ["old", "2024-01-01", 1],
    ]);
  });

  it("refuses an article whose slug differs from its file name, naming the file", () => {
    expect(() => loadBlogPosts({ "/content/blog/a.md": doc("b", '"2024-01-01"') })).toThrow(/a\.md.*file name/);
  });

  it("refuses a malformed date", () => {
    expect(() => loadBlogPosts({ "/content/blog/a.md": doc("a", '"1 March"') })).toThrow(/a\.md/);
  });
});

describe("sitemap and feed", () => {
  const posts = listBlogPosts();

  const dates = Object.fromEntries(PUBLIC_PAGES.map((path, i) => [path, `2026-01-${String(i + 1).padStart(2, "0")}`]));

  it("lists every public page and every article with absolute URLs, each with its lastmod", () => {
    const xml = buildSitemap(site, posts, dates as Parameters<typeof buildSitemap>[2]);
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => [m[1], m[2]]);
    const hindi = PUBLIC_PAGES.filter((path) => path !== "/blog").map((path) => localizedPath(path, "hi"));
    expect(urls).toHaveLength(PUBLIC_PAGES.length + hindi.length + ARTICLE_SLUGS.length);
    expect(xml.match(/<url>/g)).toHaveLength(urls.length);
    for (const path of PUBLIC_PAGES) expect(urls).toContainEqual([`https://boost.example.in${path}`, dates[path]]);
    // Each Hindi page, dated as its English one.
    expect(urls).toContainEqual(["https://boost.example.in/hi", dates["/"]]);
    expect(urls).toContainEqual(["https://boost.example.in/hi/followers", dates["/followers"]]);
    expect(hindi).toContain("/hi/privacy-policy");
    for (const post of posts) expect(urls).toContainEqual([`https://boost.example.in/blog/${post.slug}`, post.modified]);
  });

  it("names the sitemap by its full address in robots.txt and keeps the admin and checkout out", () => {
    const txt = buildRobotsTxt(site);
    expect(txt).toContain("\nSitemap: https://boost.example.in/sitemap.xml\n");
    expect(txt).toMatch(/^User-agent: \*\nDisallow: \/admin\nDisallow: \/checkout\n/);
  });

  it("dates an article by its modified day when it has one, never before its publication", () => {
    const doc = (slug: string, date: string) =>
      `---\nslug: "${slug}"\ntitle: "T"\ndescription: "D"\nexcerpt: "E"\ndate: ${date}\nauthor: "A"\n---\nOne two.\n`;
    const [post] = loadBlogPosts({ "/content/blog/a.md": doc("a", '"2026-03-01"').replace("author:", 'modified: "2026-04-02"\nauthor:') });
    expect([post!.date, post!.modified]).toEqual(["2026-03-01", "2026-04-02"]);
    expect(() =>
      loadBlogPosts({ "/content/blog/a.md": doc("a", '"2026-03-01"').replace("author:", 'modified: "2026-02-01"\nauthor:') }),
    ).toThrow(/modified \(2026-02-01\) is before date/);
    expect(loadBlogPosts({ "/content/blog/a.md": doc("a", '"2026-03-01"') })[0]!.modified).toBe("2026-03-01");
  });

  it("offers every article in RSS 2.0 with title, link, guid, pubDate and description", () => {
    const xml = buildRssFeed(site, posts);
    expect(xml).toContain('<rss version="2.0"');
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(ARTICLE_SLUGS.length);
    const first = posts[0]!;
    expect(items[0]).toContain(`<link>https://boost.example.in/blog/${first.slug}</link>`);
    expect(items[0]).toContain(`<guid isPermaLink="true">https://boost.example.in/blog/${first.slug}</guid>`);
    for (const item of items) {
      expect(item).toMatch(/<title>[^<]+<\/title>/);
      expect(item).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
      expect(item).toMatch(/<description>[^<]+<\/description>/);
    }
  });

  it("escapes text that would break the XML", () => {
    const xml = buildRssFeed({ brandName: "A & B <Shop>", publicBaseUrl: "https://x.in" }, []);
    expect(xml).toContain("<title>A &amp; B &lt;Shop&gt; Blog</title>");
  });
});
