import type { MetaDescriptor } from "react-router";
import type { PolicyPage } from "~/domain/content/pages.server";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { socialImage } from "~/lib/social-image";

type Matches = Parameters<typeof siteFromMatches>[0];

/** Title, description and canonical for a policy page, from its front matter. */
export function policyMeta(page: PolicyPage | undefined, matches: Matches): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  if (!page) return [{ title: site.brandName }];
  return seoMeta({
    title: `${page.title} | ${site.brandName}`,
    description: page.description,
    path: `/${page.slug}`,
    image: socialImage(page.slug, page.title),
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
  });
}

/** A policy document, typeset by the `.prose-policy` styles in app.css. */
export function PolicyView({ page }: { page: PolicyPage }) {
  return (
    <main id="main" className="px-4 py-10 sm:py-14">
      <article className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{page.title}</h1>
        {/* Our own Markdown, rendered on the server; settings inside it are HTML-escaped. */}
        <div className="prose-policy mt-6" dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
    </main>
  );
}
