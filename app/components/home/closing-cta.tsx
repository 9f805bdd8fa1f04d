import { Link } from "react-router";
import { useSectionNav } from "~/components/site/use-section-nav";
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
          <a
            href="#services"
            onClick={(e) => goToSection("services", e)}
            className="inline-flex items-center justify-center rounded-xl bg-white px-7 py-3.5 font-bold text-brand-700 shadow hover:bg-brand-50"
          >
            Get Started
          </a>
          <Link
            to="/track"
            className="inline-flex items-center justify-center rounded-xl px-7 py-3.5 font-bold text-white ring-2 ring-white/80 hover:bg-white/10"
          >
            Track your order
          </Link>
        </div>
      </div>
    </section>
  );
}
