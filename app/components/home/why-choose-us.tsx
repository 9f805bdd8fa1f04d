import { useTranslation } from "react-i18next";
import { Clock, IndianRupee, KeyRound, LifeBuoy, MapPinned, TrendingUp } from "lucide-react";
import { Card } from "~/components/ui/card";
import { HomeSection } from "./home-section";

export function WhyChooseUs({ deliveryStartMinutes }: { deliveryStartMinutes: number }) {
  const { t } = useTranslation("home");
  const minutes = deliveryStartMinutes;
  const reasons = [
    {
      icon: KeyRound,
      title: t("why.passwordTitle"),
      text: t("why.passwordText"),
    },
    {
      icon: IndianRupee,
      title: t("why.upiTitle"),
      text: t("why.upiText"),
    },
    {
      icon: Clock,
      title: t("why.fastTitle", { minutes }),
      text: t("why.fastText", { minutes }),
    },
    {
      icon: TrendingUp,
      title: t("why.gradualTitle"),
      text: t("why.gradualText"),
    },
    {
      icon: MapPinned,
      title: t("why.trackTitle"),
      text: t("why.trackText"),
    },
    {
      icon: LifeBuoy,
      title: t("why.helpTitle"),
      text: t("why.helpText"),
    },
  ];
  return (
    <HomeSection headingId="why-title" tone="tinted" width="6xl" copy="why">
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {reasons.map(({ icon: Icon, title, text }) => (
          <Card asChild key={title} padding="lg" shadow="none">
            <li>
              <Icon aria-hidden="true" className="size-7 text-brand-600" />
              <h3 className="mt-3 font-bold text-ink">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-gray-700">{text}</p>
            </li>
          </Card>
        ))}
      </ul>
    </HomeSection>
  );
}
