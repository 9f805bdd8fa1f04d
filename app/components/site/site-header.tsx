import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/lib/i18n/use-locale";
import { LanguageSwitch } from "./language-switch";
import { Button } from "~/components/ui/button";
import type { SiteChrome } from "~/domain/content/site.server";
import { SERVICE_LINKS } from "./service-links";
import { ServicesMenu } from "./services-menu";
import type { HomeSection } from "./sections";
import { useSectionNav } from "./use-section-nav";

const SECTION_LINKS: ReadonlyArray<{
  section: HomeSection;
  label: "howItWorks" | "testimonials" | "faq";
  href: string;
}> = [
  { section: "howItWorks", label: "howItWorks", href: "/#how-it-works" },
  { section: "testimonials", label: "testimonials", href: "/#customer-testimonials" },
  { section: "faq", label: "faq", href: "/#faq" },
];

/** Past this scroll the bar turns more opaque (docs/product.md, Navigation bar). */
const SCROLLED_PX = 20;

export function SiteHeader({ site }: { site: Pick<SiteChrome, "brandName"> & { hasTestimonials?: boolean } }) {
  // No link to a section the home page does not have.
  const sectionLinks = SECTION_LINKS.filter((link) => link.section !== "testimonials" || site.hasTestimonials);
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.key;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.key : null);
  const goToSection = useSectionNav();
  const { t } = useTranslation("common");
  const to = useLocalizedPath();

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLLED_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpenOn(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const onContact = (e: React.MouseEvent) => {
    setMenuOpen(false);
    if (location.pathname === to("/contact-us")) e.preventDefault();
  };
  const onSection = (section: HomeSection) => (e: React.MouseEvent) => {
    setMenuOpen(false);
    goToSection(section, e);
  };

  return (
    <header
      id="site-header"
      data-scrolled={scrolled ? "true" : "false"}
      className={`sticky top-0 z-40 border-b backdrop-blur transition-colors duration-200 ${
        scrolled ? "border-gray-200 bg-white/95 shadow-sm" : "border-transparent bg-white/70"
      }`}
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
                <a href={to(link.href)} className="nav-link" onClick={onSection(link.section)}>
                  {t(`nav.${link.label}`)}
                </a>
              </li>
            ))}
            <li>
              <Link to={to("/contact-us")} className="nav-link" onClick={onContact}>
                {t("nav.contact")}
              </Link>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <LanguageSwitch className="nav-link" />
          <Button asChild size="lg" className="hidden shadow-sm md:inline-flex">
            <a href={to("/#services")} onClick={onSection("services")}>
              {t("nav.getStarted")}
            </a>
          </Button>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-brand-50 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={t(menuOpen ? "nav.closeMenu" : "nav.openMenu")}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label={t("nav.mobile")}
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-gray-200 bg-white px-4 pb-5 pt-3 shadow-lg md:hidden"
      >
        <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-gray-600">{t("nav.services")}</p>
        <ul>
          {SERVICE_LINKS.map((service) => (
            <li key={service.path}>
              <Link to={to(service.path)} className="mobile-link" onClick={() => setMenuOpen(false)}>
                {t(`services.${service.type}`)}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-2 border-t border-gray-100 pt-2">
          <li>
            <a href="/blog" className="mobile-link" onClick={() => setMenuOpen(false)}>
              {t("nav.blog")}
            </a>
          </li>
          {sectionLinks.map((link) => (
            <li key={link.section}>
              <a href={to(link.href)} className="mobile-link" onClick={onSection(link.section)}>
                {t(`nav.${link.label}`)}
              </a>
            </li>
          ))}
          <li>
            <Link to={to("/contact-us")} className="mobile-link" onClick={onContact}>
              {t("nav.contact")}
            </Link>
          </li>
          <li>
            <LanguageSwitch className="mobile-link" />
          </li>
        </ul>
        <Button asChild size="lg" className="mt-3 flex w-full shadow-sm">
          <a href={to("/#services")} onClick={onSection("services")}>
            {t("nav.getStarted")}
          </a>
        </Button>
      </nav>
    </header>
  );
}

function Logo({ brandName, home }: { brandName: string; home: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // An error before hydration fires no React event, so check the image once mounted too.
  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <Link to={home} className="flex shrink-0 items-center gap-2 rounded-lg text-xl font-extrabold text-brand-600">
      {!failed && (
        <img
          ref={image}
          src="/logo.svg"
          alt=""
          width={32}
          height={32}
          className="size-8"
          onError={() => setFailed(true)}
        />
      )}
      <span>{brandName}</span>
    </Link>
  );
}
