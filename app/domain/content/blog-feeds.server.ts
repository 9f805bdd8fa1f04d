import { type BlogPost, publishedAt } from "./blog.server";
import { escapeHtml } from "./markdown.server";
import { PUBLIC_PAGES } from "./public-pages";
import { isTranslatedPath, localizedPath } from "~/lib/i18n/locale";

export interface FeedSite {
  brandName: string;
  /** PUBLIC_BASE_URL, with or without a trailing slash. */
  publicBaseUrl: string;
}

function absolute(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

const entry = (loc: string, lastmod: string) => `  <url><loc>${escapeHtml(loc)}</loc><lastmod>${lastmod}</lastmod></url>`;

/** robots.txt: the admin and checkout stay out of search results; the sitemap is named by its full address. */
export function buildRobotsTxt(site: FeedSite): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /checkout",
    "",
    `Sitemap: ${absolute(site.publicBaseUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

/** sitemap.xml: every indexable public page (in each of its languages) plus every article, each with the day it last changed. */
export function buildSitemap(
  site: FeedSite,
  posts: readonly BlogPost[],
  pageDates: Record<(typeof PUBLIC_PAGES)[number], string>,
): string {
  const entries = [
    // A Hindi page changes when its English one does: the same data, other words.
    ...PUBLIC_PAGES.flatMap((path) =>
      (isTranslatedPath(path) ? [path, localizedPath(path, "hi")] : [path]).map((url) =>
        entry(absolute(site.publicBaseUrl, url), pageDates[path]),
      ),
    ),
    ...posts.map((post) => entry(absolute(site.publicBaseUrl, `/blog/${post.slug}`), post.modified)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** RSS 2.0 feed of every article, newest first. */
export function buildRssFeed(site: FeedSite, posts: readonly BlogPost[]): string {
  const blogUrl = absolute(site.publicBaseUrl, "/blog");
  const feedUrl = absolute(site.publicBaseUrl, "/blog/rss.xml");
  const items = posts.map((post) => {
    const link = escapeHtml(absolute(site.publicBaseUrl, `/blog/${post.slug}`));
    return [
      "    <item>",
      `      <title>${escapeHtml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${publishedAt(post).toUTCString()}</pubDate>`,
      `      <description>${escapeHtml(post.description)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const newest = posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeHtml(`${site.brandName} Blog`)}</title>`,
    `    <link>${escapeHtml(blogUrl)}</link>`,
    `    <description>${escapeHtml("Practical Instagram growth advice for creators and small businesses in India.")}</description>`,
    "    <language>en-IN</language>",
    `    <atom:link href="${escapeHtml(feedUrl)}" rel="self" type="application/rss+xml" />`,
    ...(newest ? [`    <lastBuildDate>${publishedAt(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
