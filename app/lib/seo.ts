import type { MetaDescriptor } from "react-router";
import { DEFAULT_BRAND_NAME } from "./brand";
import { LOCALES, LOCALE_TAGS, type Locale, OG_LOCALES, isTranslatedPath, localizedPath } from "./i18n/locale";
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, type SocialImage } from "./social-image";

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the page in English, e.g. "/followers"; the canonical URL is the site's public base URL plus this. */
  path: string;
  /** The page's language: a Hindi page's canonical is its /hi address. English unless said. */
  locale?: Locale;
  baseUrl: string;
  brandName: string;
  type?: "website" | "article";
  /** The page's link-preview image (app/lib/social-image.ts). */
  image: SocialImage;
  noindex?: boolean;
  /** False for pages that are not a real address of the shop (the 404): no canonical link. */
  canonical?: boolean;
}

/** The public address plus a site-relative path; the base may end in a slash. */
export function absoluteUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const locale = input.locale ?? "en";
  const url = absoluteUrl(input.baseUrl, localizedPath(input.path, locale));
  const image = absoluteUrl(input.baseUrl, input.image.path);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    ...(input.canonical === false ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    ...(input.canonical === false ? [] : languageAlternates(input.baseUrl, input.path)),
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: input.brandName },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: OG_LOCALES[locale] },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SOCIAL_IMAGE_WIDTH) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE_HEIGHT) },
    { property: "og:image:alt", content: input.image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: input.image.alt },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** `hreflang` links to each language's version of a translated page, English as the default for everyone else. */
export function languageAlternates(baseUrl: string, path: string): MetaDescriptor[] {
  if (!isTranslatedPath(path)) return [];
  return [
    ...LOCALES.map((locale) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: LOCALE_TAGS[locale],
      href: absoluteUrl(baseUrl, localizedPath(path, locale)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(baseUrl, localizedPath(path, "en")) },
  ];
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

/** The site as an error response carries it (the catch-all 404 has no public layout above it). */
export function siteFromError(error: unknown): { brandName: string; publicBaseUrl: string } | undefined {
  const data = (error as { data?: unknown } | null)?.data as { brandName?: unknown; publicBaseUrl?: unknown } | null;
  return typeof data?.brandName === "string" && typeof data.publicBaseUrl === "string"
    ? { brandName: data.brandName, publicBaseUrl: data.publicBaseUrl }
    : undefined;
}

/**
 * Sharing tags for an error page (a link to a missing page still gets a preview): never indexed, no canonical,
 * and its og:url is the home page, the one address such a link should lead to. The error boundary writes the
 * <title> itself, so there is no title here.
 */
export function errorPageMeta(
  site: { brandName: string; publicBaseUrl: string },
  page: { title: string; description: string; image: SocialImage },
): MetaDescriptor[] {
  return seoMeta({
    ...page,
    path: "/",
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
    image: page.image,
    noindex: true,
    canonical: false,
  }).filter((tag) => !("title" in tag));
}
