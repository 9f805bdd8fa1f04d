/**
 * schema.org structured data (JSON-LD) for search engines, built from the same loader data the page shows,
 * so it never claims what the page does not (no invented ratings or reviews).
 */
import { absoluteUrl } from "./seo";
import { LOGO_PNG_PATH, LOGO_PNG_SIZE, type SocialImage } from "./social-image";

export type JsonLd = { "@context"?: string; "@type": string } & Record<string, unknown>;

export interface LdSite {
  brandName: string;
  publicBaseUrl: string;
  supportEmail?: string;
  supportPhone?: string;
}

const CONTEXT = "https://schema.org";

/** A JSON-LD document of one schema.org type: the context and the type, then its properties in order. */
function ld(type: string, properties: Record<string, unknown>): JsonLd {
  return { "@context": CONTEXT, "@type": type, ...properties };
}

/** A page's picture as schema.org takes it: a list of absolute URLs. */
function imageUrls(site: LdSite, image: SocialImage): string[] {
  return [absoluteUrl(site.publicBaseUrl, image.path)];
}

/**
 * The text of a `<script type="application/ld+json">`: `<`, `>` and `&` are written as \u escapes, so a string
 * holding `</script>` or `<!--` cannot end the element early; the JSON means exactly the same.
 */
export function jsonLdText(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

function logo(site: LdSite) {
  return {
    "@type": "ImageObject",
    url: absoluteUrl(site.publicBaseUrl, LOGO_PNG_PATH),
    width: LOGO_PNG_SIZE,
    height: LOGO_PNG_SIZE,
  };
}

function publisher(site: LdSite) {
  return { "@type": "Organization", name: site.brandName, url: absoluteUrl(site.publicBaseUrl, "/"), logo: logo(site) };
}

export function organizationLd(site: LdSite): JsonLd {
  const contact = site.supportEmail || site.supportPhone;
  return {
    "@context": CONTEXT,
    ...publisher(site),
    ...(contact
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            contactType: "customer support",
            areaServed: "IN",
            ...(site.supportEmail ? { email: site.supportEmail } : {}),
            ...(site.supportPhone ? { telephone: site.supportPhone } : {}),
          },
        }
      : {}),
  };
}

export function webSiteLd(site: LdSite): JsonLd {
  return ld("WebSite", {
    name: site.brandName,
    url: absoluteUrl(site.publicBaseUrl, "/"),
    inLanguage: "en-IN",
    publisher: { "@type": "Organization", name: site.brandName },
  });
}

export interface LdOffer {
  /** "1,000 Followers" */
  name: string;
  pricePaise: number;
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * A service page's packages as one Product with an AggregateOffer (the price range, in INR) holding one Offer per
 * package. Null when nothing is on sale: a Product without offers, reviews or ratings is not valid for Google.
 */
export function productLd(
  site: LdSite,
  service: { name: string; description: string; path: string; image: SocialImage },
  offers: readonly LdOffer[],
): JsonLd | null {
  if (offers.length === 0) return null;
  const url = absoluteUrl(site.publicBaseUrl, service.path);
  const prices = offers.map((o) => o.pricePaise);
  return ld("Product", {
    name: service.name,
    description: service.description,
    image: imageUrls(site, service.image),
    url,
    brand: { "@type": "Brand", name: site.brandName },
    offers: {
      "@type": "AggregateOffer",
      priceCurrency: "INR",
      lowPrice: rupees(Math.min(...prices)),
      highPrice: rupees(Math.max(...prices)),
      offerCount: offers.length,
      offers: offers.map((o) => ({
        "@type": "Offer",
        name: o.name,
        price: rupees(o.pricePaise),
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
        url,
        seller: { "@type": "Organization", name: site.brandName },
      })),
    },
  });
}

export function faqPageLd(items: ReadonlyArray<{ question: string; answer: string }>): JsonLd | null {
  if (items.length === 0) return null;
  return ld("FAQPage", {
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  });
}

export function breadcrumbLd(site: LdSite, crumbs: ReadonlyArray<{ name: string; path: string }>): JsonLd {
  return ld("BreadcrumbList", {
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(site.publicBaseUrl, crumb.path),
    })),
  });
}

/** A day (YYYY-MM-DD) as the start of that day in India, the shop's time zone. */
export function istDateTime(day: string): string {
  return `${day}T00:00:00+05:30`;
}

export function articleLd(
  site: LdSite,
  post: {
    slug: string;
    title: string;
    description: string;
    date: string;
    modified: string;
    author: string;
    image: SocialImage;
  },
): JsonLd {
  const url = absoluteUrl(site.publicBaseUrl, `/blog/${post.slug}`);
  return ld("Article", {
    headline: post.title,
    description: post.description,
    image: imageUrls(site, post.image),
    datePublished: istDateTime(post.date),
    dateModified: istDateTime(post.modified),
    inLanguage: "en-IN",
    // The articles are written by the shop's team, not a named person.
    author: { "@type": "Organization", name: post.author, url: absoluteUrl(site.publicBaseUrl, "/blog") },
    publisher: publisher(site),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  });
}
