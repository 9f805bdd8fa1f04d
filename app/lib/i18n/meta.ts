import type { TFunction, i18n } from "i18next";
import { createI18n } from "./instance";
import { type Locale, localeFromPath } from "./locale";

/**
 * Texts for a route's `meta` (titles, descriptions), which runs outside
 * React. These instances are only read, never switched to another language,
 * so one per language is safe to share between requests.
 */
const instances = new Map<Locale, i18n>();

export function metaTexts(pathname: string): { t: TFunction; locale: Locale } {
  const locale = localeFromPath(pathname);
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale);
    instances.set(locale, instance);
  }
  return { t: instance.t, locale };
}
