import { Fragment } from "react";
import type { MetaDescriptor } from "react-router";
import { CancellationTerms } from "~/components/site/cancellation-terms";
import { RetentionTerms } from "~/components/site/retention-terms";
import type { PolicyPage } from "~/domain/content/pages.server";
import { CANCELLATION_TERMS_MARK, RETENTION_TERMS_MARK } from "~/domain/content/policy-marks";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { useTranslation } from "react-i18next";
import { metaTexts } from "~/locales/meta";
import { useLocale } from "~/lib/i18n/use-locale";

type Matches = Parameters<typeof siteFromMatches>[0];

/** Splits a document at its marks, keeping each mark as a piece of its own. */
const MARKS = new RegExp(`(${CANCELLATION_TERMS_MARK}|${RETENTION_TERMS_MARK})`);

/** Title, description and canonical for a policy page, from its front matter. */
export function policyMeta(page: PolicyPage | undefined, matches: Matches, pathname: string): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  if (!page) return [{ title: site.brandName }];
  const { t, locale, image } = metaTexts(pathname);
  const title = locale === "en" ? page.title : t(`policies:titles.${page.slug}`);
  return seoMeta({
    title: `${title} | ${site.brandName}`,
    // The document, and so its summary, is English.
    description: page.description,
    path: `/${page.slug}`,
    locale,
    image: image(page.slug, title),
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
  });
}

/** A policy document, typeset by the `.prose-policy` styles in app.css. */
export function PolicyView({ page }: { page: PolicyPage }) {
  const { t } = useTranslation("policies");
  const english = useLocale() === "en";
  return (
    <main id="main" className="px-4 py-10 sm:py-14">
      <article className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
          {english ? page.title : t(`titles.${page.slug}`)}
        </h1>
        {!english && <p className="mt-2 text-sm text-gray-600">{t("englishOnly")}</p>}
        {/*
          Our own Markdown, rendered on the server; settings inside it are HTML-escaped. English in every page,
          but for the cancellation and retention terms, which follow the settings in the page's language.
        */}
        <div className="prose-policy mt-6">
          {page.html.split(MARKS).map((html, i) => (
            <Fragment key={i}>
              {html === CANCELLATION_TERMS_MARK ? (
                <CancellationTerms percent={page.cancellationFeePercent} />
              ) : html === RETENTION_TERMS_MARK ? (
                <RetentionTerms days={page.retentionDays} />
              ) : (
                <div lang={english ? undefined : "en"} className="contents" dangerouslySetInnerHTML={{ __html: html }} />
              )}
            </Fragment>
          ))}
        </div>
      </article>
    </main>
  );
}
