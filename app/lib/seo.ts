import type { MetaDescriptor } from "react-router";
import { DEFAULT_BRAND_NAME } from "./brand";

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the page, e.g. "/followers"; the canonical URL is the site's public base URL plus this. */
  path: string;
  baseUrl: string;
  brandName: string;
  type?: "website" | "article";
  /** Absolute or site-relative image for link previews. */
  image?: string;
  noindex?: boolean;
}

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const base = input.baseUrl.replace(/\/+$/, "");
  const url = `${base}${input.path === "/" ? "/" : input.path}`;
  const image = input.image ? (input.image.startsWith("http") ? input.image : `${base}${input.image}`) : undefined;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: input.brandName },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The public layout's loader data (brand, base URL) as seen from a child route's `meta`. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): {
  brandName: string;
  publicBaseUrl: string;
} {
  const data = matches.find((m) => m?.id === "routes/public/layout")?.loaderData as
    { brandName: string; publicBaseUrl: string } | undefined;
  return data ?? { brandName: DEFAULT_BRAND_NAME, publicBaseUrl: "http://localhost:3000" };
}
