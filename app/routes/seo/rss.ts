import type { Route } from "./+types/rss";
import { servicesContext } from "~/context";
import { listBlogPosts } from "~/domain/content/blog.server";
import { buildRssFeed } from "~/domain/content/blog-feeds.server";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.get(servicesContext).settings.get();
  return new Response(buildRssFeed(settings, listBlogPosts()), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=30",
    },
  });
}
