import { readFile } from "node:fs/promises";

const cache = new Map<string, Promise<string | null>>();

/**
 * The built stylesheet's text for inlining, read once. The server build sits
 * in build/server/, the browser assets in build/client/. Null when the file is
 * not there (the Vite dev server serves styles itself).
 */
export function readSiteCss(href: string): Promise<string | null> {
  let text = cache.get(href);
  if (!text) {
    const file = new URL(`../client${href}`, import.meta.url);
    text = readFile(file, "utf8").catch(() => null);
    cache.set(href, text);
  }
  return text;
}
