import { seoMeta, siteFromMatches } from "~/lib/seo";
import { PAGE_TITLES } from "~/lib/social-image";
import { metaTexts } from "~/locales/meta";

/**
 * The meta of a page that shows one buyer's order (/track, /receipt): its
 * title and description from the page's own translations, /track's social
 * image, and, for a page no one should find by search, `noindex`.
 */
export function buyerPageMeta(
  page: "track" | "receipt",
  { matches, location }: { matches: Parameters<typeof siteFromMatches>[0]; location: { pathname: string } },
  noindex = false,
) {
  const site = siteFromMatches(matches);
  const { t, locale, image } = metaTexts(location.pathname);
  return seoMeta({
    title: `${t(`${page}:title`)} | ${site.brandName}`,
    image: image("track", locale === "en" ? PAGE_TITLES.track : t("track:title")),
    description: t(`${page}:description`),
    path: `/${page}`,
    locale,
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
    ...(noindex ? { noindex } : {}),
  });
}
