import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { localeFromPath, localizedPath } from "~/lib/i18n/locale";
import { HOME_SECTIONS, type HomeSection, SCROLL_DELAY_ON_HOME_MS, scrollToSection } from "./sections";

/**
 * Click handler for a link to a home section: on home it scrolls there after
 * 100 ms; elsewhere it goes home with the section's navigation-state flag.
 */
export function useSectionNav() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (section: HomeSection, event?: React.MouseEvent) => {
      if (event && (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)) return;
      event?.preventDefault();
      const { id, flag } = HOME_SECTIONS[section];
      const home = localizedPath("/", localeFromPath(location.pathname));
      if (location.pathname === home) scrollToSection(id, SCROLL_DELAY_ON_HOME_MS);
      else void navigate(home, { state: { [flag]: true } });
    },
    [location.pathname, navigate],
  );
}
