import type { ServiceType } from "~/domain/plans/table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DRIP_FEED_TEXT } from "~/domain/self-service/drip-feed-messages";
import { REFILL_TEXT } from "~/domain/self-service/refill-messages";
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
}

/**
 * The card's ribbon: the plan's one tag, or POPULAR for an untagged plan named
 * "popular" (docs/product.md, Plans shown to buyers).
 */
export function planRibbon(plan: Pick<PlanCardData, "name" | "tag">): string | null {
  const tag = plan.tag?.trim();
  if (tag) return tag.toUpperCase();
  return /popular/i.test(plan.name) ? "POPULAR" : null;
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
  if (plans.length === 0) {
    return (
      <Card asChild padding="lg" shadow="none" className="text-center text-gray-700">
        <p>No packages are available right now. Please check back soon.</p>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={`${noun} packages`}>
      {plans.map((plan) => {
        const ribbon = planRibbon(plan);
        return (
          <Card asChild key={plan.id} className="relative flex flex-col">
            <li>
              {ribbon && (
                <Badge tone="solid" size="md" className="absolute -top-3 right-4 text-xs font-bold tracking-wide">
                  {ribbon}
                </Badge>
              )}
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p className="mt-1 text-gray-700">
                {formatCount(plan.quantity)} {noun}
              </p>
              {(plan.refillDays ?? 0) > 0 && (
                <p className="mt-1 text-sm font-medium text-green-800">{REFILL_TEXT.guarantee(plan.refillDays!)}</p>
              )}
              {(plan.dripRuns ?? 0) > 1 && (
                <p className="mt-1 text-sm text-gray-700">
                  {DRIP_FEED_TEXT.plan(plan.dripRuns!, everyText(plan.dripIntervalMinutes ?? 0))}
                </p>
              )}
              <p className="mt-3 text-2xl font-extrabold text-ink">{formatInr(plan.pricePaise)}</p>
              <Button
                size="lg"
                onClick={() => onChoose(plan)}
                className="mt-4"
                aria-label={`Buy Now: ${plan.name}, ${formatCount(plan.quantity)} ${noun} for ${formatInr(plan.pricePaise)}`}
              >
                Buy Now
              </Button>
            </li>
          </Card>
        );
      })}
    </ul>
  );
}

export function PlanSkeletons() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Loading packages">
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
