/** Home-page sections the navigation bar links to, by their element ids (docs/product.md). */
export const HOME_SECTIONS = {
  services: "services",
  howItWorks: "how-it-works",
  testimonials: "customer-testimonials",
  faq: "faq",
} as const;

export type HomeSection = keyof typeof HOME_SECTIONS;

/** A link clicked on home scrolls after 100 ms (docs/product.md). */
export const SCROLL_DELAY_ON_HOME_MS = 100;

/** Scrolls smoothly so the section's top sits just below the sticky bar. */
export function scrollToSection(id: string, delayMs: number): () => void {
  const timer = window.setTimeout(() => {
    const target = document.getElementById(id);
    if (!target) return;
    const bar = document.getElementById("site-header");
    const offset = bar ? bar.getBoundingClientRect().height : 0;
    const top = target.getBoundingClientRect().top + window.scrollY - offset;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: Math.max(0, top), behavior: reduce ? "auto" : "smooth" });
  }, delayMs);
  return () => window.clearTimeout(timer);
}
