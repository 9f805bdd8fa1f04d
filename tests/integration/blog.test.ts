import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBlogPosts } from "~/domain/content/blog.server";
import { writeSettings } from "~/domain/settings/settings.server";
import { cspScriptHashes, runnableInlineScripts, sha256Sources } from "../support/csp";
import { testDatabases } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { decode } from "../support/structured-data";

const BASE = "https://shop.example.in";
const posts = listBlogPosts();

function attr(html: string, pattern: RegExp): string | undefined {
  const m = pattern.exec(html);
  return m ? decode(m[1]!) : undefined;
}

describe.each(testDatabases())("blog on $name", (kind) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop({
      engine: kind,
      admin: false,
      // The operator's public address and brand, as saved in the admin panel.
      prepare: (handle) =>
        writeSettings(handle.db, { publicBaseUrl: BASE, brandName: "ReachKaro", deliveryStartMinutes: 45 }),
    });
  });
  afterAll(async () => shop?.stop());

  it("lists exactly the eleven articles on /blog, newest first, each with a Read More link", async () => {
    const res = await fetch(`${shop.url}/blog`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const readMore = [...html.matchAll(/<a[^>]*href="\/blog\/([a-z0-9-]+)"[^>]*>Read More/g)].map((m) => m[1]);
    expect(readMore).toEqual(posts.map((p) => p.slug));
    expect(readMore).toHaveLength(11);
    expect(readMore).toContain("best-time-to-post-instagram-india");
    for (const post of posts) expect(decode(html)).toContain(post.excerpt);
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${BASE}/blog`);
    expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/blog\/rss.xml"/);
  });

  it.each(posts.map((p) => [p.slug, p] as const))(
    "renders /blog/%s with its SEO tags, links and chrome",
    async (slug, post) => {
      const res = await fetch(`${shop.url}/blog/${slug}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      const html = await res.text();

      expect(attr(html, /<title>([^<]+)<\/title>/)).toBe(`${post.title} | ReachKaro`);
      expect(attr(html, /<h1[^>]*>([^<]+)<\/h1>/)).toBe(post.title);
      expect(attr(html, /<meta name="description" content="([^"]+)"/)).toBe(post.description);
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${BASE}/blog/${slug}`);
      expect(attr(html, /<meta property="og:type" content="([^"]+)"/)).toBe("article");
      for (const path of ["/followers", "/likes", "/views"]) expect(html).toContain(`href="${path}"`);
      expect(html).toContain(`${post.readingMinutes} min read`);
      expect(html).toContain("Back to Blog");
      expect(html).toMatch(/<header\b/);
      expect(html).toMatch(/<footer\b/);
      expect(html).not.toContain("{{");

      const jsonLd = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html);
      expect(JSON.parse(jsonLd![1]!)).toMatchObject({
        "@type": "Article",
        headline: post.title,
        datePublished: `${post.date}T00:00:00+05:30`,
        mainEntityOfPage: { "@id": `${BASE}/blog/${slug}` },
      });
      // A page served from memory names its inline scripts by hash: exactly those, and no nonce.
      expect(csp).not.toContain("'nonce-");
      expect(cspScriptHashes(csp).sort()).toEqual(sha256Sources(runnableInlineScripts(html)).sort());
    },
  );

  it("serves the same article again, identical, with the settings' claims", async () => {
    const pages = await Promise.all(
      [1, 2].map(async () => (await fetch(`${shop.url}/blog/grow-instagram-followers-india`)).text()),
    );
    expect(pages[0]).toBe(pages[1]);
    expect(pages[0]).toContain("within about 45 minutes");
  });

  it("answers an unknown slug with 404 and a way back to the blog", async () => {
    const res = await fetch(`${shop.url}/blog/no-such-article`);
    expect(res.status).toBe(404);
    const html = decode(await res.text());
    expect(html).toContain("404 - Blog Post Not Found");
    expect(html).toContain("Sorry, the blog post you are looking for does not exist.");
    expect(html).toMatch(/<a[^>]*href="\/blog"[^>]*>Back to Blog<\/a>/);
  });

  it("lists every article in sitemap.xml with absolute URLs from the settings", async () => {
    const res = await fetch(`${shop.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const post of posts) expect(locs).toContain(`${BASE}/blog/${post.slug}`);
    expect(locs).toContain(`${BASE}/`);
    expect(locs).toContain(`${BASE}/blog`);
    expect(locs.every((loc) => loc!.startsWith(`${BASE}/`))).toBe(true);
  });

  it("offers all eleven articles in the RSS feed", async () => {
    const res = await fetch(`${shop.url}/blog/rss.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    const xml = await res.text();
    const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>[\s\S]*?<\/item>/g)].map((m) => m[1]);
    expect(links).toEqual(posts.map((p) => `${BASE}/blog/${p.slug}`));
    expect(xml).toContain("<title>ReachKaro Blog</title>");
  });
});
