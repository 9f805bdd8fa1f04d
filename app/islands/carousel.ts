import type { EmblaCarouselType } from "embla-carousel";
import { celebrate } from "./confetti";

/** The hint arrows show for the first 5 seconds (docs/product.md, Home page). */
const HINT_MS = 5_000;

/**
 * A looping, swipeable carousel over server-rendered slides
 * (app/components/home/carousel.tsx). The Embla engine that adds dragging is
 * fetched only when the carousel comes near the screen or is first used.
 * `data-confetti="first"` celebrates the first change, `"every"` each one,
 * for `data-confetti-ms`.
 */
export function enhanceCarousel(root: HTMLElement): () => void {
  const viewport = root.querySelector<HTMLElement>("[data-carousel-viewport]")!;
  const status = root.querySelector<HTMLElement>("[data-carousel-status]");
  const confetti = root.dataset.confetti;
  const confettiMs = Number(root.dataset.confettiMs) || 0;
  let engine: Promise<EmblaCarouselType> | null = null;
  let celebrated = false;
  let destroyed = false;

  const load = () =>
    (engine ??= import("embla-carousel").then(({ default: Embla }) => {
      const api = Embla(viewport, { loop: true, align: "start" });
      if (destroyed) api.destroy();
      api.on("settle", () => {
        root.dataset.settled = "true";
      });
      api.on("select", () => {
        const index = api.selectedScrollSnap();
        root.dataset.settled = "false";
        root.dataset.selected = String(index);
        root.dataset.hint = "off";
        if (status?.dataset.template) status.textContent = status.dataset.template.replace("{n}", String(index + 1));
        if (confetti === "every" || (confetti === "first" && !celebrated)) void celebrate(confettiMs);
        celebrated = true;
      });
      return api;
    }));

  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void load();
    },
    { rootMargin: "300px 0px" },
  );
  observer.observe(root);
  const hintTimer = window.setTimeout(() => (root.dataset.hint = "off"), HINT_MS);

  const previous = () => void load().then((api) => api.scrollPrev());
  const next = () => void load().then((api) => api.scrollNext());
  const onClick = (e: MouseEvent) => {
    const button = (e.target as Element).closest("[data-carousel-previous], [data-carousel-next]");
    if (!button || !root.contains(button)) return;
    if (button.hasAttribute("data-carousel-previous")) previous();
    else next();
  };
  // Arrow keys bubble up from whatever inside has focus (a slide's link, a button).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft") previous();
    else if (e.key === "ArrowRight") next();
  };
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeyDown);
  return () => {
    destroyed = true;
    observer.disconnect();
    window.clearTimeout(hintTimer);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeyDown);
    void engine?.then((api) => api.destroy());
  };
}
