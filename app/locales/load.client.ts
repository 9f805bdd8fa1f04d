import type { Locale } from "~/lib/i18n/locale";
import { registerResources } from "./resources";

/** The page's language only, each in its own chunk. */
export async function loadResources(locale: Locale): Promise<void> {
  const resources = locale === "hi" ? (await import("~/locales/hi")).hi : (await import("~/locales/en")).en;
  registerResources(locale, resources);
}
