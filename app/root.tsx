import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import siteCssHref from "./app.css?url";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { Button } from "~/components/ui/button";
import { Toaster } from "~/components/ui/toast";
import type { SiteChrome } from "~/domain/content/site.server";
import { DEFAULT_BRAND_NAME } from "~/lib/brand";
import { errorPageMeta, siteFromError, siteFromMatches } from "~/lib/seo";
import { PAGE_TITLES, socialImage } from "~/lib/social-image";
import { useNonce } from "~/lib/nonce";
import { isAdminPath } from "~/lib/admin-path";
import { routeErrorKind } from "~/lib/route-error";
import { useEffect, useMemo } from "react";
import islands from "virtual:islands";
import { enhanceSectionLinks } from "~/islands/section-links";
import { enhanceOnce } from "~/islands/registry";
import { replayTypedInput } from "~/islands/hydrate-on-intent";
import { usePageScripts } from "~/lib/page-scripts";
import { I18nextProvider, useTranslation } from "react-i18next";
import { createI18n } from "~/locales/instance";
import { LOCALE_TAGS, localeFromPath, localizedPath } from "~/lib/i18n/locale";
import { useLocale } from "~/lib/i18n/use-locale";
import { metaTexts } from "~/locales/meta";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The admin's pages name their own colour (app/components/admin/admin-app-meta.tsx).
  const { pathname } = useLocation();
  const admin = isAdminPath(pathname);
  // The address decides the language; a render of its own, so concurrent requests never share one.
  const locale = localeFromPath(pathname);
  const i18n = useMemo(() => createI18n(locale), [locale]);
  // Decided by the server's render alone: a page React hydrated stays a React app as it navigates.
  const scripts = usePageScripts();
  // What app/islands/main.ts does on static pages, for the pages React runs; on a page React started
  // on intent, main.ts did it already, and what the visitor typed meanwhile is given to React.
  useEffect(() => {
    const undo = enhanceOnce(document.body, "section-links", enhanceSectionLinks);
    replayTypedInput(document.body);
    document.documentElement.dataset.interactive = "true";
    return undo;
  }, []);
  return (
    <html lang={LOCALE_TAGS[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {!admin && <meta name="theme-color" content="#d6246e" />}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* A file, not inlined: cached once for every page instead of 58 KB in each page's HTML. */}
        <link rel="stylesheet" href={siteCssHref} />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          {children}
          <Toaster />
        </I18nextProvider>
        {scripts !== "islands" && (
          <>
            <ScrollRestoration nonce={nonce || undefined} />
            <Scripts nonce={nonce || undefined} />
          </>
        )}
        {/* Last in the body: React's hydration passes over what it did not render there. */}
        {scripts !== "react" && (
          <>
            {islands.imports.map((href) => (
              <link key={href} rel="modulepreload" href={href} />
            ))}
            <script type="module" src={islands.entry} nonce={nonce || undefined} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  // The visitor's own request was refused (bad form, too large…): say so rather than blame the server.
  const error = useRouteError();
  const { t } = useTranslation("common");
  const { status, notFound, refused } = routeErrorKind(error);
  const title = t(
    notFound ? "errorPage.notFoundTitle" : refused ? "errorPage.badRequestTitle" : "errorPage.serverErrorTitle",
  );
  // The public layout's settings, when its loader got to run; a bare 404 has only the defaults.
  const site = useRouteLoaderData<SiteChrome>("routes/public/layout");
  const locale = useLocale();
  const brandName = site?.brandName ?? siteFromError(error)?.brandName ?? DEFAULT_BRAND_NAME;
  return (
    <>
      <title>{notFound ? t("errorPage.notFoundPageTitle") : title}</title>
      <SiteHeader site={{ brandName, hasTestimonials: site?.hasTestimonials }} />
      <main
        id="main"
        className="hero-backdrop flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 py-20 text-center"
      >
        <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
          {status}
        </p>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
        <p className="max-w-md text-gray-700">
          {t(notFound ? "errorPage.notFound" : refused ? "errorPage.badRequest" : "errorPage.serverError")}
        </p>
        <Button asChild className="px-6 shadow-sm">
          <a href={localizedPath("/", locale)}>{t("errorPage.home")}</a>
        </Button>
      </main>
      {site && <SiteFooter site={site} />}
    </>
  );
}

// The error page names itself (ErrorBoundary's <title>), so its meta carries every tag but the title.
export const meta: Route.MetaFunction = ({ error, matches, location }) => {
  if (!error) return [{ title: DEFAULT_BRAND_NAME }];
  const { notFound } = routeErrorKind(error);
  const site = siteFromError(error) ?? siteFromMatches(matches);
  const { t } = metaTexts(location.pathname);
  return errorPageMeta(site, {
    title: t(notFound ? "common:errorPage.notFoundPageTitle" : "common:errorPage.somethingWrong"),
    description: t(notFound ? "common:errorPage.notFound" : "common:errorPage.serverError"),
    image: socialImage("not-found", PAGE_TITLES["not-found"]),
  });
};
