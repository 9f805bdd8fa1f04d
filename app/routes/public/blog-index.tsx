import { Link } from "react-router";
import type { Route } from "./+types/blog-index";
import { Card } from "~/components/ui/card";
import { listBlogPosts } from "~/domain/content/blog.server";
import { blogDateLabel, rssLink } from "./blog-shared";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { PAGE_TITLES, socialImage } from "~/lib/social-image";
import { STATIC_PAGE } from "~/lib/page-handle";
import type { PageReads } from "~/domain/public-pages/topics";

/** The articles are files of the build. */
export const reads: PageReads = [];

export function loader() {
  return {
    posts: listBlogPosts().map((post) => ({
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      date: post.date,
      dateLabel: blogDateLabel(post.date),
      readingMinutes: post.readingMinutes,
    })),
  };
}


/** The same for every visitor: served without React in the browser (ADR 0010). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return [
    ...seoMeta({
      title: `${PAGE_TITLES.blog} | ${site.brandName}`,
      description:
        "Practical Instagram growth guides for Indian creators and small businesses: Reels, the algorithm, engagement, posting times, bios, giveaways and more.",
      path: "/blog",
      baseUrl: site.publicBaseUrl,
      brandName: site.brandName,
      image: socialImage("blog", PAGE_TITLES.blog),
    }),
    rssLink(site.brandName),
  ];
};

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-extrabold sm:text-4xl">Instagram Growth Blog</h1>
        <p className="mt-3 text-lg text-gray-700">
          Practical, honest advice for creators and small businesses in India who want to grow on Instagram.
        </p>
      </header>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.posts.map((post) => (
          <li key={post.slug}>
            <Card asChild padding="lg" className="flex h-full flex-col">
            <article>
              <h2 className="text-xl font-bold leading-snug">
                <Link to={`/blog/${post.slug}`} className="hover:text-brand-700">
                  {post.title}
                </Link>
              </h2>
              <p className="mt-2 text-sm text-gray-600">
                <time dateTime={post.date}>{post.dateLabel}</time>{` · ${post.readingMinutes} min read`}
              </p>
              <p className="mt-3 flex-1 text-gray-700">{post.excerpt}</p>
              <Link
                to={`/blog/${post.slug}`}
                className="mt-5 inline-flex min-h-11 items-center self-start font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                Read More
                {/* Gives each "Read More" a distinct name for screen readers and search engines. */}
                <span className="sr-only">: {post.title}</span>
                <span aria-hidden="true" className="ml-1">
                  →
                </span>
              </Link>
            </article>
            </Card>
          </li>
        ))}
      </ul>
    </main>
  );
}
