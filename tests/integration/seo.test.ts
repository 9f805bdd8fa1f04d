import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBlogPosts } from "~/domain/content/blog.server";
import { PUBLIC_PAGES } from "~/domain/content/public-pages";
import { isTranslatedPath, localizedPath } from "~/lib/i18n/locale";
import { writeSettings } from "~/domain/settings/settings.server";
import { testDatabases } from "../support/databases";
import { pngSize } from "../support/png";
import { adminLogin, startShop, type HostileShop } from "../support/hostile";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";
import { checkStructuredData, extractJsonLd, jsonLdTypes } from "../support/structured-data";
import { TEST_ADMIN, TEST_ADMIN_ENV } from "../support/test-accounts";
import { decode } from "../support/structured-data";

/** Saved in the admin; PUBLIC_BASE_URL in the environment must win over it everywhere. */
const STORED = "https://stored-setting.example";
const PUBLIC = "https://env.boostkaro.example";
const posts = listBlogPosts();
const PAGES = [...PUBLIC_PAGES, ...posts.map((p) => `/blog/${p.slug}`)];

/** Every <meta property|name=… content=…> of a page, by its property or name. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/?>/g)) {
    tags.set(m[1]!, decode(m[2]!));
  }
  return tags;
}

const SHARING_TAGS = [
  "og:title",
  "og:description",
  "og:url",
  "og:type",
  "og:site_name",
  "og:locale",
  "og:image",
  "og:image:width",
  "og:image:height",
  "og:image:alt",
  "twitter:card",
  "twitter:title",
  "twitter:description",
  "twitter:image",
  "twitter:image:alt",
];

describe.each(testDatabases())("search engines and link previews on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    shop = await startTestShop({
      engine: kind,
      admin: false,
      env: { PUBLIC_BASE_URL: `${PUBLIC}/` },
      prepare: async (early) => void (await writeSettings(early.db, { publicBaseUrl: STORED, brandName: "ReachKaro" })),
    });
    server = shop.server;
    for (const path of [...PAGES, "/no-such-page", "/blog/no-such-post"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(path.includes("no-such") ? 404 : 200);
      pages.set(path, await res.text());
    }
  });
  afterAll(async () => shop?.stop());

  it("gives every page, the 404s included, the Open Graph and Twitter tags of a large image card", () => {
    for (const [path, html] of pages) {
      const tags = metaTags(html);
      for (const name of SHARING_TAGS) expect(tags.get(name), `${name} on ${path}`).toBeTruthy();
      expect(tags.get("twitter:card"), path).toBe("summary_large_image");
      expect([tags.get("og:image:width"), tags.get("og:image:height")], path).toEqual(["1200", "630"]);
      expect(tags.get("og:image"), path).toMatch(new RegExp(`^${PUBLIC}/social/[a-z0-9-]+\\.png$`));
      expect(tags.get("twitter:image"), path).toBe(tags.get("og:image"));
      expect(tags.get("og:site_name"), path).toBe("ReachKaro");
      expect(tags.get("og:locale"), path).toBe("en_IN");
      if (!path.includes("no-such")) {
        expect(tags.get("og:url"), path).toBe(`${PUBLIC}${path}`);
        expect(html, path).toContain(`<link rel="canonical" href="${PUBLIC}${path}"/>`);
      } else {
        expect(tags.get("robots"), path).toBe("noindex");
        expect(html, path).not.toContain('rel="canonical"');
      }
      expect(html, path).not.toContain(STORED);
    }
  });

  it("serves each page's og:image as a 1200×630 PNG", async () => {
    const images = new Set([...pages.values()].map((html) => metaTags(html).get("og:image")!));
    // Each page its own; the two 404s share one.
    expect(images.size).toBe(PAGES.length + 1);
    for (const image of images) {
      const res = await fetch(`${server.url}${new URL(image).pathname}`);
      expect(res.status, image).toBe(200);
      expect(res.headers.get("content-type"), image).toBe("image/png");
      expect(pngSize(new Uint8Array(await res.arrayBuffer())), image).toEqual({ width: 1200, height: 630 });
    }
  });

  it("describes the shop, its FAQ, each service's packages and each article in valid structured data", () => {
    const expected: Record<string, string[]> = {
      "/": ["Organization", "WebSite", "FAQPage"],
      "/followers": ["Product"],
      "/likes": ["Product"],
      "/views": ["Product"],
      "/comments": ["Product"],
      ...Object.fromEntries(posts.map((p) => [`/blog/${p.slug}`, ["Article", "BreadcrumbList"]])),
    };
    for (const [path, html] of pages) {
      const items = extractJsonLd(html);
      expect(jsonLdTypes(items), path).toEqual(expected[path] ?? []);
      for (const item of items) {
        expect(checkStructuredData(item), path).toEqual([]);
        expect(JSON.stringify(item), path).not.toContain(STORED);
      }
    }
    const [product] = extractJsonLd(pages.get("/followers")!) as Array<{ offers: Record<string, unknown> }>;
    expect(product!.offers).toMatchObject({ "@type": "AggregateOffer", priceCurrency: "INR" });
    expect((product!.offers.offers as unknown[]).length).toBeGreaterThan(0);
    const [article] = extractJsonLd(pages.get(`/blog/${posts[0]!.slug}`)!) as Array<Record<string, unknown>>;
    expect(article!.mainEntityOfPage).toEqual({ "@type": "WebPage", "@id": `${PUBLIC}/blog/${posts[0]!.slug}` });
  });

  it("serves the publisher logo named in the structured data as a PNG", async () => {
    const res = await fetch(`${server.url}/social/logo.png`);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 512, height: 512 });
  });

  it("names the sitemap by its public address in robots.txt, and dates every sitemap URL", async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    const txt = await robots.text();
    expect(txt).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(txt).toContain("Disallow: /admin");

    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    // Every page, and each translated one once more under /hi.
    const hindi = PUBLIC_PAGES.filter((path) => isTranslatedPath(path)).map((path) => localizedPath(path, "hi"));
    expect(urls).toHaveLength(PAGES.length + hindi.length);
    for (const path of hindi) expect(xml).toContain(`<loc>${PUBLIC}${path}</loc>`);
    for (const url of urls) {
      expect(url).toMatch(new RegExp(`^<loc>${PUBLIC}/[^<]*</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>$`));
    }
    for (const post of posts)
      expect(xml).toContain(`<loc>${PUBLIC}/blog/${post.slug}</loc><lastmod>${post.modified}</lastmod>`);
    // The policies carry their own "Last updated" day.
    expect(xml).toContain(`<loc>${PUBLIC}/privacy-policy</loc><lastmod>2026-11-27</lastmod>`);
  });

  it("says nothing at start-up about an https public address", () => {
    expect(server.output()).not.toContain("public address is not ready");
  });

  it("uses PUBLIC_BASE_URL in the RSS feed too", async () => {
    const rss = await (await fetch(`${server.url}/blog/rss.xml`)).text();
    expect(rss).toContain(`<link>${PUBLIC}/blog</link>`);
    expect(rss).not.toContain(STORED);
  });
});

describe.each(testDatabases())("a plain-HTTP PUBLIC_BASE_URL in production on $name", (kind) => {
  const PLAIN = "http://plain.boostkaro.example";
  let shop: HostileShop;
  let cookie = "";
  beforeAll(async () => {
    shop = await startShop(kind, {
      ...TEST_ADMIN_ENV,
      PUBLIC_BASE_URL: PLAIN,
    });
    cookie = await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => shop?.stop());

  it("is reported at start-up, naming the environment as its source", () => {
    const line = shop.server
      .output()
      .split("\n")
      .find((l) => l.includes("public address is not ready"));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 40, source: "PUBLIC_BASE_URL", publicBaseUrl: PLAIN });
  });

  it("is named above every admin page, and the Settings field says the environment overrides it", async () => {
    const dashboard = decode(await (await fetch(`${shop.url}/admin/dashboard`, { headers: { cookie } })).text());
    expect(dashboard).toContain('data-unsafe-default="public-base-url"');
    expect(dashboard).toContain(`PUBLIC_BASE_URL in the server's environment is ${PLAIN}`);
    const settings = decode(await (await fetch(`${shop.url}/admin/settings`, { headers: { cookie } })).text());
    expect(settings).toContain(`Overridden by PUBLIC_BASE_URL in the server's environment: the shop uses ${PLAIN}.`);
    // The stored setting is still what the field edits; the addresses to register use the effective one.
    expect(settings).toMatch(/name="publicBaseUrl"[^>]*value="http:\/\/localhost:3000"/);
    expect(settings).toContain(`${PLAIN}/api/payments/sms-alert`);
  });
});
