import { INERT_MODULE_TYPE } from "~/lib/page-handle";

/**
 * An `on-intent` page as the browser first gets it (ADR 0011): React Router's
 * module preloads go, except those in `keep` (the islands' own, once each), and the
 * module script that imports the app gets a type browsers do not run. React
 * adds the preloads to the head itself when it hydrates. `words`, the page's
 * language chunk, is imported by that script, so that it downloads beside the
 * app at the first intent instead of after it (ADR 0009). Works on the whole
 * document, so no tag is ever split between two pieces of a stream.
 *
 * The patterns follow the markup React Router 7.18.4 writes. Should a release
 * write its module script another way, the page would quietly hydrate at once
 * and load the whole app on every visit: instead the render fails, loudly,
 * and the tests that load an on-intent page say so.
 */
export function inertHydration(html: string, keep: ReadonlySet<string>, words?: string): string {
  const kept = new Set<string>();
  let inert = 0;
  const rewritten = html
    .replace(/<link rel="modulepreload" href="([^"]*)"[^>]*>/g, (tag, href: string) => {
      if (!keep.has(href) || kept.has(href)) return "";
      kept.add(href);
      return tag;
    })
    .replace(/<script((?: nonce="[^"]*")?) type="module" async="">/g, (_tag, nonce: string) => {
      inert += 1;
      return `<script${nonce} type="${INERT_MODULE_TYPE}">${words ? `import ${JSON.stringify(words)};` : ""}`;
    });
  if (inert !== 1) {
    throw new Error(
      `An on-intent page had ${inert} module scripts of React Router's form (one expected): its markup changed, see ADR 0011`,
    );
  }
  return rewritten;
}
