import type { TFunction, i18n } from "i18next";
import { type SocialImage, socialImage } from "~/lib/social-image";
import { createI18n } from "./instance";
import { type Locale, localeFromPath } from "~/lib/i18n/locale";

/**
 * Texts for a route's `meta` (titles, descriptions), which runs outside
 * React. These instances are only read, never switched to another language,
 * so one per language is safe to share between requests.
 */
const instances = new Map<Locale, i18n>();

export function metaTexts(pathname: string): {
  t: TFunction;
  locale: Locale;
  /** The page's link-preview image, described in the page's language. */
  image: (key: string, title: string) => SocialImage;
} {
  const locale = localeFromPath(pathname);
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale);
    instances.set(locale, instance);
  }
  const { t } = instance;
  return { t, locale, image: (key, title) => socialImage(key, title, t("common:socialImageAlt", { title })) };
}
