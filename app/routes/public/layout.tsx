import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { servicesContext } from "~/context";
import { type SiteChrome, loadSiteChrome } from "~/domain/content/site.server";
import type { PageReads } from "~/domain/public-pages/topics";

/** Every public page's header and footer: the settings, and whether there are testimonials. */
export const reads: PageReads = ["settings", "proof"];

export async function loader({ context }: Route.LoaderArgs) {
  return loadSiteChrome(context.get(servicesContext));
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader site={loaderData} />
      <Outlet />
      <SiteFooter site={loaderData} />
    </>
  );
}

/** Site settings for any public page's component (brand, support contacts, delivery time). */
export function useSiteChrome(): SiteChrome {
  return useRouteLoaderData("routes/public/layout") as SiteChrome;
}
