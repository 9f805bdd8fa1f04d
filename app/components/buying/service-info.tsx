import { useTranslation } from "react-i18next";
import { BadgeCheck, Clock, KeyRound, Users } from "lucide-react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

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
  return <CardBand id="why-choose-title" heading={t("why.heading")} cards={points} />;
}

export function HowItWorks({ firstStep }: { firstStep: string }) {
  const { t } = useTranslation("service");
  const steps = [
    { title: firstStep, text: t("how.firstText") },
    { title: t("how.selectTitle"), text: t("how.selectText") },
    { title: t("how.resultTitle"), text: t("how.resultText") },
  ];
  return <CardBand id="how-it-works-title" heading={t("how.heading")} cards={steps} numbered />;
}

/**
 * A band of the service page: a centred heading over a grid of cards, each a title with a line of text.
 * Points have a tick beside them, two to a row; steps (`numbered`) have their number above, three to a row.
 */
function CardBand({
  id,
  heading,
  cards,
  numbered = false,
}: {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  cards: ReadonlyArray<{ title: string; text: string }>;
  numbered?: boolean;
}) {
  const List = numbered ? "ol" : "ul";
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-center text-2xl font-bold">
        {heading}
      </h2>
      <List className={cn("mt-6 grid gap-4", numbered ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {cards.map((card, i) => (
          <Card asChild key={card.title} padding="sm" shadow="none" className={numbered ? undefined : "flex gap-3"}>
            <li>
              {numbered ? (
                <span
                  className="flex size-8 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
                  aria-hidden
                >
                  {i + 1}
                </span>
              ) : (
                <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
              )}
              <div className={numbered ? "mt-2" : undefined}>
                <h3 className="font-semibold">{card.title}</h3>
                <p className="text-sm text-gray-700">{card.text}</p>
              </div>
            </li>
          </Card>
        ))}
      </List>
    </section>
  );
}
