import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/i18n/use-locale";
import { Card } from "~/components/ui/card";
import type { Testimonial } from "~/domain/social-proof/types";
import { Carousel } from "./carousel";
import { HomeSection } from "./home-section";
import { RatingStarSymbol, RatingStars } from "./rating-stars";

/** 3 seconds of confetti, on the first change only (docs/product.md, Home page). */
const CONFETTI_MS = 3_000;

const LANG_ATTRIBUTE: Record<Testimonial["language"], string> = { en: "en-IN", hi: "hi", hinglish: "hi-Latn" };
const DATE_FORMATS = {
  en: new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
  hi: new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
};

/** "2026-03-14" → "14 Mar 2026", or "14 मार्च 2026" on a Hindi page (it said "Mar" there). */
function formatDate(iso: string, locale: "en" | "hi"): string {
  const [y, m, d] = iso.split("-").map(Number);
  return DATE_FORMATS[locale].format(Date.UTC(y!, m! - 1, d));
}

export function TestimonialsCarousel({ items }: { items: Testimonial[] }) {
  const { t } = useTranslation("home");
  return (
    <HomeSection
      id="customer-testimonials"
      headingId="testimonials-title"
      tone="tinted"
      width="6xl"
      copy="testimonials"
    >
      <RatingStarSymbol />
      <div className="mt-10">
        <Carousel
          label={t("testimonials.label")}
          itemName={t("common:carousel.testimonial")}
          slideClassName="basis-full sm:basis-1/2 lg:basis-1/3"
          slides={items.map((t) => (
            <TestimonialCard key={t.handle} item={t} />
          ))}
          confetti={{ on: "first", ms: CONFETTI_MS }}
        />
      </div>
    </HomeSection>
  );
}

function TestimonialCard({ item }: { item: Testimonial }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card asChild padding="lg" className="flex h-full flex-col">
      <figure>
        <p className="flex gap-0.5" role="img" aria-label={t("common:carousel.rated", { rating: item.rating })}>
          <RatingStars rating={item.rating} />
        </p>
        {/* A buyer's own words, in their language (ADR 0009). */}
        <blockquote
          lang={LANG_ATTRIBUTE[item.language]}
          data-own-words=""
          className="mt-3 flex-1 leading-relaxed text-gray-800"
        >
          {item.content}
        </blockquote>
        <figcaption className="mt-4 flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700"
          >
            {item.name.charAt(0)}
          </span>
          <span className="min-w-0">
            <span className="block font-semibold text-ink" data-own-words="">
              {item.name}
            </span>
            <span className="block truncate text-sm text-gray-600">
              {item.handle} · <time dateTime={item.date}>{formatDate(item.date, locale)}</time>
            </span>
          </span>
        </figcaption>
      </figure>
    </Card>
  );
}
