import { Link, data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/blog-article";
import { JsonLdScripts } from "~/components/site/json-ld";
import { Button } from "~/components/ui/button";
import { servicesContext } from "~/context";
import { articleHtml, findBlogPost } from "~/domain/content/blog.server";
import { loadPrices } from "~/domain/content/site.server";
import type { PageReads } from "~/domain/public-pages/topics";
import { BlogCallToAction, blogDateLabel, rssLink } from "./blog-shared";
import { useSiteChrome } from "./layout";
import { errorPageMeta, seoMeta, siteFromMatches } from "~/lib/seo";
import { PAGE_TITLES, articleImageKey, socialImage } from "~/lib/social-image";
import { articleLd, breadcrumbLd } from "~/lib/structured-data";
import { STATIC_PAGE } from "~/lib/page-handle";


/** The same for every visitor: served without React in the browser (ADR 0010). */
export const handle = STATIC_PAGE;

/** Settings quoted in the article, each service's "from ₹X" in the call to action. */
export const reads: PageReads = ["settings", "plans"];

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = findBlogPost(params.slug);
  if (!post) throw data(null, { status: 404 });
  const services = context.get(servicesContext);
  const [settings, prices] = await Promise.all([services.settings.get(), loadPrices(services.db)]);
  return {
    slug: post.slug,
    title: post.title,
    description: post.description,
    date: post.date,
    modified: post.modified,
    dateLabel: blogDateLabel(post.date),
    author: post.author,
    readingMinutes: post.readingMinutes,
    html: articleHtml(post, settings),
    startingPrices: prices.startingPrices,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    const title = notFound ? "404 - Blog Post Not Found" : "Something went wrong";
    return [
      { title: `${title} | ${site.brandName}` },
      ...errorPageMeta(site, {
        title,
        description: notFound
          ? "Sorry, the blog post you are looking for does not exist."
          : "We could not show this article right now. Please try again in a moment.",
        image: socialImage("not-found", PAGE_TITLES["not-found"]),
      }),
    ];
  }
  return [
    ...seoMeta({
      title: `${loaderData.title} | ${site.brandName}`,
      description: loaderData.description,
      path: `/blog/${loaderData.slug}`,
      baseUrl: site.publicBaseUrl,
      brandName: site.brandName,
      type: "article",
      image: socialImage(articleImageKey(loaderData.slug), loaderData.title),
    }),
    { property: "article:published_time", content: loaderData.date },
    { property: "article:author", content: loaderData.author },
    rssLink(site.brandName),
  ];
};

export default function BlogArticle({ loaderData: post }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <BackToBlog />
      <article className="mt-6">
        <header>
          <h1 className="text-3xl font-extrabold leading-tight sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-sm text-gray-600">
            By {post.author} · <time dateTime={post.date}>{post.dateLabel}</time>{` · ${post.readingMinutes} min read`}
          </p>
        </header>
        {/* Our own Markdown, rendered at build time; settings in it are HTML-escaped (fillPlaceholders). */}
        <div className="article mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      <BlogCallToAction prices={post.startingPrices} />
      <p className="mt-10">
        <BackToBlog />
      </p>
      <ArticleJsonLd post={post} />
    </main>
  );
}

function BackToBlog() {
  return (
    <Link to="/blog" className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
      <span aria-hidden="true" className="mr-1">
        ←
      </span>
      Back to Blog
    </Link>
  );
}

/** Structured data for search engines: the article itself, and where it sits in the site. */
function ArticleJsonLd({ post }: { post: Route.ComponentProps["loaderData"] }) {
  const site = useSiteChrome();
  return (
    <JsonLdScripts
      items={[
        articleLd(site, { ...post, image: socialImage(articleImageKey(post.slug), post.title) }),
        breadcrumbLd(site, [
          { name: "Home", path: "/" },
          { name: "Blog", path: "/blog" },
          { name: post.title, path: `/blog/${post.slug}` },
        ]),
      ]}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold">{notFound ? "404 - Blog Post Not Found" : "Something went wrong"}</h1>
      <p className="text-gray-700">
        {notFound
          ? "Sorry, the blog post you are looking for does not exist."
          : "We could not show this article right now. Please try again in a moment."}
      </p>
      <Button asChild size="lg" className="min-h-11 rounded-lg">
        <Link to="/blog">Back to Blog</Link>
      </Button>
    </main>
  );
}
