import type { AppServices } from "~/context";
import { countDeliveredOrders } from "~/domain/orders/orders.repository.server";
import { startingPrices } from "~/domain/plans/catalogue.server";
import { hasPublicTestimonials, showsSamples } from "~/domain/social-proof/public.server";
import { deliveredOrdersClaim } from "./delivered-claim";

/** What every public page's header and footer need, read from site settings. */
export async function loadSiteChrome({ db, settings, config }: Pick<AppServices, "db" | "settings" | "config">) {
  const [site, prices, delivered, testimonials] = await Promise.all([
    settings.get(),
    startingPrices(db),
    countDeliveredOrders(db),
    hasPublicTestimonials(db, showsSamples(config)),
  ]);
  const cheapest = Object.values(prices).reduce<number | null>(
    (min, p) => (min === null || p < min ? p : min),
    null,
  );
  return {
    brandName: site.brandName,
    supportEmail: site.supportEmail,
    supportPhone: site.supportPhone,
    whatsappNumber: site.whatsappNumber,
    location: site.location,
    publicBaseUrl: site.publicBaseUrl.replace(/\/+$/, ""),
    deliveryStartMinutes: site.deliveryStartMinutes,
    /** "1,200+" delivered orders, or null while there are too few to claim. */
    deliveredClaim: deliveredOrdersClaim(delivered),
    /** The home page has a testimonials section (the header links to it). */
    hasTestimonials: testimonials,
    /** Cheapest enabled plan in paise, for "from ₹X"; null when nothing is on sale. */
    cheapestPricePaise: cheapest,
    startingPrices: prices,
  };
}

export type SiteChrome = Awaited<ReturnType<typeof loadSiteChrome>>;
