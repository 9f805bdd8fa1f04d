/** Every indexable public page in English except blog articles (which the sitemap adds itself). */
export const PUBLIC_PAGES = [
  "/",
  "/followers",
  "/likes",
  "/views",
  "/comments",
  "/blog",
  "/track",
  "/contact-us",
  "/privacy-policy",
  "/terms-of-service",
  "/delivery-policy",
  "/refund-policy",
] as const;

