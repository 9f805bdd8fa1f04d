import type { ServiceType } from "~/domain/panel/service-types";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/i18n/use-locale";
import { useHydrated } from "~/lib/use-hydrated";
import { formatCount, formatInr } from "~/lib/money";
import { everyText } from "./self-service";

export interface PlanCardData {
  id: number;
  serviceType: ServiceType;
  name: string;
  quantity: number;
  pricePaise: number;
  tag: string | null;
  /** Days of refill guarantee; 0 = none. */
  refillDays?: number;
  /** Delivered in this many parts (0 = at once), dripIntervalMinutes apart. */
  dripRuns?: number;
  dripIntervalMinutes?: number;
  /** The buyer writes the comments (exactly `quantity`, one per line). */
  customComments?: boolean;
}

/**
 * The card's ribbon: the plan's one tag, or POPULAR for an untagged plan named
 * "popular" (docs/product.md, Plans shown to buyers).
 */
export function planRibbon(plan: Pick<PlanCardData, "name" | "tag">, popular = "POPULAR"): string | null {
  const tag = plan.tag?.trim();
  if (tag) return tag.toUpperCase();
  return /popular/i.test(plan.name) ? popular : null;
}

export function PlanList({
  plans,
  noun,
  onChoose,
}: {
  plans: PlanCardData[];
  noun: string;
  onChoose: (plan: PlanCardData) => void;
}) {
  const { t } = useTranslation("service");
  const locale = useLocale();
  // Choosing opens the order dialog, which needs React: until it runs, the buttons say so by being disabled.
  const running = useHydrated();
  if (plans.length === 0) {
    return (
      <Card asChild padding="lg" shadow="none" className="text-center text-gray-700">
        <p>{t("plans.none")}</p>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t("plans.label", { noun })}>
      {plans.map((plan) => {
        const ribbon = planRibbon(plan, t("plans.popular"));
        return (
          <Card asChild key={plan.id} className="relative flex flex-col">
            <li>
              {ribbon && (
                <Badge
                  tone="solid"
                  size="md"
                  className="absolute -top-3 right-4 text-xs font-bold tracking-wide"
                  // The operator's own tag, shown as written (ADR 0009).
                  data-own-words={plan.tag?.trim() ? "" : undefined}
                >
                  {ribbon}
                </Badge>
              )}
              <h3 className="text-lg font-semibold" data-own-words="">
                {plan.name}
              </h3>
              <p className="mt-1 text-gray-700">
                {formatCount(plan.quantity, locale)} {noun}
              </p>
              {(plan.refillDays ?? 0) > 0 && (
                <p className="mt-1 text-sm font-medium text-green-800">
                  {t("order:refill.guarantee", { count: plan.refillDays! })}
                </p>
              )}
              {plan.customComments && <p className="mt-1 text-sm text-gray-700">{t("order:comments.plan")}</p>}
              {(plan.dripRuns ?? 0) > 1 && (
                <p className="mt-1 text-sm text-gray-700">
                  {t("order:drip.plan", { runs: plan.dripRuns!, every: everyText(t, plan.dripIntervalMinutes ?? 0) })}
                </p>
              )}
              <p className="mt-3 text-2xl font-extrabold text-ink">{formatInr(plan.pricePaise, locale)}</p>
              <Button
                size="lg"
                disabled={!running}
                onClick={() => onChoose(plan)}
                className="mt-4"
                aria-label={t("plans.buyLabel", {
                  plan: plan.name,
                  count: formatCount(plan.quantity, locale),
                  noun,
                  price: formatInr(plan.pricePaise, locale),
                })}
              >
                {t("plans.buy")}
              </Button>
            </li>
          </Card>
        );
      })}
    </ul>
  );
}

export function PlanSkeletons() {
  const { t } = useTranslation("service");
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label={t("plans.loading")}>
      {[0, 1, 2, 3].map((i) => (
        <Card
          asChild
          key={i}
          shadow="none"
          data-testid="plan-skeleton"
          className="flex h-[188px] flex-col gap-3 bg-transparent"
        >
          <li>
            <div className="h-5 w-2/3 animate-pulse rounded bg-gray-200" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-gray-200" />
            <div className="h-7 w-1/3 animate-pulse rounded bg-gray-200" />
            <div className="mt-auto h-10 animate-pulse rounded-xl bg-gray-200" />
          </li>
        </Card>
      ))}
    </ul>
  );
}
