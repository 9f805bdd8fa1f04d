import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/i18n/use-locale";
import { BadgeCheck, KeyRound, Timer } from "lucide-react";
import { Button } from "~/components/ui/button";
import { formatInr } from "~/lib/money";

interface HeroProps {
  cheapestPricePaise: number | null;
  deliveryStartMinutes: number;
  /** "1,200+", or null: no count is claimed. */
  deliveredClaim: string | null;
  /** The proof section is on the page (the second button scrolls to it). */
  hasResults: boolean;
}

export function Hero({ cheapestPricePaise, deliveryStartMinutes, deliveredClaim, hasResults }: HeroProps) {
  const { t } = useTranslation("home");
  const locale = useLocale();
  return (
    <section className="hero-backdrop px-4 pb-14 pt-12 sm:pb-20 sm:pt-20" aria-labelledby="hero-title">
      <div className="mx-auto max-w-3xl text-center">
        {deliveredClaim && (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">
            <BadgeCheck aria-hidden="true" className="size-4" />
            {t("hero.delivered", { claim: deliveredClaim })}
          </p>
        )}
        <h1
          id="hero-title"
          className="mt-5 text-[2rem] font-extrabold leading-tight tracking-tight text-ink sm:text-5xl"
        >
          {t("hero.title")}
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-gray-700">
          {t("hero.intro", { minutes: deliveryStartMinutes })}
          {cheapestPricePaise !== null && t("hero.from", { price: formatInr(cheapestPricePaise, locale) })}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="2xl" className="shadow-sm">
            <a href="#services" data-section="services">
              {t("hero.explore")}
            </a>
          </Button>
          {hasResults && (
            <Button asChild variant="secondary" size="2xl">
              <a href="#results" data-section="results">
                {t("hero.results")}
              </a>
            </Button>
          )}
        </div>
        <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium text-gray-700">
          <li className="flex items-center gap-1.5">
            <KeyRound aria-hidden="true" className="size-4 text-brand-600" />
            {t("hero.noPassword")}
          </li>
          <li className="flex items-center gap-1.5">
            <Timer aria-hidden="true" className="size-4 text-brand-600" />
            {t("hero.starts", { minutes: deliveryStartMinutes })}
          </li>
        </ul>
      </div>
    </section>
  );
}
