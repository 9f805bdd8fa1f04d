import type { en } from "~/locales/en";
import type { Locale } from "~/lib/i18n/locale";

/** Every text of the storefront with the English object's shape; the Hindi object must match it key for key. */
export type Resources = Strings<typeof en>;
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type Namespace = keyof Resources;

/**
 * The languages this process holds. The server registers both; the browser
 * only the page's own (app/entry.client.tsx), so a page never downloads the
 * other language's words.
 */
const loaded = new Map<Locale, Resources>();

export function registerResources(locale: Locale, resources: Resources): void {
  loaded.set(locale, resources);
}

/** The language's texts, or, in a browser that only holds the other one, those. */
export function resourcesFor(locale: Locale): { locale: Locale; resources: Resources } {
  const resources = loaded.get(locale);
  if (resources) return { locale, resources };
  const [other] = loaded.entries();
  if (!other) throw new Error(`no texts registered for ${locale}`);
  return { locale: other[0], resources: other[1] };
}
