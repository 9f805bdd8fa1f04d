import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import type { SiteChrome } from "~/domain/content/site.server";
import { SERVICE_LINKS } from "./service-links";

const HELP_LINKS = [
  { to: "/track", label: "Track your order" },
  { to: "/contact-us", label: "Contact Us" },
  { to: "/blog", label: "Blog", document: true },
] as const;

const POLICY_LINKS = [
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/refund-policy", label: "Refund Policy" },
  { to: "/delivery-policy", label: "Delivery Policy" },
] as const;

type FooterSite = Pick<SiteChrome, "brandName" | "supportEmail" | "supportPhone" | "location">;

export function SiteFooter({ site }: { site: FooterSite }) {
  const tel = site.supportPhone.replace(/[^\d+]/g, "");
  return (
    <footer className="bg-ink text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">{site.brandName}</p>
          <p className="mt-2 text-sm leading-relaxed">
            Instagram followers, likes, views and comments for creators and small businesses in India, paid by UPI.
          </p>
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
              <span>{site.location}</span>
            </li>
          </ul>
        </div>
        <FooterColumn title="Services">
          {SERVICE_LINKS.map((s) => (
            <li key={s.path}>
              <Link to={s.path} className="footer-link">
                {s.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Help">
          {HELP_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} reloadDocument={"document" in l} className="footer-link">
                {l.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Policies">
          {POLICY_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="footer-link">
                {l.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-gray-400">
          © {new Date().getFullYear()} {site.brandName}. Not affiliated with Instagram or Meta Platforms, Inc.
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
