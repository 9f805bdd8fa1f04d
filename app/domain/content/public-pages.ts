import { POLICY_PATHS, SERVICE_PATHS } from "~/lib/i18n/locale";

/** Every indexable public page in English except blog articles (which the sitemap adds itself). */
export const PUBLIC_PAGES = ["/", ...SERVICE_PATHS, "/blog", "/track", "/contact-us", ...POLICY_PATHS] as const;

