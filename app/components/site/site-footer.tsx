import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/lib/i18n/use-locale";
import type { SiteChrome } from "~/domain/content/site.server";
import { SERVICE_LINKS } from "./service-links";

const HELP_LINKS = [
  { to: "/track", label: "track" },
  { to: "/contact-us", label: "contact" },
  // English only, and a different language than a Hindi page's: a new document.
  { to: "/blog", label: "blog", document: true },
] as const;

const POLICY_LINKS = [
  { to: "/terms-of-service", label: "terms" },
  { to: "/privacy-policy", label: "privacy" },
  { to: "/refund-policy", label: "refund" },
  { to: "/delivery-policy", label: "delivery" },
] as const;

type FooterSite = Pick<SiteChrome, "brandName" | "supportEmail" | "supportPhone" | "location">;

export function SiteFooter({ site }: { site: FooterSite }) {
  const { t } = useTranslation("common");
  const to = useLocalizedPath();
  const tel = site.supportPhone.replace(/[^\d+]/g, "");
  return (
    <footer className="bg-ink text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">{site.brandName}</p>
          <p className="mt-2 text-sm leading-relaxed">{t("footer.about")}</p>
          <ul className="mt-4 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <a href={`mailto:${site.supportEmail}`} className="footer-link">
                {site.supportEmail}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              <a href={`tel:${tel}`} className="footer-link">
                {site.supportPhone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              <span data-own-words="">{site.location}</span>
            </li>
          </ul>
        </div>
        <FooterColumn title={t("footer.services")}>
          {SERVICE_LINKS.map((s) => (
            <li key={s.path}>
              <Link to={to(s.path)} className="footer-link">
                {t(`services.${s.type}`)}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title={t("footer.help")}>
          {HELP_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={to(l.to)} reloadDocument={"document" in l} className="footer-link">
                {t(`footer.${l.label}`)}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title={t("footer.policies")}>
          {POLICY_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={to(l.to)} className="footer-link">
                {t(`footer.${l.label}`)}
              </Link>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-gray-400">
          © {new Date().getFullYear()} {site.brandName}. {t("footer.notAffiliated")}
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">{children}</ul>
    </div>
  );
}
