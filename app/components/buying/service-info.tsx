import { BadgeCheck, Clock, KeyRound, Users } from "lucide-react";
import { Card } from "~/components/ui/card";

export function TrustBadges({
  deliveredClaim,
  deliveryStartMinutes,
}: {
  /** "1,200+", or null: no count is claimed. */
  deliveredClaim: string | null;
  deliveryStartMinutes: string;
}) {
  const badges = [
    ...(deliveredClaim ? [{ icon: Users, text: `${deliveredClaim} Orders Delivered` }] : []),
    { icon: KeyRound, text: "No Password Needed" },
    { icon: Clock, text: `Starts within ${deliveryStartMinutes} min` },
  ];
  return (
    <ul className="flex flex-wrap justify-center gap-2" aria-label="Why buyers trust us">
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
  return (
    <section aria-labelledby="why-choose-title" className="mt-12">
      <h2 id="why-choose-title" className="text-center text-2xl font-bold">
        Why Choose Us
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
  const steps = [
    { title: firstStep, text: "We never ask for your password." },
    { title: "Select a package", text: "Pick the package that suits you and pay by UPI." },
    { title: "Get the result", text: "Delivery starts once your payment is confirmed." },
  ];
  return (
    <section aria-labelledby="how-it-works-title" className="mt-12">
      <h2 id="how-it-works-title" className="text-center text-2xl font-bold">
        How It Works
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
