import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { pngSize } from "../../tests/support/png";
import { SERVICE_CONTENT } from "../../app/components/buying/service-content";
import service from "../../app/locales/en/service";
import { listBlogPosts } from "../../app/domain/content/blog.server";
import { PAGE_TITLES, articleImageKey } from "../../app/lib/social-image";
import { socialPages } from "./pages";
import { renderLogoPng, renderSocialImage } from "./render";

const root = fileURLToPath(new URL("../..", import.meta.url));
const logo = readFileSync(`${root}/public/logo.svg`, "utf8");

describe("social images", () => {
  it("draws a 1200×630 PNG from a title, and the logo as a square PNG", async () => {
    expect(pngSize(await renderSocialImage("Buy Instagram Followers in India – packages from 100", logo))).toEqual({
      width: 1200,
      height: 630,
    });
    expect(pngSize(await renderLogoPng(logo, 512))).toEqual({ width: 512, height: 512 });
    // Loading the WebAssembly and fonts is slow on a busy machine; this is not a speed check.
  }, 60_000);

  it("makes one for every page, with the title that page shows", () => {
    const pages = new Map(socialPages(root).map((p) => [p.key, p.title]));
    expect(pages.get("home")).toBe(PAGE_TITLES.home);
    expect(pages.get("not-found")).toBe(PAGE_TITLES["not-found"]);
    for (const s of Object.values(SERVICE_CONTENT)) expect(pages.get(s.type)).toBe(service[s.type].title);
    for (const post of listBlogPosts()) expect(pages.get(articleImageKey(post.slug))).toBe(post.title);
    expect(pages.get("privacy-policy")).toBe("Privacy Policy");
    expect(new Set(pages.keys()).size).toBe(socialPages(root).length);
  });
});
