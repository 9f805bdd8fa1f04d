import { Link } from "react-router";
import type { MetaDescriptor } from "react-router";
import { useSiteChrome } from "./layout";
import type { Prices } from "~/domain/content/site.server";
import { Button } from "~/components/ui/button";
import { formatInr } from "~/lib/money";

const dayFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "20 November 2025" for a YYYY-MM-DD day. */
export function blogDateLabel(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** Lets browsers and feed readers discover the RSS feed from any blog page. */
export function rssLink(brandName: string): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `${brandName} Blog`,
    href: "/blog/rss.xml",
  };
}

const SERVICES = [
  { type: "followers", path: "/followers", label: "Buy Instagram Followers" },
  { type: "likes", path: "/likes", label: "Buy Instagram Likes" },
  { type: "views", path: "/views", label: "Buy Instagram Views" },
] as const;

/** The call-to-action box under every article; its claims come from the site settings and policies. */
export function BlogCallToAction({ prices }: { prices: Prices["startingPrices"] }) {
  const site = useSiteChrome();
  return (
    <aside aria-labelledby="blog-cta-title" className="mt-12 rounded-2xl bg-brand-50 p-6 sm:p-8">
      <h2 id="blog-cta-title" className="text-2xl font-bold">
        Want a head start while your content grows?
      </h2>
      <p className="mt-3 text-gray-700">
        Add followers, likes or Reel views to your account. Pay by UPI, no password needed: you only share your
        public username or post link. Orders start within about {site.deliveryStartMinutes} minutes of a confirmed
        payment and are delivered gradually.
      </p>
      <ul className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {SERVICES.map((service) => {
          const from = prices[service.type];
          return (
            <li key={service.path}>
              <Button asChild size="lg" className="min-h-11 w-full flex-col gap-0 rounded-lg sm:w-auto">
                <Link to={service.path}>
                  {service.label}
                  {from !== undefined && <span className="text-sm font-normal">{`from ${formatInr(from)}`}</span>}
                </Link>
              </Button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
