import i18next, { type i18n } from "i18next";
import type { Locale } from "~/lib/i18n/locale";
import { resourcesFor } from "./resources";

/**
 * A fresh i18next for one render: the server renders requests in both
 * languages at once, so no instance (or its language) is ever shared.
 * Synchronous: the texts are already in memory.
 */
export function createI18n(locale: Locale): i18n {
  const found = resourcesFor(locale);
  const instance = i18next.createInstance();
  void instance.init({
    lng: found.locale,
    fallbackLng: false,
    resources: { [found.locale]: found.resources },
    ns: Object.keys(found.resources),
    defaultNS: "common",
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return instance;
}
