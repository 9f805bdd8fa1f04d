import { LOCALES, type Locale, localeCookie } from "~/lib/i18n/locale";
import { listeners } from "./listen";
import { enhanceServicesMenu } from "./services-menu";

/** Past this scroll the bar turns more opaque (docs/product.md, Navigation bar). */
const SCROLLED_PX = 20;

/**
 * The site header's behaviour over its server-rendered markup
 * (app/components/site/site-header.tsx): the bar's look once scrolled, the
 * phone menu, the Services menu, the language switch's memory
 * and the logo's fallback to the brand name. Returns a cleanup.
 */
export function enhanceHeader(header: HTMLElement): () => void {
  const events = listeners();

  const updateScrolled = () => {
    header.dataset.scrolled = window.scrollY > SCROLLED_PX ? "true" : "false";
  };
  updateScrolled();
  events.on(window, "scroll", updateScrolled, { passive: true });

  const toggle = header.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const menu = header.querySelector<HTMLElement>("#mobile-menu");
  const setMenu = (open: boolean) => {
    if (!toggle || !menu) return;
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? "");
  };
  if (toggle && menu) {
    // `hidden` may also be "until-found", which is hidden too.
    events.on(toggle, "click", () => setMenu(menu.hidden !== false));
    events.on(window, "keydown", (e: KeyboardEvent) => {
      if (e.key === "Escape" && !menu.hidden) setMenu(false);
    });
    // Whatever the menu leads to, the menu has done its job.
    events.on(menu, "click", (e: MouseEvent) => {
      if ((e.target as Element).closest("a")) setMenu(false);
    });
  }

  for (const link of header.querySelectorAll<HTMLAnchorElement>("a[data-switch-locale]")) {
    const locale = link.dataset.switchLocale as Locale;
    if (!LOCALES.includes(locale)) continue;
    // Pages are cached alike for everyone and set no cookies, so the browser writes the choice.
    events.on(link, "click", () => {
      document.cookie = localeCookie(locale);
    });
  }

  const logo = header.querySelector<HTMLImageElement>("img[data-logo]");
  if (logo) {
    const hide = () => logo.remove();
    // An error before this script ran fired no event we saw: check the image as it is.
    if (logo.complete && logo.naturalWidth === 0) hide();
    else events.on(logo, "error", hide);
  }

  // A bar link to the page already open does nothing (docs/product.md, Navigation bar).
  events.on(header, "click", (e: MouseEvent) => {
    const link = (e.target as Element).closest<HTMLAnchorElement>("a[href]");
    if (!link || link.hash || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    const here = window.location;
    if (link.pathname === here.pathname && link.search === here.search) e.preventDefault();
  });

  const menuRoot = header.querySelector<HTMLElement>("[data-services-menu]");
  if (menuRoot) events.add(enhanceServicesMenu(menuRoot));
  return events.cleanup;
}
