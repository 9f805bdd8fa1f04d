import { useTranslation } from "react-i18next";
import { useLocale, useLocalizedPath } from "~/lib/i18n/use-locale";
import { ArrowRight, Eye, Heart, MessageCircle, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { SERVICE_LINKS } from "~/components/site/service-links";
import type { Prices } from "~/domain/content/site.server";
import { Card } from "~/components/ui/card";
import { formatInr } from "~/lib/money";
import { HomeSection } from "./home-section";

const ICONS = { followers: UserPlus, likes: Heart, views: Eye, comments: MessageCircle } as const;

export function ServicesGrid({ prices }: { prices: Prices["startingPrices"] }) {
  const { t } = useTranslation("home");
  const locale = useLocale();
  const to = useLocalizedPath();
  return (
    <HomeSection id="services" headingId="services-title" width="6xl" copy="services">
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {SERVICE_LINKS.map((service) => {
          const Icon = ICONS[service.type];
          const from = prices[service.type];
          return (
            <li key={service.type}>
              <Card
                asChild
                padding="lg"
                className="group flex h-full flex-col transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
              >
                <Link to={to(service.path)}>
                  <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <h3 className="mt-4 text-lg font-bold text-ink">{t(`common:services.${service.type}`)}</h3>
                  <p className="mt-1 flex-1 text-sm leading-relaxed text-gray-700">{t(`services.${service.type}`)}</p>
                  {from !== undefined && (
                    <p className="mt-4 font-bold text-brand-700">
                      {t("services.from", { price: formatInr(from, locale) })}
                    </p>
                  )}
                  <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                    {t("services.view")}
                    <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" />
                  </span>
                </Link>
              </Card>
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}
