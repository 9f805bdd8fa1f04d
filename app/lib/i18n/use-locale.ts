import { useCallback } from "react";
import { useLocation } from "react-router";
import { type Locale, localeFromPath, localizedPath } from "./locale";

/** The page's language, from its address. */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** Turns a site path into the same page in the current page's language (the same function while the language is). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizedPath(path, locale), [locale]);
}
