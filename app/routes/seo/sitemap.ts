import type { Route } from "./+types/sitemap";
import { servicesContext } from "~/context";
import { listBlogPosts } from "~/domain/content/blog.server";
import { buildSitemap } from "~/domain/content/blog-feeds.server";
import { publicPageDates } from "~/domain/content/sitemap-dates.server";
import { BUILD_DAY } from "~/lib/build-day";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  const posts = listBlogPosts();
  const [site, dates] = await Promise.all([settings.get(), publicPageDates(db, BUILD_DAY, posts)]);
  return new Response(buildSitemap(site, posts, dates), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Short, so a changed PUBLIC_BASE_URL reaches crawlers about as fast as the settings cache.
      "Cache-Control": "public, max-age=30",
    },
  });
}
