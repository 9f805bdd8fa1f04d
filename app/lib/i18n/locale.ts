/**
 * The storefront's languages and how a page's address names one: English at
 * the usual paths, Hindi under /hi. The address alone decides the language of
 * a page, so a cached page is the same for everyone who asks for that address.
 */

export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** For `<html lang>`, `hreflang` and Intl. */
export const LOCALE_TAGS: Record<Locale, string> = { en: "en-IN", hi: "hi-IN" };

/** Open Graph's spelling of the same. */
export const OG_LOCALES: Record<Locale, string> = { en: "en_IN", hi: "hi_IN" };

/** The buyer's remembered choice (set by the language switch). */
export const LOCALE_COOKIE = "lang";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const HINDI_PREFIX = "/hi";

/** The four services' pages. */
export const SERVICE_PATHS = ["/followers", "/likes", "/views", "/comments"] as const;

/** The policy pages. */
export const POLICY_PATHS = ["/privacy-policy", "/terms-of-service", "/delivery-policy", "/refund-policy"] as const;

/** Pages that exist in both languages; everything else (the blog, the admin) is English only. */
export const TRANSLATED_PATHS = ["/", ...SERVICE_PATHS, "/checkout", "/track", "/contact-us", ...POLICY_PATHS] as const;

const translated = new Set<string>(TRANSLATED_PATHS);

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "hi";
}

/** "/hi" and "/hi/…" are Hindi; "/hindi" or "/history" are not. */
export function localeFromPath(pathname: string): Locale {
  return pathname === HINDI_PREFIX || pathname.startsWith(`${HINDI_PREFIX}/`) ? "hi" : "en";
}

/** The page's path without its language: "/hi/followers" → "/followers", "/hi" → "/". */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === "en") return pathname;
  return pathname.slice(HINDI_PREFIX.length) || "/";
}

/** Whether the page at this (language-less) path has a Hindi version. */
export function isTranslatedPath(pathname: string): boolean {
  return translated.has(stripLocale(pathname));
}

/**
 * The same page in `locale`: "/followers?x=1#faq" → "/hi/followers?x=1#faq" and
 * back. Pages with no Hindi version (the blog) keep their English address.
 */
export function localizedPath(path: string, locale: Locale): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? "" : path.slice(cut);
  const bare = stripLocale(pathname || "/");
  if (locale === "en" || !translated.has(bare)) return `${bare}${rest}`;
  return `${bare === "/" ? HINDI_PREFIX : `${HINDI_PREFIX}${bare}`}${rest}`;
}

/** The remembered language in a Cookie header, if any. */
export function localeFromCookie(cookie: string | undefined | null): Locale | null {
  if (!cookie) return null;
  const match = /(?:^|;)\s*lang=([^;]*)/.exec(cookie);
  const value = match?.[1]?.trim();
  return isLocale(value) ? value : null;
}

/** The cookie the language switch writes, from the browser (pages are cached and set no cookies). */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
