import { useTranslation } from "react-i18next";
import { BadgeCheck, Clock, KeyRound, Users } from "lucide-react";
import { Card } from "~/components/ui/card";

export function TrustBadges({
  deliveredClaim,
  deliveryStartMinutes,
}: {
  /** "1,200+", or null: no count is claimed. */
  deliveredClaim: string | null;
  deliveryStartMinutes: number;
}) {
  const { t } = useTranslation("service");
  const badges = [
    ...(deliveredClaim ? [{ icon: Users, text: t("badges.delivered", { claim: deliveredClaim }) }] : []),
    { icon: KeyRound, text: t("badges.noPassword") },
    { icon: Clock, text: t("badges.starts", { minutes: deliveryStartMinutes }) },
  ];
  return (
    <ul className="flex flex-wrap justify-center gap-2" aria-label={t("badges.label")}>
      {badges.map(({ icon: Icon, text }) => (
        <li
          key={text}
          className="flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-medium text-ink shadow-sm"
        >
          <Icon aria-hidden className="size-4 text-brand-600" />
          {text}
        </li>
      ))}
    </ul>
  );
}

export function WhyChooseUs({ points }: { points: Array<{ title: string; text: string }> }) {
  const { t } = useTranslation("service");
  return (
    <section aria-labelledby="why-choose-title" className="mt-12">
      <h2 id="why-choose-title" className="text-center text-2xl font-bold">
        {t("why.heading")}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {points.map((p) => (
          <Card asChild key={p.title} padding="sm" shadow="none" className="flex gap-3">
            <li>
              <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
              <div>
                <h3 className="font-semibold">{p.title}</h3>
                <p className="text-sm text-gray-700">{p.text}</p>
              </div>
            </li>
          </Card>
        ))}
      </ul>
    </section>
  );
}

export function HowItWorks({ firstStep }: { firstStep: string }) {
  const { t } = useTranslation("service");
  const steps = [
    { title: firstStep, text: t("how.firstText") },
    { title: t("how.selectTitle"), text: t("how.selectText") },
    { title: t("how.resultTitle"), text: t("how.resultText") },
  ];
  return (
    <section aria-labelledby="how-it-works-title" className="mt-12">
      <h2 id="how-it-works-title" className="text-center text-2xl font-bold">
        {t("how.heading")}
      </h2>
      <ol className="mt-6 grid gap-4 sm:grid-cols-3">
        {steps.map((s, i) => (
          <Card asChild key={s.title} padding="sm" shadow="none">
            <li>
              <span
                className="flex size-8 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
                aria-hidden
              >
                {i + 1}
              </span>
              <h3 className="mt-2 font-semibold">{s.title}</h3>
              <p className="text-sm text-gray-700">{s.text}</p>
            </li>
          </Card>
        ))}
      </ol>
    </section>
  );
}
