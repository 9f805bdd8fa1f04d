import type { ServiceType } from "~/domain/panel/service-types";

/**
 * What a plan promises (a refill guarantee, delivery in parts) against what
 * its panel service supports, as the panel's `services` list says (issue 32,
 * point 3). Pure: the plan dialog's refusals and the services refresh's
 * alerts read the same rule.
 */

export type PlanPromise = "refill" | "dripfeed";

export interface ServiceSupport {
  refill: boolean;
  dripfeed: boolean;
}

export const SUPPORT_MESSAGES = {
  refill: "The SMM panel service for this type does not support refills (refresh its services in Admin → Panels first)",
  dripfeed:
    "The SMM panel service for this type does not support drip-feed (refresh its services in Admin → Panels first)",
} as const;

export const PROMISE_LABELS: Record<PlanPromise, string> = {
  refill: "a refill guarantee",
  dripfeed: "drip-feed delivery",
};

export interface PromisingPlan {
  service_type: ServiceType;
  refill_days: number;
  drip_runs: number;
  custom_comments: number;
  /** The plan's own panel service; null: the one set for its type. */
  panel_service_id: string | null;
  /** Tried when the panel refuses the first: it must keep the plan's promises too. */
  fallback_service_id?: string | null;
}

/** What the plan promises that the service does not support (nothing when it keeps every promise). */
export function brokenPromises(plan: PromisingPlan, support: ServiceSupport): PlanPromise[] {
  const broken: PlanPromise[] = [];
  if (plan.refill_days > 0 && !support.refill) broken.push("refill");
  if (plan.drip_runs > 0 && !support.dripfeed) broken.push("dripfeed");
  return broken;
}
