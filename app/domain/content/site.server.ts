import type { AppServices } from "~/context";
import { startingPrices } from "~/domain/plans/catalogue.server";

/** What every public page's header and footer need, read from site settings. */
export async function loadSiteChrome({ db, settings }: Pick<AppServices, "db" | "settings">) {
  const [site, prices] = await Promise.all([settings.get(), startingPrices(db)]);
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
    creatorsBoosted: site.creatorsBoosted,
    /** Cheapest enabled plan in paise, for "from ₹X"; null when nothing is on sale. */
    cheapestPricePaise: cheapest,
    startingPrices: prices,
  };
}

export type SiteChrome = Awaited<ReturnType<typeof loadSiteChrome>>;
