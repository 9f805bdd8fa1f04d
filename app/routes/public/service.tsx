import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { Await, Link, data, useLocation, useNavigate, useNavigation } from "react-router";
import type { ServiceType } from "~/domain/panel/service-types";
import type { Route } from "./+types/service";
import { useSiteChrome } from "./layout";
import { InstagramInputForm, type StepOneInitial, type TargetValues } from "~/components/buying/instagram-input-form";
import { type PlanCardData, PlanList, PlanSkeletons } from "~/components/buying/plan-list";
import { OrderDialogPending } from "~/components/buying/order-dialog-pending";
import { RecentOrders } from "~/components/buying/recent-orders";
import { serviceForPath } from "~/components/buying/service-content";
import { HowItWorks, TrustBadges, WhyChooseUs } from "~/components/buying/service-info";
import { Button } from "~/components/ui/button";
import { servicesContext } from "~/context";
import { buyerMessageConfig, whatsappReady } from "~/domain/buyer-messages/settings.server";
import { type StepOneResult, readStepOne } from "~/domain/orders/instagram-input";
import { recentOrders } from "~/domain/orders/recent.server";
import { loadDeliveredClaim } from "~/domain/content/site.server";
import type { PageReads } from "~/domain/public-pages/topics";
import { listPlans } from "~/domain/plans/plans.server";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { formatCount } from "~/lib/money";
import { socialImage } from "~/lib/social-image";
import { productLd } from "~/lib/structured-data";
import { JsonLdScripts } from "~/components/site/json-ld";
import { useTranslation } from "react-i18next";
import { metaTexts } from "~/locales/meta";
import { useLocale, useLocalizedPath } from "~/lib/i18n/use-locale";
import { HYDRATE_ON_INTENT, type PageHandle } from "~/lib/page-handle";

/**
 * The order dialog (its form, the API client and its schemas, the dialog
 * primitives: about 45 KB gzip) is of no use until a buyer has given an
 * account and sees the packages. It is fetched when the packages show, well
 * before a package is picked, and is not part of the page's first download.
 */
const OrderDialog = lazy(() =>
  import("~/components/buying/order-dialog").then((module) => ({ default: module.OrderDialog })),
);

/**
 * Read before it is used: React starts at the buyer's first touch or key
 * (ADR 0011). Until then step one is a plain GET form the loader answers, and
 * what the buyer typed is handed to React when it starts. The packages page
 * that form leads to starts React at once: the buyer is choosing.
 */
export const handle: PageHandle = { ...HYDRATE_ON_INTENT, formFields: ["username", "postLink"] };

/**
 * Its packages, its recent orders and the delivered-orders claim; settings: whether WhatsApp updates are offered
 * and whether the order form asks for a billing address (a GSTIN is set).
 */
export const reads: PageReads = ["plans", "orders", "settings"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = serviceForPath(new URL(request.url).pathname);
  if (!content) throw data(null, { status: 404 });
  const { db } = context.get(servicesContext);
  // Awaited: the page's structured data lists every package with its price, for search engines.
  const [rows, recent, deliveredClaim] = await Promise.all([
    listPlans(db, { serviceType: content.type, enabledOnly: true }),
    recentOrders(db, content.type),
    loadDeliveredClaim(db),
  ]);
  const plans: PlanCardData[] = rows.map((r) => ({
    id: r.id,
    serviceType: r.service_type,
    name: r.name,
    quantity: r.quantity,
    pricePaise: r.price_paise,
    refillDays: r.refill_days,
    dripRuns: r.drip_runs,
    dripIntervalMinutes: r.drip_interval_minutes,
    customComments: r.service_type === "comments" && r.custom_comments === 1,
    tag: r.tag,
  }));
  // "Send me order updates on WhatsApp" is offered only while the shop's WhatsApp can take the buyer's messages.
  const whatsappUpdates = whatsappReady(await buyerMessageConfig(db, context.get(servicesContext).config));
  return {
    service: content.type,
    plans,
    recent,
    now: Date.now(),
    step: stepOne(content.type, request),
    whatsappUpdates,
    deliveredClaim,
    // A GST-registered shop's invoices name the buyer: the order form asks for the billing address.
    askBilling: Boolean((await context.get(servicesContext).settings.get()).gstin),
  };
}

/**
 * Step one arrives in the address (`?username=…&postLink=…`): sent by the form
 * itself without JavaScript, or by the app once the browser checked it. The
 * same rules decide here what the page shows; null when nothing was sent.
 */
function stepOne(service: ServiceType, request: Request): StepOneResult | null {
  const params = new URL(request.url).searchParams;
  const username = params.get("username");
  const postLink = params.get("postLink");
  if ((username === null && postLink === null) || params.has(EDIT)) return null;
  return readStepOne(service, { username, postLink });
}

/** `?edit` with the values: step one again, filled in with what the buyer gave ("Change" keeps what was typed). */
const EDIT = "edit";

/** The address of the packages for what step one accepted; with `edit`, of step one filled in with them. */
function packagesPath(path: string, values: TargetValues, edit = false): string {
  const params = new URLSearchParams();
  if (values.username) params.set("username", values.username);
  if (values.postLink) params.set("postLink", values.postLink);
  if (edit) params.set(EDIT, "");
  return `${path}?${params.toString()}`;
}

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const content = serviceForPath(location.pathname);
  if (!content) return [];
  const site = siteFromMatches(matches);
  const { t, locale, image } = metaTexts(location.pathname);
  return seoMeta({
    title: `${t(`service:${content.type}.title`)} | ${site.brandName}`,
    description: t(`service:${content.type}.description`),
    path: content.path,
    locale,
    image: image(content.type, t(`service:${content.type}.title`)),
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const site = useSiteChrome();
  const content = serviceForPath(location.pathname)!;
  const { t } = useTranslation("service");
  const locale = useLocale();
  const to = useLocalizedPath();
  const text = (key: string) => t(`${content.type}.${key}`);
  const noun = text("noun");
  const path = to(content.path);
  const [chosen, setChosen] = useState<PlanCardData | null>(null);

  const step = loaderData.step;
  const values: TargetValues | null =
    step?.kind === "packages"
      ? { username: step.username ?? undefined, postLink: step.postLink ?? undefined }
      : null;
  const sent = new URLSearchParams(location.search);
  const initial: StepOneInitial =
    step?.kind === "error"
      ? {
          username: sent.get("username") ?? undefined,
          postLink: sent.get("postLink") ?? undefined,
          error: { field: step.field, message: step.message },
        }
      : step?.kind === "check"
        ? { username: step.username, postLink: step.postLink ?? undefined, readAs: step.username }
        : { username: sent.get("username") ?? undefined, postLink: sent.get("postLink") ?? undefined };

  // Another service page opens at its top; the first render keeps where the buyer has scrolled to,
  // since React may start well after the page was shown.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    window.scrollTo(0, 0);
  }, [location.pathname]);

  const movingOn = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;

  return (
    <main className="bg-gradient-to-b from-brand-50 to-white">
      <section className="mx-auto max-w-3xl px-4 pt-10 pb-6 text-center">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{text("heading")}</h1>
        <p className="mx-auto mt-3 max-w-xl text-gray-700">{text("intro")}</p>
        <div className="mt-5">
          <TrustBadges deliveredClaim={loaderData.deliveredClaim} deliveryStartMinutes={site.deliveryStartMinutes} />
        </div>
      </section>

      {values ? (
        <section aria-labelledby="packages-title" className="mx-auto max-w-6xl px-4 pb-16">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm">
            <p className="min-w-0 text-sm text-gray-800">
              {values.username && (
                <span className="mr-3">
                  {t("target.account")}
                  <span className="font-semibold">@{values.username}</span>
                </span>
              )}
              {values.postLink && (
                <span className="break-all">
                  {t("target.link")}
                  <span className="font-semibold">{values.postLink}</span>
                </span>
              )}
            </p>
            <Button asChild variant="link" size="inline" className="text-sm">
              <Link to={packagesPath(path, values, true)} replace>
                {t("target.change")}
              </Link>
            </Button>
          </div>
          <h2 id="packages-title" className="mb-6 text-center text-2xl font-bold">
            {t("plans.heading")}
          </h2>
          <Suspense fallback={<PlanSkeletons />}>
            <Await
              resolve={loaderData.plans}
              errorElement={<p className="text-center font-medium text-red-700">{t("plans.failed")}</p>}
            >
              {(plans) => <PlanList plans={plans} noun={noun} onChoose={setChosen} />}
            </Await>
          </Suspense>
          <WhyChooseUs
            points={[
              { title: text("special.title"), text: text("special.text") },
              { title: t("why.password.title"), text: t("why.password.text") },
              { title: t("why.upi.title"), text: t("why.upi.text") },
              { title: text("track.title"), text: text("track.text") },
            ]}
          />
          <HowItWorks
            firstStep={t(
              content.type === "views"
                ? "how.firstPost"
                : content.type === "followers"
                  ? "how.firstUsername"
                  : "how.firstBoth",
            )}
          />
          {/* A package chosen before the dialog's code arrived is answered at once (issue 45). */}
          <Suspense fallback={chosen ? <OrderDialogPending /> : null}>
            <OrderDialog
              plan={chosen}
              noun={noun}
              target={values}
              onClose={() => setChosen(null)}
              offerWhatsapp={loaderData.whatsappUpdates}
              askBilling={loaderData.askBilling}
            />
          </Suspense>
        </section>
      ) : (
        <section className="mx-auto grid max-w-3xl gap-6 px-4 pb-16">
          <InstagramInputForm
            key={`${content.type}${location.search}`}
            service={content.type}
            action={path}
            busy={movingOn}
            initial={initial}
            onComplete={(next) => void navigate(packagesPath(path, next))}
          />
          <RecentOrders service={content.type} noun={noun} initial={loaderData.recent} initialNow={loaderData.now} />
        </section>
      )}
      <JsonLdScripts
        items={[
          productLd(
            site,
            {
              name: text("heading"),
              description: text("description"),
              path,
              image: socialImage(content.type, text("title")),
            },
            loaderData.plans.map((p) => ({ name: `${formatCount(p.quantity, locale)} ${noun}`, pricePaise: p.pricePaise })),
          ),
        ]}
      />
    </main>
  );
}
