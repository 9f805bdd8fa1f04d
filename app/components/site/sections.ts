/** Home-page sections the navigation bar scrolls to, with their navigation-state flags (docs/product.md). */
export const HOME_SECTIONS = {
  services: { id: "services", flag: "scrollToServices" },
  howItWorks: { id: "how-it-works", flag: "scrollToHowItWorks" },
  testimonials: { id: "customer-testimonials", flag: "scrollToTestimonials" },
  faq: { id: "faq", flag: "scrollToFAQ" },
} as const;

export type HomeSection = keyof typeof HOME_SECTIONS;
export type ScrollFlag = (typeof HOME_SECTIONS)[HomeSection]["flag"];

/** 100 ms when clicked on home, 200 ms when home opens with a navigation-state flag (docs/product.md). */
export const SCROLL_DELAY_ON_HOME_MS = 100;
export const SCROLL_DELAY_FROM_STATE_MS = 200;

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

/** Which section a navigation state asks home to scroll to, if any. */
export function sectionFromState(state: unknown): string | null {
  if (!state || typeof state !== "object") return null;
  for (const section of Object.values(HOME_SECTIONS)) {
    if ((state as Record<string, unknown>)[section.flag] === true) return section.id;
  }
  return null;
}
