import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/lib/i18n/use-locale";
import { SERVICE_LINKS } from "./service-links";

/**
 * The Services disclosure menu of the desktop bar, closed as the server sends
 * it; app/islands/services-menu.ts opens it on hover, click and from the
 * keyboard. Written out rather than taken from a menu library so that the
 * static pages need no React at all.
 */
export function ServicesMenu() {
  const { t } = useTranslation("common");
  const to = useLocalizedPath();
  return (
    <li data-services-menu className="relative">
      <button
        type="button"
        aria-expanded="false"
        aria-controls="services-menu-panel"
        data-state="closed"
        className="nav-link group inline-flex items-center gap-1"
      >
        {t("nav.services")}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-aria-expanded:rotate-180" />
      </button>
      <div id="services-menu-panel" hidden className="absolute left-0 top-full z-50 w-64 pt-2">
        <ul className="rounded-xl border border-gray-200 bg-white p-2 shadow-xl">
          {SERVICE_LINKS.map((service) => (
            <li key={service.path}>
              <Link
                to={to(service.path)}
                data-services-link
                className="block rounded-lg px-3 py-2.5 font-medium text-ink hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50"
              >
                {t(`services.${service.type}`)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
