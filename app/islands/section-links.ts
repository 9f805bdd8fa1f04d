import { SCROLL_DELAY_ON_HOME_MS, scrollToSection } from "./sections";

/**
 * Links to a home-page section (`data-section="faq"`): on the home page they
 * scroll there after 100 ms (docs/product.md); elsewhere they are plain links
 * to the home page's anchor, which the browser scrolls to when it opens.
 */
export function enhanceSectionLinks(root: HTMLElement): () => void {
  const onClick = (e: MouseEvent) => {
    const link = (e.target as Element).closest<HTMLAnchorElement>("a[data-section]");
    if (!link || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    const target = new URL(link.href);
    if (target.pathname !== window.location.pathname) return;
    e.preventDefault();
    scrollToSection(link.dataset.section!, SCROLL_DELAY_ON_HOME_MS);
  };
  root.addEventListener("click", onClick);
  return () => root.removeEventListener("click", onClick);
}
