import { describe, expect, it } from "vitest";
import { checkStructuredData, extractJsonLd } from "../../tests/support/structured-data";
import { socialImage } from "./social-image";
import {
  articleLd,
  breadcrumbLd,
  faqPageLd,
  jsonLdText,
  organizationLd,
  productLd,
  webSiteLd,
} from "./structured-data";

const site = {
  brandName: "ReachKaro",
  publicBaseUrl: "https://shop.example.in/",
  supportEmail: "help@shop.example.in",
  supportPhone: "+91 98765 43210",
};
const image = socialImage("followers", "Buy Instagram Followers");
const service = { name: "Instagram Followers Packages", description: "Followers.", path: "/followers", image };
const post = {
  slug: "a-post",
  title: "A post",
  description: "About it.",
  date: "2026-03-01",
  modified: "2026-04-02",
  author: "Editorial Team",
  image: socialImage("blog-a-post", "A post"),
};

describe("structured data", () => {
  it("builds each type with every property Google requires", () => {
    const items = [
      organizationLd(site),
      webSiteLd(site),
      productLd(site, service, [
        { name: "100 Followers", pricePaise: 4900 },
        { name: "1,000 Followers", pricePaise: 29_900 },
      ]),
      faqPageLd([{ question: "Do you need my password?", answer: "No." }]),
      breadcrumbLd(site, [
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
        { name: "A post", path: "/blog/a-post" },
      ]),
      articleLd(site, post),
    ];
    for (const item of items) expect(checkStructuredData(item)).toEqual([]);
  });

  it("prices the packages in INR rupees, lowest and highest, one Offer each, and claims no ratings", () => {
    const product = productLd(site, service, [
      { name: "1,000 Followers", pricePaise: 29_900 },
      { name: "100 Followers", pricePaise: 4950 },
    ])!;
    expect(product.offers).toMatchObject({
      "@type": "AggregateOffer",
      priceCurrency: "INR",
      lowPrice: "49.50",
      highPrice: "299.00",
      offerCount: 2,
      offers: [
        { "@type": "Offer", name: "1,000 Followers", price: "299.00", priceCurrency: "INR" },
        { "@type": "Offer", name: "100 Followers", price: "49.50", priceCurrency: "INR" },
      ],
    });
    expect(product).not.toHaveProperty("aggregateRating");
    expect(product).not.toHaveProperty("review");
    expect(product.image).toEqual(["https://shop.example.in/social/followers.png"]);
    // Nothing on sale: no Product at all rather than one Google would reject.
    expect(productLd(site, service, [])).toBeNull();
  });

  it("gives an article its image, both dates in India's time zone, author and a publisher with a logo", () => {
    expect(articleLd(site, post)).toMatchObject({
      headline: "A post",
      image: ["https://shop.example.in/social/blog-a-post.png"],
      datePublished: "2026-03-01T00:00:00+05:30",
      dateModified: "2026-04-02T00:00:00+05:30",
      author: { "@type": "Organization", name: "Editorial Team" },
      publisher: {
        "@type": "Organization",
        name: "ReachKaro",
        logo: { "@type": "ImageObject", url: "https://shop.example.in/social/logo.png", width: 512, height: 512 },
      },
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://shop.example.in/blog/a-post" },
    });
  });

  it("keeps a </script> or <!-- in any string from ending the script element, and means the same JSON", () => {
    const hostile = faqPageLd([{ question: "</script><script>alert(1)</script>", answer: "<!-- & -->" }])!;
    const text = jsonLdText(hostile);
    expect(text).not.toMatch(/[<>&]/);
    const html = `<script type="application/ld+json">${text}</script>`;
    expect(extractJsonLd(html)).toEqual([hostile]);
  });

  it("finds what is missing or wrong, naming the property", () => {
    expect(checkStructuredData({ "@context": "https://schema.org", "@type": "Article", headline: "x" })).toEqual(
      expect.arrayContaining([
        "Article: image is missing",
        "Article: datePublished is missing or not an ISO 8601 date",
        "Article: author is missing",
        "Article: publisher must be an Organization",
        "Article: mainEntityOfPage is missing or not an absolute URL",
      ]),
    );
    const noLogo = { ...articleLd(site, post), publisher: { "@type": "Organization", name: "ReachKaro" } };
    expect(checkStructuredData(noLogo)).toContain("Article.publisher: logo must be an ImageObject");
    const rated = { ...productLd(site, service, [{ name: "x", pricePaise: 100 }])!, aggregateRating: {} };
    expect(checkStructuredData(rated)).toContain(
      "Product: review/aggregateRating present, but the shop has no real reviews to show",
    );
    const dollars = productLd(site, service, [{ name: "x", pricePaise: 100 }])!;
    (dollars.offers as { priceCurrency: string }).priceCurrency = "USD";
    expect(checkStructuredData(dollars)).toContain("Product.offers[0]: priceCurrency must be INR");
    expect(checkStructuredData({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [] })).toContain(
      "FAQPage: mainEntity has no questions",
    );
    expect(
      checkStructuredData({
        ...breadcrumbLd(site, [
          { name: "Home", path: "/" },
          { name: "Blog", path: "/blog" },
        ]),
        itemListElement: [
          { "@type": "ListItem", position: 2, name: "x", item: "/relative" },
          { "@type": "ListItem", position: 2, name: "y" },
        ],
      }),
    ).toEqual(
      expect.arrayContaining([
        "BreadcrumbList.itemListElement[0]: position must be 1",
        "BreadcrumbList.itemListElement[0]: item is missing or not an absolute URL",
      ]),
    );
    expect(checkStructuredData({ "@type": "WebSite", name: "x", url: "https://x.in/" })).toContain(
      "WebSite: @context must be https://schema.org",
    );
  });
});
