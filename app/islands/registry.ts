import { enhanceBackLink } from "./back-link";
import { enhanceCarousel } from "./carousel";
import { enhanceFaq } from "./faq";
import { enhanceHeader } from "./header";

/**
 * The interactive parts of server-rendered pages, by the name their markup
 * gives in `data-island`. Each enhancer returns its cleanup.
 */
export const ENHANCERS = {
  header: enhanceHeader,
  faq: enhanceFaq,
  carousel: enhanceCarousel,
  "back-link": enhanceBackLink,
} satisfies Record<string, (element: HTMLElement) => () => void>;

export type IslandName = keyof typeof ENHANCERS;

const enhanced = new WeakMap<HTMLElement, Set<string>>();

/**
 * Runs `enhancer` on `element` unless it already runs there under `key`. On a
 * page React starts on intent (ADR 0011), app/islands/main.ts enhanced the
 * server's HTML before React took the same elements over; the components then
 * ask again and get nothing to undo.
 */
export function enhanceOnce(
  element: HTMLElement,
  key: string,
  enhancer: (element: HTMLElement) => () => void,
): () => void {
  const keys = enhanced.get(element) ?? new Set<string>();
  if (keys.has(key)) return () => {};
  keys.add(key);
  enhanced.set(element, keys);
  const undo = enhancer(element);
  return () => {
    keys.delete(key);
    undo();
  };
}

/** The enhancer `name` on `element`, once. */
export function enhance(name: IslandName, element: HTMLElement): () => void {
  return enhanceOnce(element, name, ENHANCERS[name]);
}
