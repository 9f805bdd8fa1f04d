import type { Route } from "./+types/home";
import { useSiteChrome } from "./layout";
import { ClosingCta } from "~/components/home/closing-cta";
import { FaqAccordion } from "~/components/home/faq-accordion";
import { Hero } from "~/components/home/hero";
import { HowItWorks } from "~/components/home/how-it-works";
import { ProfileCard } from "~/components/home/profile-card";
import { ProofCarousel } from "~/components/home/proof-carousel";
import { ServicesGrid } from "~/components/home/services-grid";
import { TestimonialsCarousel } from "~/components/home/testimonials-carousel";
import { WhyChooseUs } from "~/components/home/why-choose-us";
import { JsonLdScripts } from "~/components/site/json-ld";
import { servicesContext } from "~/context";
import { homeContent } from "~/domain/content/home.server";
import { loadDeliveredClaim, loadPrices } from "~/domain/content/site.server";
import type { PageReads } from "~/domain/public-pages/topics";
import { publicSocialProof, showsSamples } from "~/domain/social-proof/public.server";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { PAGE_TITLES } from "~/lib/social-image";
import { faqPageLd, organizationLd, webSiteLd } from "~/lib/structured-data";
import { localeFromPath } from "~/lib/i18n/locale";
import { metaTexts } from "~/locales/meta";
import { STATIC_PAGE } from "~/lib/page-handle";


/** The same for every visitor: served without React in the browser (ADR 0010). */
export const handle = STATIC_PAGE;

/** Texts quoting settings, the proof and testimonials, each service's "from ₹X", the delivered-orders claim. */
export const reads: PageReads = ["settings", "proof", "plans", "orders"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, settings, config } = context.get(servicesContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const [site, social, prices, deliveredClaim] = await Promise.all([
    settings.get(),
    publicSocialProof(db, showsSamples(config), locale),
    loadPrices(db),
    loadDeliveredClaim(db),
  ]);
  return { ...homeContent(site, social, locale), ...prices, deliveredClaim };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const { t, locale, image } = metaTexts(location.pathname);
  return seoMeta({
    title: `${site.brandName} – ${t("home:meta.title")}`,
    description: t("home:meta.description"),
    path: "/",
    locale,
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
    image: image("home", locale === "en" ? PAGE_TITLES.home : t("home:meta.title")),
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSiteChrome();
  return (
    <main id="main">
      <Hero
        cheapestPricePaise={loaderData.cheapestPricePaise}
        deliveryStartMinutes={site.deliveryStartMinutes}
        deliveredClaim={loaderData.deliveredClaim}
        hasResults={loaderData.proof.length > 0}
      />
      <ServicesGrid prices={loaderData.startingPrices} />
      {loaderData.proof.length > 0 && <ProofCarousel items={loaderData.proof} />}
      <ProfileCard brandName={site.brandName} />
      <WhyChooseUs deliveryStartMinutes={site.deliveryStartMinutes} />
      <HowItWorks deliveryStartMinutes={site.deliveryStartMinutes} />
      {loaderData.testimonials.length > 0 && <TestimonialsCarousel items={loaderData.testimonials} />}
      <FaqAccordion items={loaderData.faq} />
      <ClosingCta cheapestPricePaise={loaderData.cheapestPricePaise} deliveryStartMinutes={site.deliveryStartMinutes} />
      <JsonLdScripts items={[organizationLd(site), webSiteLd(site), faqPageLd(loaderData.faq)]} />
    </main>
  );
}
