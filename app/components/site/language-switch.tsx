import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { LOCALE_TAGS, isTranslatedPath, localeFromPath, localizedPath } from "~/lib/i18n/locale";

/**
 * A plain link to this page in the other language (a whole new document, so
 * the browser loads that language's texts); app/islands/header.ts remembers
 * the choice in a cookie when it is clicked. Pages with only an English
 * version lead to the other home page.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  const { t } = useTranslation("common");
  const other = localeFromPath(pathname) === "hi" ? "en" : "hi";
  const href = isTranslatedPath(pathname) ? localizedPath(`${pathname}${search}`, other) : localizedPath("/", other);
  return (
    <a
      href={href}
      hrefLang={LOCALE_TAGS[other]}
      lang={LOCALE_TAGS[other]}
      title={t("language.switchLabel")}
      className={className}
      data-testid="language-switch"
      data-switch-locale={other}
    >
      {t("language.switchTo")}
    </a>
  );
}
