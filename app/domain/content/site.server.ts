import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { countDeliveredOrders } from "~/domain/orders/orders.repository.server";
import { startingPrices } from "~/domain/plans/catalogue.server";
import { hasPublicTestimonials, showsSamples } from "~/domain/social-proof/public.server";
import { deliveredOrdersClaim } from "./delivered-claim";

/**
 * What every public page's header and footer need: the site settings and
 * whether there are testimonials (the header links to them). Page-cache topics
 * `settings` and `proof` (the public layout's `reads`); the prices and the
 * delivered-orders claim are read by the pages that show them.
 */
export async function loadSiteChrome({ settings, db, config }: Pick<AppServices, "db" | "settings" | "config">) {
  const [site, testimonials] = await Promise.all([settings.get(), hasPublicTestimonials(db, showsSamples(config))]);
  return {
    brandName: site.brandName,
    supportEmail: site.supportEmail,
    supportPhone: site.supportPhone,
    whatsappNumber: site.whatsappNumber,
    location: site.location,
    publicBaseUrl: site.publicBaseUrl.replace(/\/+$/, ""),
    deliveryStartMinutes: site.deliveryStartMinutes,
    /** The home page has a testimonials section (the header links to it). */
    hasTestimonials: testimonials,
  };
}

export type SiteChrome = Awaited<ReturnType<typeof loadSiteChrome>>;

/** Each service's cheapest plan in paise, and the cheapest of all for "from ₹X" (null when nothing is on sale). Topic `plans`. */
export async function loadPrices(db: DB) {
  const prices = await startingPrices(db);
  const cheapest = Object.values(prices).reduce<number | null>(
    (min, p) => (min === null || p < min ? p : min),
    null,
  );
  return { cheapestPricePaise: cheapest, startingPrices: prices };
}

export type Prices = Awaited<ReturnType<typeof loadPrices>>;

/** "1,200+" delivered orders, or null while there are too few to claim. Topic `orders`. */
export async function loadDeliveredClaim(db: DB): Promise<string | null> {
  return deliveredOrdersClaim(await countDeliveredOrders(db));
}
