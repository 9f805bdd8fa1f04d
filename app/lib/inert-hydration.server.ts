import { INERT_MODULE_TYPE } from "./page-handle";

/**
 * An `on-intent` page as the browser first gets it (ADR 0011): React Router's
 * module preloads go, except those in `keep` (the islands' own, once each), and the
 * module script that imports the app gets a type browsers do not run. React
 * adds the preloads to the head itself when it hydrates. `words`, the page's
 * language chunk, is imported by that script, so that it downloads beside the
 * app at the first intent instead of after it (ADR 0009). Works on the whole
 * document, so no tag is ever split between two pieces of a stream.
 */
export function inertHydration(html: string, keep: ReadonlySet<string>, words?: string): string {
  const kept = new Set<string>();
  return html
    .replace(/<link rel="modulepreload" href="([^"]*)"[^>]*>/g, (tag, href: string) => {
      if (!keep.has(href) || kept.has(href)) return "";
      kept.add(href);
      return tag;
    })
    .replace(
      /<script((?: nonce="[^"]*")?) type="module" async="">/g,
      `<script$1 type="${INERT_MODULE_TYPE}">${words ? `import ${JSON.stringify(words)};` : ""}`,
    );
}
