import { Link } from "react-router";
import { useSectionNav } from "~/components/site/use-section-nav";
import { Button } from "~/components/ui/button";
import { formatInr } from "~/lib/money";

interface ClosingCtaProps {
  cheapestPricePaise: number | null;
  deliveryStartMinutes: string;
}

export function ClosingCta({ cheapestPricePaise, deliveryStartMinutes }: ClosingCtaProps) {
  const goToSection = useSectionNav();
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16">
      <div className="cta-backdrop mx-auto max-w-5xl rounded-3xl px-6 py-12 text-center text-white sm:px-12">
        <h2 id="cta-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          Ready to grow your Instagram?
        </h2>
        <p className="mx-auto mt-3 max-w-xl leading-relaxed text-white">
          {cheapestPricePaise !== null && <>Packages from {formatInr(cheapestPricePaise)}. </>}
          Delivery starts within {deliveryStartMinutes} minutes of confirmed payment.
        </p>
        <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild variant="inverse" size="2xl" className="font-bold">
            <a href="#services" onClick={(e) => goToSection("services", e)}>
              Get Started
            </a>
          </Button>
          <Button asChild variant="inverseOutline" size="2xl" className="font-bold">
            <Link to="/track">Track your order</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
