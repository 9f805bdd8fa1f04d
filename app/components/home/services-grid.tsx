import { ArrowRight, Eye, Heart, MessageCircle, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { SERVICE_LINKS } from "~/components/site/service-links";
import type { SiteChrome } from "~/domain/content/site.server";
import { Card } from "~/components/ui/card";
import { formatInr } from "~/lib/money";
import { SectionHeading } from "./section-heading";

const DETAILS = {
  followers: { icon: UserPlus, blurb: "Grow your profile's audience with gradual, natural-looking delivery." },
  likes: { icon: Heart, blurb: "More likes on the post or reel you choose, delivered to that exact link." },
  views: { icon: Eye, blurb: "Push a reel or video to more viewers and help it get noticed." },
  comments: { icon: MessageCircle, blurb: "Start a conversation under your post with comments from other accounts." },
} as const;

export function ServicesGrid({ prices }: { prices: SiteChrome["startingPrices"] }) {
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-16 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="services-title"
          eyebrow="Our services"
          title="Pick what your profile needs"
          intro="Every package needs only your public username or post link."
        />
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICE_LINKS.map((service) => {
            const { icon: Icon, blurb } = DETAILS[service.type];
            const from = prices[service.type];
            return (
              <li key={service.type}>
                <Card
                  asChild
                  padding="lg"
                  className="group flex h-full flex-col transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
                >
                  <Link to={service.path}>
                    <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                      <Icon aria-hidden="true" className="size-6" />
                    </span>
                    <h3 className="mt-4 text-lg font-bold text-ink">{service.label}</h3>
                    <p className="mt-1 flex-1 text-sm leading-relaxed text-gray-700">{blurb}</p>
                    {from !== undefined && <p className="mt-4 font-bold text-brand-700">{`from ${formatInr(from)}`}</p>}
                    <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                      View packages
                      <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" />
                    </span>
                  </Link>
                </Card>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
