import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import type { SiteChrome } from "~/domain/content/site.server";
import { SERVICE_LINKS } from "./service-links";
import { ServicesMenu } from "./services-menu";
import type { HomeSection } from "./sections";
import { useSectionNav } from "./use-section-nav";

const SECTION_LINKS: ReadonlyArray<{ section: HomeSection; label: string; href: string }> = [
  { section: "howItWorks", label: "How It Works", href: "/#how-it-works" },
  { section: "testimonials", label: "Testimonials", href: "/#customer-testimonials" },
  { section: "faq", label: "FAQ", href: "/#faq" },
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
    if (location.pathname === "/contact-us") e.preventDefault();
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
        <Logo brandName={site.brandName} />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <ServicesMenu />
            <li>
              <a href="/blog" className="nav-link">
                Blog
              </a>
            </li>
            {sectionLinks.map((link) => (
              <li key={link.section}>
                <a href={link.href} className="nav-link" onClick={onSection(link.section)}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <Link to="/contact-us" className="nav-link" onClick={onContact}>
                Contact Us
              </Link>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <Button asChild size="lg" className="hidden shadow-sm md:inline-flex">
            <a href="/#services" onClick={onSection("services")}>
              Get Started
            </a>
          </Button>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-brand-50 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-gray-200 bg-white px-4 pb-5 pt-3 shadow-lg md:hidden"
      >
        <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-gray-600">Services</p>
        <ul>
          {SERVICE_LINKS.map((service) => (
            <li key={service.path}>
              <Link to={service.path} className="mobile-link" onClick={() => setMenuOpen(false)}>
                {service.label}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-2 border-t border-gray-100 pt-2">
          <li>
            <a href="/blog" className="mobile-link" onClick={() => setMenuOpen(false)}>
              Blog
            </a>
          </li>
          {sectionLinks.map((link) => (
            <li key={link.section}>
              <a href={link.href} className="mobile-link" onClick={onSection(link.section)}>
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <Link to="/contact-us" className="mobile-link" onClick={onContact}>
              Contact Us
            </Link>
          </li>
        </ul>
        <Button asChild size="lg" className="mt-3 flex w-full shadow-sm">
          <a href="/#services" onClick={onSection("services")}>
            Get Started
          </a>
        </Button>
      </nav>
    </header>
  );
}

function Logo({ brandName }: { brandName: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // An error before hydration fires no React event, so check the image once mounted too.
  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg text-xl font-extrabold text-brand-600">
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
