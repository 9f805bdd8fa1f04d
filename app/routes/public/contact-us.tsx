import { ArrowLeft, Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import type { ReactNode } from "react";
import type { Route } from "./+types/contact-us";
import { useIsland } from "~/components/site/use-island";
import { TitledCard } from "~/components/ui/card";
import { servicesContext } from "~/context";
import { formatWhatsappNumber } from "~/domain/content/pages.server";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { PAGE_TITLES } from "~/lib/social-image";
import { useTranslation } from "react-i18next";
import { metaTexts } from "~/locales/meta";
import { useLocalizedPath } from "~/lib/i18n/use-locale";
import { STATIC_PAGE } from "~/lib/page-handle";
import type { PageReads } from "~/domain/public-pages/topics";


/** The same for every visitor: served without React in the browser (ADR 0010). */
export const handle = STATIC_PAGE;

/** The shop's contacts and grievance officer. */
export const reads: PageReads = ["settings"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = await context.get(servicesContext).settings.get();
  const whatsappDigits = s.whatsappNumber.replace(/\D/g, "");
  const { t } = metaTexts(new URL(request.url).pathname);
  const message = t("policies:contact.whatsappText", { brand: s.brandName });
  return {
    brandName: s.brandName,
    merchantName: s.merchantName,
    location: s.location,
    supportEmail: s.supportEmail,
    supportPhone: s.supportPhone,
    whatsappDisplay: formatWhatsappNumber(s.whatsappNumber),
    whatsappUrl: whatsappDigits ? `https://wa.me/${whatsappDigits}?text=${encodeURIComponent(message)}` : null,
    grievance: {
      name: s.grievanceOfficerName,
      designation: s.grievanceOfficerDesignation,
      contact: s.grievanceOfficerContact,
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const { t, locale, image } = metaTexts(location.pathname);
  const title = locale === "en" ? PAGE_TITLES["contact-us"] : t("policies:contact.title");
  return seoMeta({
    title: `${title} | ${site.brandName}`,
    image: image("contact-us", title),
    description: t("policies:contact.description", { brand: site.brandName }),
    path: "/contact-us",
    locale,
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
  });
};

export default function ContactUs({ loaderData: c }: Route.ComponentProps) {
  const { t } = useTranslation("policies");
  const to = useLocalizedPath();
  // Back within the shop when we came from one of its pages; home when this was the first page opened.
  const backLink = useIsland<HTMLAnchorElement>("back-link");
  const isEmail = c.grievance.contact.includes("@");
  return (
    <main id="main" className="px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <Link {...backLink} to={to("/")} className="inline-flex items-center gap-1.5 rounded-lg py-2 font-semibold text-brand-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("contact.back")}
        </Link>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{t("contact.title")}</h1>
        <p className="mt-3 text-lg leading-relaxed text-gray-700">
          {t("contact.intro")}
        </p>

        <div className="mt-8 grid gap-4 sm:grid-cols-2">
          {c.whatsappUrl && (
            <a
              href={c.whatsappUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-3 rounded-2xl bg-[#0f7a3d] p-5 font-bold text-white shadow-sm hover:bg-[#0c6532]"
            >
              <MessageCircle aria-hidden="true" className="size-7 shrink-0" />
              <span>
                {t("contact.whatsapp")}
                <span className="block text-sm font-normal">{c.whatsappDisplay}</span>
              </span>
            </a>
          )}
          <a
            href={`mailto:${c.supportEmail}?subject=${encodeURIComponent(t("contact.emailSubject"))}`}
            className="flex items-center gap-3 rounded-2xl border-2 border-brand-600 p-5 font-bold text-brand-700 hover:bg-brand-50"
          >
            <Mail aria-hidden="true" className="size-7 shrink-0" />
            <span>
              {t("contact.email", { email: c.supportEmail })}
              <span className="block text-sm font-normal text-gray-700">{t("contact.emailReply")}</span>
            </span>
          </a>
        </div>
        <p className="mt-4 flex items-center gap-2 text-gray-700">
          <Phone aria-hidden="true" className="size-4" />
          {t("contact.phone")}
          <a href={`tel:${c.supportPhone.replace(/[^\d+]/g, "")}`} className="font-semibold text-brand-700 hover:underline">
            {c.supportPhone}
          </a>
        </p>

        <div className="mt-10 grid gap-6 sm:grid-cols-2">
          <DetailsCard headingId="seller-title" heading={t("contact.seller")}>
              <Detail label={t("contact.businessName")} value={c.merchantName} />
              <Detail label={t("contact.brand")} value={c.brandName} />
              <Detail label={t("contact.location")} value={c.location} />
              <Detail label={t("contact.emailLabel")} value={c.supportEmail} />
          </DetailsCard>
          <DetailsCard
            headingId="grievance-title"
            heading={t("contact.grievance")}
            note={t("contact.grievanceText")}
            after={
              <p className="mt-3">
                <a href="#report-problem" className="font-semibold text-brand-700 hover:underline">
                  {t("contact.reportLink")}
                </a>
              </p>
            }
          >
              <Detail label={t("contact.name")} value={c.grievance.name} />
              <Detail label={t("contact.designation")} value={c.grievance.designation} />
              <div>
                <dt className="text-sm text-gray-600">{t("contact.contact")}</dt>
                <dd className="font-semibold text-ink">
                  {isEmail ? (
                    <a href={`mailto:${c.grievance.contact}`} className="text-brand-700 hover:underline">
                      {c.grievance.contact}
                    </a>
                  ) : (
                    c.grievance.contact
                  )}
                </dd>
              </div>
          </DetailsCard>
        </div>
        <ReportProblemForm action={to("/track")} />
      </div>
    </main>
  );
}

/**
 * "Report a problem" with the order id and phone, as on /track: a plain form (this page runs no
 * React in the browser) posting to /track, which opens the complaint and shows its ticket number.
 */
function ReportProblemForm({ action }: { action: string }) {
  const { t } = useTranslation("track");
  const field = "mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-base";
  return (
    <TitledCard title={t("complaint.title")} headingId="report-problem-heading" headingClassName="text-lg font-bold text-ink" id="report-problem" padding="lg" shadow="none" className="mt-6 scroll-mt-20">
      <p className="mt-1 text-sm text-gray-700">{t("complaint.hint")}</p>
      <form method="post" action={action} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="complaint" />
        <label className="block font-medium">
          {t("orderId")}
          <input name="orderId" required maxLength={60} autoCapitalize="characters" autoComplete="off" className={field} />
        </label>
        <label className="block font-medium">
          {t("phone")}
          <input name="phone" type="tel" inputMode="tel" autoComplete="tel" required maxLength={20} className={field} />
        </label>
        <label className="block font-medium">
          {t("complaint.label")}
          <textarea name="message" rows={4} required minLength={10} maxLength={1000} className={field} />
        </label>
        <button type="submit" className="w-full rounded-xl bg-brand-600 px-4 py-3 font-bold text-white hover:bg-brand-700">
          {t("complaint.submit")}
        </button>
      </form>
    </TitledCard>
  );
}

/** A card of facts about the shop: a heading over a list of label and value. */
function DetailsCard({
  headingId,
  heading,
  note,
  after,
  children,
}: {
  headingId: string;
  heading: string;
  /** A paragraph under the list. */
  note?: string;
  /** What follows the note (a link on), outside the list. */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TitledCard title={heading} headingId={headingId} headingClassName="text-lg font-bold text-ink" padding="lg" shadow="none">
      <dl className="mt-3 space-y-2 text-gray-700">{children}</dl>
      {note && <p className="mt-3 text-sm leading-relaxed text-gray-700">{note}</p>}
      {after}
    </TitledCard>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-gray-600">{label}</dt>
      {/* The shop's own details from its settings, shown as written (ADR 0009). */}
      <dd className="font-semibold text-ink" data-own-words="">
        {value}
      </dd>
    </div>
  );
}
