import { useTranslation } from "react-i18next";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useIsland } from "~/components/site/use-island";
import { Button } from "~/components/ui/button";

interface CarouselProps {
  label: string;
  /** Noun for the buttons and the live region, e.g. "result" → "Next result". */
  itemName: string;
  slides: React.ReactNode[];
  /** Width of one slide, as Tailwind classes (basis-full, sm:basis-1/2, …). */
  slideClassName: string;
  /** Confetti for `ms` on the first slide change, or on every one. */
  confetti?: { on: "first" | "every"; ms: number };
}

/**
 * A looping, swipeable carousel: the slides are server-rendered as a plain
 * row, and app/islands/carousel.ts adds the buttons' and keys' behaviour and
 * the dragging engine when the carousel nears the screen.
 */
export function Carousel({ label, itemName, slides, slideClassName, confetti }: CarouselProps) {
  const { t } = useTranslation("common");
  const island = useIsland<HTMLDivElement>("carousel");
  return (
    // Arrow keys bubble up from whatever inside has focus (a slide's link, a button): delegation, not a widget.
    <div
      {...island}
      role="region"
      aria-roledescription={t("carousel.carousel")}
      aria-label={label}
      data-selected="0"
      data-settled="true"
      data-hint="on"
      data-confetti={confetti?.on}
      data-confetti-ms={confetti?.ms}
      className="group/carousel relative"
    >
      <div className="cursor-grab touch-pan-y overflow-hidden active:cursor-grabbing" data-carousel-viewport>
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
        className="pointer-events-none absolute inset-y-0 -inset-x-1 flex items-center justify-between opacity-100 transition-opacity duration-500 group-data-[hint=off]/carousel:invisible group-data-[hint=off]/carousel:opacity-0"
      >
        <ChevronLeft className="size-8 animate-pulse rounded-full bg-white/80 text-brand-600 shadow" />
        <ChevronRight className="size-8 animate-pulse rounded-full bg-white/80 text-brand-600 shadow" />
      </div>

      <div className="mt-5 flex items-center justify-center gap-4">
        <Button
          variant="arrow"
          size="icon"
          aria-label={t("carousel.previous", { item: itemName })}
          data-carousel-previous
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <p
          className="min-w-20 text-center text-sm font-medium text-gray-700"
          aria-live="polite"
          data-carousel-status
          data-template={t("carousel.position", { n: "{n}", total: slides.length })}
        >
          {t("carousel.position", { n: 1, total: slides.length })}
        </p>
        <Button variant="arrow" size="icon" aria-label={t("carousel.next", { item: itemName })} data-carousel-next>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </div>
  );
}
