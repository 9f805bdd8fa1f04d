/**
 * The link-preview image every public page names in og:image and twitter:image. The PNGs are drawn at build
 * time from each page's own title (scripts/social-images/) and served as static files under /social/.
 */
export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;

/** The titles of the pages that are not content files or service pages; the page's <title> adds the brand. */
export const PAGE_TITLES = {
  home: "Buy Instagram Followers, Likes and Views in India",
  blog: "Instagram Growth Blog for India",
  "contact-us": "Contact Us",
  track: "Track your order",
  checkout: "Checkout",
  "not-found": "Page not found",
} as const;

export type PageTitleKey = keyof typeof PAGE_TITLES;

export interface SocialImage {
  /** Site-relative path of the PNG. */
  path: string;
  alt: string;
}

/** A file-name-safe key: lower-case words joined by hyphens. */
const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `alt` defaults to the English description; translated pages pass their own (app/locales/meta.ts). */
export function socialImage(key: string, title: string, alt = socialImageAlt(title)): SocialImage {
  if (!KEY.test(key)) throw new Error(`social image key "${key}" must be lower-case words joined by hyphens`);
  return { path: `/social/${key}.png`, alt };
}

/** What the image shows, for those who cannot see it. */
export function socialImageAlt(title: string): string {
  return `${title}: the page's title beside the shop's logo`;
}

/** Articles' images are keyed by slug, apart from the pages'. */
export function articleImageKey(slug: string): string {
  return `blog-${slug}`;
}

/** The shop's logo as a PNG (Google wants a raster logo of at least 112×112 for structured data). */
export const LOGO_PNG_PATH = "/social/logo.png";
export const LOGO_PNG_SIZE = 512;
