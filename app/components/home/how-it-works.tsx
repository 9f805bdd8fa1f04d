import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import { HomeSection } from "./home-section";

export function HowItWorks({ deliveryStartMinutes }: { deliveryStartMinutes: number }) {
  const { t } = useTranslation("home");
  const steps = [1, 2, 3, 4].map((n) => ({
    title: t(`how.step${n}Title`),
    text: t(`how.step${n}Text`, { minutes: deliveryStartMinutes }),
  }));
  return (
    <HomeSection id="how-it-works" headingId="how-title" width="6xl" copy="how">
      <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, i) => (
          <Card asChild key={step.title} padding="lg" shadow="none" className="relative">
            <li>
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-extrabold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-3 font-bold text-ink">
                <span className="sr-only">{t("how.step", { n: i + 1 })}</span>
                {step.title}
              </h3>
              <p className="mt-1 text-sm leading-relaxed text-gray-700">{step.text}</p>
            </li>
          </Card>
        ))}
      </ol>
    </HomeSection>
  );
}
