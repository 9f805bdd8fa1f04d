import { ENHANCERS, type IslandName, enhance, enhanceOnce } from "./registry";
import { enhanceSectionLinks } from "./section-links";
import { hydrateOnIntent } from "./hydrate-on-intent";

/**
 * The only script of the pages that are the same for every visitor (home,
 * policies, contact, blog): no React in the browser, just the behaviour of
 * their few interactive parts over the server's HTML (ADR 0010). Pages that
 * hydrate run the same enhancers from their components
 * (app/components/site/use-island.ts). On a page whose React waits for the
 * visitor's first intent (ADR 0011), this is also what starts it.
 */
for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const name = element.dataset.island as IslandName;
  if (name in ENHANCERS) enhance(name, element);
}
enhanceOnce(document.body, "section-links", enhanceSectionLinks);
// For tests and tools: the page's behaviour is in place (hydrated pages say so from the root once React runs).
if (!hydrateOnIntent(document)) document.documentElement.dataset.interactive = "true";
