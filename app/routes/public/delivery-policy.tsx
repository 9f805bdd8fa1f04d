import type { Route } from "./+types/delivery-policy";
import { PolicyView, policyMeta } from "./policy-page";
import { servicesContext } from "~/context";
import { policyPage } from "~/domain/content/pages.server";
import { STATIC_PAGE } from "~/lib/page-handle";
import type { PageReads } from "~/domain/public-pages/topics";


/** The same for every visitor: served without React in the browser (ADR 0010). */
export const handle = STATIC_PAGE;

/** The policy's text quotes settings (brand, contacts, fees, retention). */
export const reads: PageReads = ["settings"];

export async function loader({ context }: Route.LoaderArgs) {
  return policyPage("delivery-policy", await context.get(servicesContext).settings.get());
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  policyMeta(loaderData, matches, location.pathname);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PolicyView page={loaderData} />;
}
