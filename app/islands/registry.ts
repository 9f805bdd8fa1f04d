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
