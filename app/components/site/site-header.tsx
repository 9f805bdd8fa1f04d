import { Menu, X } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/lib/i18n/use-locale";
import { LanguageSwitch } from "./language-switch";
import { Button } from "~/components/ui/button";
import type { SiteChrome } from "~/domain/content/site.server";
import { SERVICE_LINKS } from "./service-links";
import { ServicesMenu } from "./services-menu";
import { HOME_SECTIONS, type HomeSection } from "~/islands/sections";
import { useIsland } from "./use-island";

const SECTION_LINKS: ReadonlyArray<{
  section: HomeSection;
  label: "howItWorks" | "testimonials" | "faq";
}> = [
  { section: "howItWorks", label: "howItWorks" },
  { section: "testimonials", label: "testimonials" },
  { section: "faq", label: "faq" },
];

/**
 * The site bar. Its behaviour (the look once scrolled, the phone menu, the
 * Services menu, the language switch's memory) is app/islands/header.ts, run
 * by the static pages' script or, on pages React hydrates, by useIsland.
 */
export function SiteHeader({ site }: { site: Pick<SiteChrome, "brandName"> & { hasTestimonials?: boolean } }) {
  // No link to a section the home page does not have.
  const sectionLinks = SECTION_LINKS.filter((link) => link.section !== "testimonials" || site.hasTestimonials);
  const island = useIsland<HTMLElement>("header");
  const { t } = useTranslation("common");
  const to = useLocalizedPath();
  const sectionLink = (section: HomeSection) => {
    const id = HOME_SECTIONS[section];
    return { href: to(`/#${id}`), "data-section": id };
  };

  return (
    <header
      {...island}
      id="site-header"
      data-scrolled="false"
      className="sticky top-0 z-40 border-b border-transparent bg-white/70 backdrop-blur transition-colors duration-200 data-[scrolled=true]:border-gray-200 data-[scrolled=true]:bg-white/95 data-[scrolled=true]:shadow-sm"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo brandName={site.brandName} home={to("/")} />

        <nav aria-label={t("nav.main")} className="hidden md:block">
          <ul className="flex items-center gap-1">
            <ServicesMenu />
            <li>
              <a href="/blog" className="nav-link">
                {t("nav.blog")}
              </a>
            </li>
            {sectionLinks.map((link) => (
              <li key={link.section}>
                <a {...sectionLink(link.section)} className="nav-link">
                  {t(`nav.${link.label}`)}
                </a>
              </li>
            ))}
            <li>
              <Link to={to("/contact-us")} className="nav-link">
                {t("nav.contact")}
              </Link>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <LanguageSwitch className="nav-link" />
          <Button asChild size="lg" className="hidden shadow-sm md:inline-flex">
            <a {...sectionLink("services")}>{t("nav.getStarted")}</a>
          </Button>
          <button
            type="button"
            data-menu-toggle
            data-label-open={t("nav.openMenu")}
            data-label-close={t("nav.closeMenu")}
            className="group inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-brand-50 md:hidden"
            aria-expanded="false"
            aria-controls="mobile-menu"
            aria-label={t("nav.openMenu")}
          >
            <Menu aria-hidden="true" className="group-aria-expanded:hidden" />
            <X aria-hidden="true" className="hidden group-aria-expanded:block" />
          </button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label={t("nav.mobile")}
        hidden
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-gray-200 bg-white px-4 pb-5 pt-3 shadow-lg md:hidden"
      >
        <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-gray-600">{t("nav.services")}</p>
        <ul>
          {SERVICE_LINKS.map((service) => (
            <li key={service.path}>
              <Link to={to(service.path)} className="mobile-link">
                {t(`services.${service.type}`)}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-2 border-t border-gray-100 pt-2">
          <li>
            <a href="/blog" className="mobile-link">
              {t("nav.blog")}
            </a>
          </li>
          {sectionLinks.map((link) => (
            <li key={link.section}>
              <a {...sectionLink(link.section)} className="mobile-link">
                {t(`nav.${link.label}`)}
              </a>
            </li>
          ))}
          <li>
            <Link to={to("/contact-us")} className="mobile-link">
              {t("nav.contact")}
            </Link>
          </li>
          <li>
            <LanguageSwitch className="mobile-link" />
          </li>
        </ul>
        <Button asChild size="lg" className="mt-3 flex w-full shadow-sm">
          <a {...sectionLink("services")}>{t("nav.getStarted")}</a>
        </Button>
      </nav>
    </header>
  );
}

/** The brand's mark and name; the mark removes itself when it fails to load (app/islands/header.ts). */
function Logo({ brandName, home }: { brandName: string; home: string }) {
  return (
    <Link to={home} className="flex shrink-0 items-center gap-2 rounded-lg text-xl font-extrabold text-brand-600">
      <img data-logo src="/logo.svg" alt="" width={32} height={32} className="size-8" />
      <span>{brandName}</span>
    </Link>
  );
}
