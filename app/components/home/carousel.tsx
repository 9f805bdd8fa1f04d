import { useTranslation } from "react-i18next";
import type { EmblaCarouselType } from "embla-carousel";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";

/** The hint arrows show for the first 5 seconds (docs/product.md, Home page). */
const HINT_MS = 5_000;

interface CarouselProps {
  label: string;
  /** Noun for the buttons and the live region, e.g. "result" → "Next result". */
  itemName: string;
  slides: React.ReactNode[];
  /** Width of one slide, as Tailwind classes (basis-full, sm:basis-1/2, …). */
  slideClassName: string;
  /** Called after the visible slide changes (by button, key or swipe). */
  onChange?: (index: number) => void;
}

/**
 * A looping, swipeable carousel. The slides are server-rendered as a plain
 * row; the Embla engine that adds dragging is fetched only when the carousel
 * comes near the screen or is first used, so it never weighs on first load.
 */
export function Carousel({ label, itemName, slides, slideClassName, onChange }: CarouselProps) {
  const { t } = useTranslation("common");
  const root = useRef<HTMLDivElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const engine = useRef<Promise<EmblaCarouselType> | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const [selected, setSelected] = useState(0);
  const [hint, setHint] = useState(true);
  const [settled, setSettled] = useState(true);

  const load = useCallback(() => {
    engine.current ??= import("embla-carousel").then(({ default: Embla }) => {
      const api = Embla(viewport.current!, { loop: true, align: "start" });
      api.on("settle", () => setSettled(true));
      api.on("select", () => {
        setSettled(false);
        setSelected(api.selectedScrollSnap());
        setHint(false);
        onChangeRef.current?.(api.selectedScrollSnap());
      });
      return api;
    });
    return engine.current;
  }, []);

  useEffect(() => {
    const node = root.current!;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void load();
        }
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(node);
    const timer = window.setTimeout(() => setHint(false), HINT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      void engine.current?.then((api) => api.destroy());
      engine.current = null;
    };
  }, [load]);

  const previous = () => void load().then((api) => api.scrollPrev());
  const next = () => void load().then((api) => api.scrollNext());
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowLeft") previous();
    else if (e.key === "ArrowRight") next();
  };

  return (
    // Arrow keys bubble up from whatever inside has focus (a slide's link, a button): delegation, not a widget.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={root}
      role="region"
      aria-roledescription={t("carousel.carousel")}
      aria-label={label}
      data-selected={selected}
      data-settled={settled}
      className="relative"
      onKeyDown={onKeyDown}
    >
      <div
        ref={viewport}
        className="cursor-grab touch-pan-y overflow-hidden active:cursor-grabbing"
        data-carousel-viewport
      >
        <div className="-ml-4 flex">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription={t("carousel.slide")}
              aria-label={t("carousel.position", { n: i + 1, total: slides.length })}
              className={`min-w-0 shrink-0 grow-0 pl-4 ${slideClassName}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>

      <div
        aria-hidden="true"
        data-carousel-hint
        className={`pointer-events-none absolute inset-y-0 -inset-x-1 flex items-center justify-between transition-opacity duration-500 ${
          hint ? "opacity-100" : "invisible opacity-0"
        }`}
      >
        <ChevronLeft className="size-8 animate-pulse rounded-full bg-white/80 text-brand-600 shadow" />
        <ChevronRight className="size-8 animate-pulse rounded-full bg-white/80 text-brand-600 shadow" />
      </div>

      <div className="mt-5 flex items-center justify-center gap-4">
        <Button variant="arrow" size="icon" aria-label={t("carousel.previous", { item: itemName })} onClick={previous}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <p className="min-w-20 text-center text-sm font-medium text-gray-700" aria-live="polite">
          {t("carousel.position", { n: selected + 1, total: slides.length })}
        </p>
        <Button variant="arrow" size="icon" aria-label={t("carousel.next", { item: itemName })} onClick={next}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </div>
  );
}
