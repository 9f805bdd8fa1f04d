import { ENHANCERS, type IslandName } from "./registry";
import { enhanceSectionLinks } from "./section-links";

/**
 * The only script of the pages that are the same for every visitor (home,
 * policies, contact, blog): no React in the browser, just the behaviour of
 * their few interactive parts over the server's HTML (ADR 0010). Pages that
 * hydrate run the same enhancers from their components
 * (app/components/site/use-island.ts).
 */
for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  ENHANCERS[element.dataset.island as IslandName]?.(element);
}
enhanceSectionLinks(document.body);
// For tests and tools: the page's behaviour is in place (hydrated pages say the same from the root).
document.documentElement.dataset.interactive = "true";
