import { useTranslation } from "react-i18next";
import { ArrowRight, BadgeCheck } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import type { ProofItem } from "~/domain/social-proof/types";
import { Carousel } from "./carousel";
import { HomeSection } from "./home-section";

/** 2 seconds of confetti on every change of proof item (docs/product.md, Home page). */
const CONFETTI_MS = 2_000;

export function ProofCarousel({ items }: { items: ProofItem[] }) {
  const { t } = useTranslation("home");
  return (
    <HomeSection id="results" headingId="results-title" tone="tinted" width="4xl" copy="proof">
      <div className="mt-10">
        <Carousel
          label={t("proof.label")}
          itemName={t("common:carousel.result")}
          slideClassName="basis-full"
          slides={items.map((item) => (
            <ProofSlide key={item.title} item={item} />
          ))}
          confetti={{ on: "every", ms: CONFETTI_MS }}
        />
      </div>
    </HomeSection>
  );
}

/** The labels the proof-card form suggests, by their English words: said in the page's language, whoever typed them. */
const KNOWN_LABELS: Record<string, string> = {
  before: "before",
  after: "after",
  package: "package",
  "delivery time": "deliveryTime",
  "delivery style": "deliveryStyle",
};

/**
 * A label as the page's language says it when it is one of the known ones;
 * else the operator's own words, marked as such (ADR 0009: their text stays as written).
 */
function Label({ text }: { text: string }) {
  const { t } = useTranslation("home");
  const key = KNOWN_LABELS[text.trim().toLowerCase()];
  return key ? <>{t(`proof.labels.${key}`)}</> : <span data-own-words="">{text}</span>;
}

function ProofSlide({ item }: { item: ProofItem }) {
  const { t } = useTranslation();
  return (
    <Card asChild className="sm:p-8">
      <article>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand" size="sm">
            {t(`service:${item.type}.noun`)}
          </Badge>
          {item.verified && (
            <Badge tone="verified" size="sm">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              {t("home:proof.verified")}
            </Badge>
          )}
        </div>
        <h3 className="mt-3 text-xl font-bold text-ink" data-own-words="">
          {item.title}
        </h3>
        <p className="mt-2 leading-relaxed text-gray-700" data-own-words="">
          {item.description}
        </p>
        <div className="mt-6 grid grid-cols-[1fr_auto_1fr] items-center gap-2 sm:gap-4">
          <ProfileMock label={item.before.label} value={item.before.value} tone="before" />
          <ArrowRight aria-hidden="true" className="size-6 text-brand-600" />
          <ProfileMock label={item.after.label} value={item.after.value} tone="after" />
        </div>
        {item.stats.length > 0 && (
          <dl className="mt-6 grid gap-3 sm:grid-cols-3">
            {item.stats.map((stat) => (
              <div key={stat.label} className="rounded-xl bg-gray-50 px-4 py-3">
                <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">
                  <Label text={stat.label} />
                </dt>
                <dd className="mt-0.5 font-semibold text-ink" data-own-words="">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </article>
    </Card>
  );
}

/** A drawn stand-in for a profile screenshot: avatar, name bars and the figure that changed. */
function ProfileMock({ label, value, tone }: { label: string; value: string; tone: "before" | "after" }) {
  const after = tone === "after";
  return (
    <div
      className={`rounded-xl border p-3 text-center sm:p-4 ${
        after ? "border-brand-500 bg-brand-50" : "border-gray-200 bg-gray-50"
      }`}
    >
      <p className={`text-xs font-bold uppercase tracking-wide ${after ? "text-brand-700" : "text-gray-600"}`}>
        <Label text={label} />
      </p>
      <div aria-hidden="true" className="mx-auto mt-2 flex items-center justify-center gap-2">
        <span className={`size-9 rounded-full ${after ? "ig-ring" : "bg-gray-300"}`} />
        <span className="flex flex-col gap-1">
          <span className="h-1.5 w-12 rounded bg-gray-300" />
          <span className="h-1.5 w-8 rounded bg-gray-200" />
        </span>
      </div>
      <p
        className={`mt-2 text-base font-extrabold sm:text-lg ${after ? "text-brand-700" : "text-ink"}`}
        data-own-words=""
      >
        {value}
      </p>
    </div>
  );
}
