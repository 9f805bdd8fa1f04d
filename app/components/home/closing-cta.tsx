import { useTranslation } from "react-i18next";
import { useLocale, useLocalizedPath } from "~/lib/i18n/use-locale";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { formatInr } from "~/lib/money";

interface ClosingCtaProps {
  cheapestPricePaise: number | null;
  deliveryStartMinutes: number;
}

export function ClosingCta({ cheapestPricePaise, deliveryStartMinutes }: ClosingCtaProps) {
  const { t } = useTranslation("home");
  const locale = useLocale();
  const to = useLocalizedPath();
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16">
      <div className="cta-backdrop mx-auto max-w-5xl rounded-3xl px-6 py-12 text-center text-white sm:px-12">
        <h2 id="cta-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {t("cta.title")}
        </h2>
        <p className="mx-auto mt-3 max-w-xl leading-relaxed text-white">
          {cheapestPricePaise !== null && t("cta.from", { price: formatInr(cheapestPricePaise, locale) })}
          {t("cta.starts", { minutes: deliveryStartMinutes })}
        </p>
        <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild variant="inverse" size="2xl" className="font-bold">
            <a href="#services" data-section="services">
              {t("cta.start")}
            </a>
          </Button>
          <Button asChild variant="inverseOutline" size="2xl" className="font-bold">
            <Link to={to("/track")}>{t("cta.track")}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
