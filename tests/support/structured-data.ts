/**
 * Checks schema.org JSON-LD against what Google's structured-data documentation requires of each type we
 * publish (developers.google.com/search/docs/appearance/structured-data: Article, Breadcrumb, FAQ, Product
 * snippets, Organization, Site names), plus what this shop promises on top: absolute https-or-http URLs,
 * ISO 8601 dates, INR prices and no ratings or reviews it does not have. Returns the problems found, as
 * readable sentences; an empty list means the item passes.
 */
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown) => typeof v === "string" && v.trim().length > 0;
const absoluteUrl = (v: unknown) => typeof v === "string" && /^https?:\/\/[^/\s]+/.test(v);
const isoDate = (v: unknown) =>
  typeof v === "string" &&
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v) &&
  !Number.isNaN(Date.parse(v));
const price = (v: unknown) =>
  (typeof v === "number" && v >= 0) || (typeof v === "string" && /^\d+(\.\d{1,2})?$/.test(v));
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

function typeOf(item: Obj): string {
  return typeof item["@type"] === "string" ? item["@type"] : "";
}

function checkImage(v: unknown, where: string, problems: string[]) {
  const images = list(v);
  if (images.length === 0) problems.push(`${where}: image is missing`);
  for (const image of images) {
    const url = isObj(image) ? image.url : image;
    if (!absoluteUrl(url)) problems.push(`${where}: image ${JSON.stringify(url)} is not an absolute URL`);
  }
}

function checkLogo(v: unknown, where: string, problems: string[]) {
  if (!isObj(v) || typeOf(v) !== "ImageObject") problems.push(`${where}: logo must be an ImageObject`);
  else if (!absoluteUrl(v.url)) problems.push(`${where}: logo.url is not an absolute URL`);
}

function checkOrganization(item: Obj, where: string, problems: string[], needLogo: boolean) {
  if (!text(item.name)) problems.push(`${where}: name is missing`);
  if (item.url !== undefined && !absoluteUrl(item.url)) problems.push(`${where}: url is not an absolute URL`);
  if (needLogo || item.logo !== undefined) checkLogo(item.logo, where, problems);
}

function checkOffer(offer: unknown, where: string, problems: string[]) {
  if (!isObj(offer)) return problems.push(`${where}: not an object`);
  const type = typeOf(offer);
  if (type === "AggregateOffer") {
    if (!price(offer.lowPrice)) problems.push(`${where}: AggregateOffer.lowPrice is missing or not a price`);
    if (offer.highPrice !== undefined && !price(offer.highPrice)) problems.push(`${where}: highPrice is not a price`);
    if (offer.highPrice !== undefined && Number(offer.highPrice) < Number(offer.lowPrice)) {
      problems.push(`${where}: highPrice is below lowPrice`);
    }
    if (offer.priceCurrency !== "INR") problems.push(`${where}: priceCurrency must be INR`);
    const inner = list(offer.offers);
    if (offer.offerCount !== undefined && offer.offerCount !== inner.length && inner.length > 0) {
      problems.push(`${where}: offerCount ${JSON.stringify(offer.offerCount)} but ${inner.length} offers`);
    }
    inner.forEach((o, i) => checkOffer(o, `${where}.offers[${i}]`, problems));
  } else if (type === "Offer") {
    const spec = isObj(offer.priceSpecification) ? offer.priceSpecification : undefined;
    if (!price(offer.price ?? spec?.price)) problems.push(`${where}: Offer.price is missing or not a price`);
    if ((offer.priceCurrency ?? spec?.priceCurrency) !== "INR") problems.push(`${where}: priceCurrency must be INR`);
    if (offer.url !== undefined && !absoluteUrl(offer.url)) problems.push(`${where}: url is not an absolute URL`);
  } else problems.push(`${where}: @type must be Offer or AggregateOffer, got ${JSON.stringify(type)}`);
}

const checkers: Record<string, (item: Obj, problems: string[]) => void> = {
  Organization(item, problems) {
    checkOrganization(item, "Organization", problems, true);
    if (!absoluteUrl(item.url)) problems.push("Organization: url is missing");
  },
  WebSite(item, problems) {
    if (!text(item.name)) problems.push("WebSite: name is missing");
    if (!absoluteUrl(item.url)) problems.push("WebSite: url is missing or not absolute");
  },
  Product(item, problems) {
    if (!text(item.name)) problems.push("Product: name is missing");
    // Google: one of offers, review or aggregateRating. This shop has offers and must not claim the others.
    if (item.offers === undefined) problems.push("Product: offers is missing");
    if (item.review !== undefined || item.aggregateRating !== undefined) {
      problems.push("Product: review/aggregateRating present, but the shop has no real reviews to show");
    }
    list(item.offers).forEach((o, i) => checkOffer(o, `Product.offers[${i}]`, problems));
    if (item.image !== undefined) checkImage(item.image, "Product", problems);
  },
  FAQPage(item, problems) {
    const questions = list(item.mainEntity);
    if (questions.length === 0) problems.push("FAQPage: mainEntity has no questions");
    questions.forEach((q, i) => {
      const where = `FAQPage.mainEntity[${i}]`;
      if (!isObj(q) || typeOf(q) !== "Question") return problems.push(`${where}: must be a Question`);
      if (!text(q.name)) problems.push(`${where}: name (the question) is missing`);
      const answer = q.acceptedAnswer;
      if (!isObj(answer) || typeOf(answer) !== "Answer" || !text(answer.text)) {
        problems.push(`${where}: acceptedAnswer must be an Answer with text`);
      }
    });
  },
  BreadcrumbList(item, problems) {
    const items = list(item.itemListElement);
    if (items.length < 2) problems.push("BreadcrumbList: needs at least two ListItems");
    items.forEach((crumb, i) => {
      const where = `BreadcrumbList.itemListElement[${i}]`;
      if (!isObj(crumb) || typeOf(crumb) !== "ListItem") return problems.push(`${where}: must be a ListItem`);
      if (crumb.position !== i + 1) problems.push(`${where}: position must be ${i + 1}`);
      if (!text(crumb.name)) problems.push(`${where}: name is missing`);
      // Google: item is required except on the last crumb.
      if (i < items.length - 1 || crumb.item !== undefined) {
        const url = isObj(crumb.item) ? crumb.item["@id"] : crumb.item;
        if (!absoluteUrl(url)) problems.push(`${where}: item is missing or not an absolute URL`);
      }
    });
  },
  Article(item, problems) {
    if (!text(item.headline)) problems.push("Article: headline is missing");
    else if ((item.headline as string).length > 110) problems.push("Article: headline is longer than 110 characters");
    checkImage(item.image, "Article", problems);
    for (const key of ["datePublished", "dateModified"] as const) {
      if (!isoDate(item[key])) problems.push(`Article: ${key} is missing or not an ISO 8601 date`);
    }
    if (isoDate(item.datePublished) && isoDate(item.dateModified)) {
      if (Date.parse(item.dateModified as string) < Date.parse(item.datePublished as string)) {
        problems.push("Article: dateModified is before datePublished");
      }
    }
    const authors = list(item.author);
    if (authors.length === 0) problems.push("Article: author is missing");
    for (const author of authors) {
      if (!isObj(author) || !["Person", "Organization"].includes(typeOf(author)) || !text(author.name)) {
        problems.push("Article: author must be a Person or Organization with a name");
      }
    }
    if (!isObj(item.publisher) || typeOf(item.publisher) !== "Organization") {
      problems.push("Article: publisher must be an Organization");
    } else checkOrganization(item.publisher, "Article.publisher", problems, true);
    const page = item.mainEntityOfPage;
    const pageUrl = isObj(page) ? page["@id"] : page;
    if (!absoluteUrl(pageUrl)) problems.push("Article: mainEntityOfPage is missing or not an absolute URL");
  },
};

/** The types this checker knows. */
export const CHECKED_TYPES = Object.keys(checkers);

/** Problems with one JSON-LD item (or an array or @graph of them); empty when it passes. */
export function checkStructuredData(data: unknown): string[] {
  const problems: string[] = [];
  const items: unknown[] = Array.isArray(data)
    ? data
    : isObj(data) && Array.isArray(data["@graph"])
      ? (data["@graph"] as unknown[])
      : [data];
  for (const item of items) {
    if (!isObj(item)) {
      problems.push("not a JSON object");
      continue;
    }
    if (item["@context"] !== "https://schema.org" && !(isObj(data) && data["@context"] === "https://schema.org")) {
      problems.push(`${typeOf(item) || "item"}: @context must be https://schema.org`);
    }
    const check = checkers[typeOf(item)];
    if (!check) problems.push(`unknown @type ${JSON.stringify(item["@type"])}`);
    else check(item, problems);
  }
  return problems;
}

/** Every `<script type="application/ld+json">` in a page, parsed (a parse error throws, naming the script). */
export function extractJsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m, i) => {
    try {
      return JSON.parse(m[1]!) as unknown;
    } catch (error) {
      throw new Error(`JSON-LD script ${i + 1} is not valid JSON: ${(error as Error).message}`);
    }
  });
}

/** The @type of each item found in a page. */
export function jsonLdTypes(items: unknown[]): string[] {
  return items
    .flatMap((d): unknown[] => (Array.isArray(d) ? (d as unknown[]) : [d]))
    .map((d) => (isObj(d) ? typeOf(d) : ""));
}

/** Decodes the few entities React writes in attributes and text. */
export function decode(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
