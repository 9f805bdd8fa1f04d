import type { Route } from "./+types/sitemap";
import { servicesContext } from "~/context";
import { listBlogPosts } from "~/domain/content/blog.server";
import { buildSitemap } from "~/domain/content/blog-feeds.server";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.get(servicesContext).settings.get();
  return new Response(buildSitemap(settings, listBlogPosts()), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Short, so a changed PUBLIC_BASE_URL reaches crawlers about as fast as the settings cache.
      "Cache-Control": "public, max-age=30",
    },
  });
}
