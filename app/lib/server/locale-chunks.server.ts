import chunks from "virtual:locale-chunks";
import type { Locale } from "~/lib/i18n/locale";

/** The address of a language's words in the client build (scripts/locale-chunks/vite-plugin.ts); none in development. */
export function localeChunk(locale: Locale): string | undefined {
  return (chunks as Partial<Record<Locale, string>>)[locale];
}
