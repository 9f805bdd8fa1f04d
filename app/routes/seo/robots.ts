import type { Route } from "./+types/robots";
import { servicesContext } from "~/context";
import { buildRobotsTxt } from "~/domain/content/blog-feeds.server";

/** A route rather than a file, so its Sitemap: line names the shop's public address. */
export async function loader({ context }: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(await context.get(servicesContext).settings.get()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=30" },
  });
}
