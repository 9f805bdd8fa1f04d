import { BadgeCheck, KeyRound, Timer } from "lucide-react";
import { scrollToSection } from "~/components/site/sections";
import { useSectionNav } from "~/components/site/use-section-nav";
import { Button } from "~/components/ui/button";
import { formatInr } from "~/lib/money";

interface HeroProps {
  cheapestPricePaise: number | null;
  deliveryStartMinutes: string;
  /** "1,200+", or null: no count is claimed. */
  deliveredClaim: string | null;
  /** The proof section is on the page (the second button scrolls to it). */
  hasResults: boolean;
}

export function Hero({ cheapestPricePaise, deliveryStartMinutes, deliveredClaim, hasResults }: HeroProps) {
  const goToSection = useSectionNav();
  const toResults = (e: React.MouseEvent) => {
    e.preventDefault();
    scrollToSection("results", 100);
  };
  return (
    <section className="hero-backdrop px-4 pb-14 pt-12 sm:pb-20 sm:pt-20" aria-labelledby="hero-title">
      <div className="mx-auto max-w-3xl text-center">
        {deliveredClaim && (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">
            <BadgeCheck aria-hidden="true" className="size-4" />
            {deliveredClaim} orders delivered
          </p>
        )}
        <h1
          id="hero-title"
          className="mt-5 text-[2rem] font-extrabold leading-tight tracking-tight text-ink sm:text-5xl"
        >
          Grow your Instagram with followers, likes, views and comments
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-gray-700">
          Choose a package, pay by UPI and your order starts within {deliveryStartMinutes} minutes of confirmed payment.
          {cheapestPricePaise !== null && <> Packages from {formatInr(cheapestPricePaise)}.</>}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="2xl" className="shadow-sm">
            <a href="#services" onClick={(e) => goToSection("services", e)}>
              Explore Services
            </a>
          </Button>
          {hasResults && (
            <Button asChild variant="secondary" size="2xl">
              <a href="#results" onClick={toResults}>
                See Real Results
              </a>
            </Button>
          )}
        </div>
        <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium text-gray-700">
          <li className="flex items-center gap-1.5">
            <KeyRound aria-hidden="true" className="size-4 text-brand-600" />
            No password needed
          </li>
          <li className="flex items-center gap-1.5">
            <Timer aria-hidden="true" className="size-4 text-brand-600" />
            Starts within {deliveryStartMinutes} minutes of confirmed payment
          </li>
        </ul>
      </div>
    </section>
  );
}
